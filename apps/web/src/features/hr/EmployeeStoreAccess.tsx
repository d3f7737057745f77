import Chip from '@mui/material/Chip';
import { storeAccessResource, type StoreAccess } from '@portal/contract/hr-records';
import { stores } from '@portal/contract/resources/organisation';
import { useMemo } from 'react';
import { ResourcePanel } from '../../platform/resources/ResourcePanel.tsx';
import type { ResourceRow } from '../../platform/resources/resource-api.ts';
import { defineResourceUi, type ResourceEnv } from '../../platform/resources/ui.ts';
import { hasPermission } from '../auth/session.ts';
import { today as localToday } from './timesheets/timesheets-api.ts';

const env: ResourceEnv = { can: hasPermission };

const statusOptions = [
  { value: 'active', label: 'Active' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'expired', label: 'Expired' },
] as const satisfies readonly { value: StoreAccess['status']; label: string }[];
const statusLabel = (row: ResourceRow) =>
  statusOptions.find((option) => option.value === row.status)?.label ?? '';

const storeName = (row: ResourceRow) => (typeof row.name === 'string' ? row.name : `#${row.id}`);

/**
 * Clocking rights at another store for a date range: the store kiosk honours them while today is
 * inside the range, and they end by themselves. The engine's panel of the parent-scoped
 * `/employees/:id/store-access` (grant above, the grants with Delete below).
 */
export function EmployeeStoreAccess({
  userId,
  ownStore,
}: {
  userId: number;
  ownStore: number | null;
}) {
  const ui = useMemo(
    () =>
      defineResourceUi({
        resource: storeAccessResource,
        paths: { list: `/employees/edit/${userId}` },
        mode: 'client',
        emptyMessage: 'No temporary store access.',
        defaults: { starts_on: localToday(), ends_on: localToday() },
        columns: [
          { field: 'store_name', header: 'Store' },
          { field: 'starts_on', header: 'From' },
          { field: 'ends_on', header: 'To' },
          {
            field: 'status',
            header: 'Status',
            kind: 'option',
            options: statusOptions,
            cell: (row) => (
              <Chip
                size="small"
                color={row.status === 'active' ? 'success' : 'default'}
                label={statusLabel(row)}
              />
            ),
          },
          { field: 'note', header: 'Note' },
          { field: 'granted_by_name', header: 'Granted by' },
        ],
        fields: [
          {
            name: 'store_id',
            label: 'Store',
            kind: 'reference',
            // Any store but the employee's own, where they clock anyway.
            reference: {
              resource: stores,
              label: storeName,
              sort: 'name',
              offer: (row) => row.id !== ownStore,
            },
          },
          { name: 'starts_on', label: 'From', kind: 'date' },
          { name: 'ends_on', label: 'To', kind: 'date' },
          { name: 'note', label: 'Note', kind: 'text' },
        ],
      }),
    [userId, ownStore],
  );
  return (
    <ResourcePanel
      ui={ui}
      env={env}
      parentId={userId}
      add={{ form: 'Grant store access', submit: 'Grant access' }}
    />
  );
}
