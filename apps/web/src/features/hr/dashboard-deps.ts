/**
 * What the time off and dashboard screens (features/hr/timeoff, features/hr/dashboard) use from
 * the platform, re-exported one level up so those folders need no deep relative imports.
 */
export {
  api,
  ApiError,
  ignoreData,
  leaveSession,
  SESSION_EXPIRED_STATUS,
} from '../../platform/api.ts';
export { DataTable } from '../../platform/data-table/DataTable.tsx';
export type { DataColumn } from '../../platform/data-table/table-types.ts';
export { notify } from '../../platform/toasts.ts';
export { readStored } from '../../platform/storage.ts';
export { hasPermission, useSession } from '../auth/session.ts';
export { autoClockedOutQuery, clockApi, clockQueryKeys } from './clock-api.ts';
