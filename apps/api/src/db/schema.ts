// Every table, for drizzle-kit and the typed database handle. Each module owns its schema file.
export * from '../modules/organisation/schema.ts';
export * from '../modules/access/schema.ts';
export * from '../modules/users/schema.ts';
export * from '../modules/navigation/schema.ts';
export * from '../modules/auth/schema.ts';
export * from '../modules/mail/schema.ts';
export * from '../modules/hr/schema.ts';
