// The users module's extension points (platform/hooks.ts): other modules register work on them
// from their module.ts, so this module needs to know none of them.
import type { Executor } from '../../platform/database.ts';
import { defineHook } from '../../platform/hooks.ts';

/** How a user left: deleted (DELETE /users) or disabled (PATCH /users/disable). */
export type UserRemoval = 'deleted_with_user' | 'deleted_on_disable';

export interface RemovedUser {
  companyId: number;
  userId: number;
  /** who deleted or disabled them */
  actorId: number;
  how: UserRemoval;
}

/**
 * Run in the transaction that deletes or disables a user, so the modules that keep data about a
 * person (hr-face: the face template) remove it.
 */
export const userRemoved = defineHook<[tx: Executor, user: RemovedUser]>('users.removed');

export interface ImportedUser {
  userId: number;
  /** the stores the upload gave, the first being the user's primary store */
  storeIds: number[];
}

/**
 * Run in the transaction of a bulk user upload (POST /user-bulk-upload) with the new users, so the
 * assignments module records their stores.
 */
export const usersImported =
  defineHook<[tx: Executor, companyId: number, users: readonly ImportedUser[]]>('users.imported');

export interface CreatedUser {
  companyId: number;
  userId: number;
}

/**
 * Run in the transaction that creates a user (POST /users, POST /employees/new), so the hr module
 * gives the person their employee record: Users and Employees list the same people.
 */
export const userCreated = defineHook<[tx: Executor, user: CreatedUser]>('users.created');
