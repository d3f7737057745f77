// The hr module's public functions for other modules (docs/ARCHITECTURE.md, "Boundaries").
export { loginClockFieldsFor } from './login-fields.ts';
export { findStore, getCompanySettings, listBreakSettings } from './settings.ts';
export { clockIn, clockOut, currentScheduleId, endBreak, sessionOf, startBreak } from './clock.ts';
export { mayClockAt, worksAt } from './store-access.ts';
export { getEmployee } from './employees.ts';
export { currentStaff, type StaffMember, type StaffQuery } from './store-access.ts';
export { supervisorsOf } from './org.ts';
export { daySnapshot, type DayRow } from './snapshot.ts';
