// The users module's public functions for other modules (see docs/ARCHITECTURE.md, "Boundaries").
export {
  contextForToken,
  contextsAtLevel,
  sessionForToken,
  hashToken,
  openSession,
  revokeOtherSessions,
  revokeSession,
  revokeUserSessions,
} from './sessions.ts';
export { assertMayActOn, type ActedOnUser } from './act-on.ts';
export {
  checkPerson,
  companyRolesAndStores,
  findRole,
  mayGiveRole,
  normaliseHeader,
  parseCsvRecords,
  takenEmails,
} from './bulk-rows.ts';
export { userService } from './services.ts';
export { directory, emailsOf, namesOf, roleIdOf, type DirectoryPerson } from './directory.ts';
