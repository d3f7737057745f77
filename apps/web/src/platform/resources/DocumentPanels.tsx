import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  historyEntrySchema,
  transitionsFrom,
  type HistoryEntry,
  type StatusMachine,
} from '@portal/contract/resource';
import { dollars } from '@portal/contract/resources/sales';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod';
import { api } from '../api.ts';
import { DataTable } from '../data-table/DataTable.tsx';
import type { DataColumn } from '../data-table/table-types.ts';
import { notify } from '../toasts.ts';
import { buildColumns, formatDate } from './columns.tsx';
import { isRecord } from '../is-record.ts';
import { failureMessage, successMessage } from './outcome.ts';
import { rowParser, type AnyResource, type ResourceRow } from './resource-api.ts';
import { resourceKeys } from './query-keys.ts';
import type { ResourceUi } from './ui.ts';
import { useInvalidateResource } from './use-resource.ts';

/** Integer cents of a row's field as money (the contract's `dollars`); nothing for a missing amount. */
export function formatCents(value: unknown): string | null {
  return typeof value === 'number' ? dollars(value) : null;
}

const statusOf = (row: ResourceRow): string => (typeof row.status === 'string' ? row.status : '');

/** Whether a row of a resource with statuses may still be edited or deleted (its editable states). */
export function isEditable(resource: AnyResource, row: ResourceRow): boolean {
  const editableIn: readonly string[] | undefined = resource.statuses?.editableIn;
  return !editableIn || editableIn.includes(statusOf(row));
}

/** A status's label from the machine (Pending Shipment), else the raw state. */
export function statusLabel(machine: StatusMachine, status: string): string {
  return machine.labels[status] ?? status;
}

/**
 * A document's status and the moves the caller may make now: one button per state in the row's
 * `allowed_transitions` (the server decides them), labelled by the machine's transition.
 */
export function StatusBar({
  resource,
  row,
  path = resource.path,
  onMoved,
}: {
  resource: AnyResource;
  row: ResourceRow;
  /** where the row's moves go when not the resource's path (the external ticket center's) */
  path?: string;
  onMoved?: () => void;
}) {
  const machine = resource.statuses;
  const invalidate = useInvalidateResource(resource);
  const move = useMutation({
    mutationFn: (to: string) =>
      api.post(`${path}/${row.id}/transition`, { to }, rowParser(resource)),
    onSuccess: (reply) => notify.success(successMessage(reply, machine?.messages.moved ?? '')),
    onError: (error) => notify.danger(failureMessage(error, machine?.messages.notMoved ?? '')),
    onSettled: () => {
      invalidate();
      onMoved?.();
    },
  });
  if (!machine) return null;
  const status = statusOf(row);
  const allowed = Array.isArray(row.allowed_transitions)
    ? row.allowed_transitions.filter((to): to is string => typeof to === 'string')
    : [];
  const moves = transitionsFrom(machine, status).filter((move) => allowed.includes(move.to));
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center' }}
      aria-label="Status"
      role="group"
    >
      <Typography color="text.secondary">Status</Typography>
      <Chip label={statusLabel(machine, status)} color="primary" variant="outlined" />
      {moves.map((transition) => (
        <Button
          key={transition.to}
          variant="outlined"
          size="small"
          disabled={move.isPending}
          onClick={() => move.mutate(transition.to)}
        >
          {transition.label}
        </Button>
      ))}
    </Stack>
  );
}

/** The server's totals of a document (subtotal, tax, total), as declared by the screen. */
export function DocumentTotals({ ui, row }: { ui: ResourceUi; row: ResourceRow }) {
  if (!ui.totals?.length) return null;
  return (
    <Box
      component="dl"
      aria-label="Totals"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content max-content',
        justifyContent: 'end',
        columnGap: 3,
        rowGap: 0.5,
        m: 0,
      }}
    >
      {ui.totals.map((total) => (
        <Box key={total.field} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {total.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: 600 }}>
            {formatCents(row[total.field]) ?? '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A document's lines as the server priced them, with its totals under them. */
export function LinesPanel({ ui, row }: { ui: ResourceUi; row: ResourceRow }) {
  const lines = useMemo(
    () =>
      (Array.isArray(row.lines) ? row.lines : []).filter(
        (line): line is ResourceRow => isRecord(line) && typeof line.id === 'number',
      ),
    [row.lines],
  );
  const columns = useMemo(
    () =>
      ui.lines
        ? buildColumns(
            { ...ui, columns: ui.lines.columns, resource: { ...ui.resource, queryFields: [] } },
            new Map(),
            false,
            new Set(),
          ).filter((column) => column.header !== 'Status')
        : [],
    [ui],
  );
  const label = ui.resource.lines?.label.many ?? 'Lines';
  return (
    <Stack spacing={2}>
      <DataTable
        columns={columns}
        rows={lines}
        getRowId={(line) => String(line.id)}
        reportName={`${ui.resource.label.one} ${row.id} ${label}`}
        label={label}
      />
      <DocumentTotals ui={ui} row={row} />
    </Stack>
  );
}

const historyReply = z.array(historyEntrySchema);

const actionText = (entry: HistoryEntry, resource: AnyResource): string => {
  const machine = resource.statuses;
  if (entry.action === 'transition' && machine)
    return `${statusLabel(machine, entry.from_status ?? '')} → ${statusLabel(machine, entry.to_status ?? '')}`;
  const action = resource.actions?.[entry.action];
  if (action) return action.label;
  return entry.action.charAt(0).toUpperCase() + entry.action.slice(1);
};

const changedFields = (entry: HistoryEntry): string =>
  entry.after && typeof entry.after === 'object' ? Object.keys(entry.after).join(', ') : '';

/** The History tab: who did what and when (newest first), from GET {path}/{id}/history. */
export function HistoryPanel({ resource, id }: { resource: AnyResource; id: number }) {
  const history = useQuery({
    queryKey: [...resourceKeys(resource.name).detail(id), 'history'],
    queryFn: ({ signal }) => api.get(`${resource.path}/${id}/history`, historyReply, { signal }),
  });
  const columns = useMemo(
    (): DataColumn<HistoryEntry>[] => [
      {
        id: 'created_at',
        header: 'When',
        value: (entry) =>
          formatDate(entry.created_at)
            ? `${formatDate(entry.created_at)} ${new Date(entry.created_at).toLocaleTimeString()}`
            : entry.created_at,
      },
      { id: 'user_name', header: 'Who', value: (entry) => entry.user_name ?? '' },
      { id: 'action', header: 'What', value: (entry) => actionText(entry, resource) },
      { id: 'changed', header: 'Changed', value: changedFields },
      { id: 'note', header: 'Note', value: (entry) => entry.note ?? '' },
    ],
    [resource],
  );
  return (
    <DataTable
      columns={columns}
      rows={history.data?.data ?? []}
      getRowId={(entry) => String(entry.id)}
      reportName={`${resource.label.one} ${id} history`}
      label="History"
      loading={history.isPending}
    />
  );
}
