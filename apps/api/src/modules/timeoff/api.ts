// The timeoff module's public functions for other modules (docs/ARCHITECTURE.md, "Boundaries").
export { balances, listApprovedTimeOff, listRequests, pendingRequestCounts } from './services.ts';
