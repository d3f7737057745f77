// The mail module's public functions for other modules (docs/ARCHITECTURE.md, "Boundaries").
export { type Mailer, createMailer } from './mailer.ts';
