// The access module's extension points (platform/hooks.ts), registered by other modules' module.ts.
import type { Executor } from '../../platform/database.ts';
import { defineHook } from '../../platform/hooks.ts';

export interface RemovedRole {
  companyId: number;
  roleId: number;
}

/**
 * Run in the transaction that deletes a role, before it goes: a module whose rows hold roles
 * refuses with a 409 (users: "This role is assigned to users").
 */
export const roleRemoving = defineHook<[tx: Executor, role: RemovedRole]>('access.role_removing');
