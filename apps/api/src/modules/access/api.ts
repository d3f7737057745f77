// The access module's public functions for other modules (see docs/ARCHITECTURE.md, "Boundaries"):
// the rank rule (whom a user may act on, what they may grant) and the roles a caller may give.
export {
  assertMayAssignRole,
  assertMayGrant,
  baseRoleOf,
  callerRank,
  mayActOn,
  mayAssignRoleWith,
  mayGrant,
  permissionsByRole,
  rankMessages,
  rankOf,
} from './rank.ts';
