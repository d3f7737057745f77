// Every table, for drizzle-kit and the typed database handle. Each module owns its schema file.
export * from '../modules/organisation/schema.ts';
export * from '../modules/access/schema.ts';
export * from '../modules/users/schema.ts';
export * from '../modules/navigation/schema.ts';
export * from '../modules/auth/schema.ts';
export * from '../modules/mail/schema.ts';
export * from '../modules/assignments/schema.ts';
export * from '../modules/catalog/schema.ts';
export * from '../modules/support/schema.ts';
export * from '../modules/billing/schema.ts';
export * from '../modules/company/schema.ts';
export * from '../modules/fields/schema.ts';
export * from '../modules/shell/schema.ts';
export * from '../modules/hr/schema.ts';
export * from '../modules/timeoff/schema.ts';
export * from '../modules/timesheets/schema.ts';
export * from '../modules/hr-kiosk/schema.ts';
