/**
 * What the timesheet and report screens (features/hr/timesheets, features/hr/reports) use from the
 * platform, re-exported one level up so those folders need no deep relative imports.
 */
export { api, ApiError, ignoreData } from '../../platform/api.ts';
export { DataTable } from '../../platform/data-table/DataTable.tsx';
export type { DataColumn } from '../../platform/data-table/table-types.ts';
export { downloadCsv } from '../../platform/data-table/export-files.ts';
export { notify } from '../../platform/toasts.ts';
export { hasPermission, useSession } from '../auth/session.ts';
