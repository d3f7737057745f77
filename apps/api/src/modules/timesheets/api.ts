// The timesheets module's public functions for other modules (docs/ARCHITECTURE.md, "Boundaries").
export { addDays, localDate, payPeriodOf, weekStartOf } from './arithmetic.ts';
export { computeTimesheets } from './compute.ts';
export { correctionRequestsOf } from './my-corrections.ts';
