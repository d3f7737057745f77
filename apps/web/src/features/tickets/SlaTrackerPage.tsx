import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { districts, regions, stores } from '@portal/contract/resources/organisation';
import {
  slaClockLabels,
  ticketStatusMachine,
  type SlaTrackerQuery,
  type SlaTrackerRow,
} from '@portal/contract/resources/tickets';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import type { DataColumn } from '../../platform/data-table/table-types.ts';
import { statusLabel } from '../../platform/resources/DocumentPanels.tsx';
import type { ResourceRow } from '../../platform/resources/resource-api.ts';
import type { Option, ReferenceSource } from '../../platform/resources/ui.ts';
import { useReferenceData } from '../../platform/resources/use-resource.ts';
import { RequirePermission } from '../auth/RequirePermission.tsx';
import { useLiveEvents } from '../hr/live-events.ts';
import { fetchSlaTracker, slaKeys } from './tickets-api.ts';

/** "2 h 5 min left", "45 min overdue". */
export function timeLeft(minutes: number | null): string {
  if (minutes === null) return '–';
  const abs = Math.abs(minutes);
  const text = abs >= 60 ? `${Math.floor(abs / 60)} h ${abs % 60} min` : `${abs} min`;
  return minutes < 0 ? `${text} overdue` : `${text} left`;
}

const when = (value: string | null) =>
  value
    ? new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
    : '–';

const columns: readonly DataColumn<SlaTrackerRow>[] = [
  {
    id: 'ticket',
    header: 'Ticket',
    value: (row) => `#${row.id} ${row.subject}`,
    cell: (row) => (
      <Link component={RouterLink} to={`/task-center/${row.id}`}>
        #{row.id} {row.subject}
      </Link>
    ),
  },
  {
    id: 'left',
    header: 'Time left',
    value: (row) => timeLeft(row.minutes_left),
    cell: (row) => (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <span>{timeLeft(row.minutes_left)}</span>
        {row.breached && <Chip size="small" color="error" label="Breached" />}
        {row.paused && <Chip size="small" label="Paused" />}
      </Stack>
    ),
    filter: false,
  },
  {
    id: 'clock',
    header: 'Clock',
    value: (row) => (row.clock ? slaClockLabels[row.clock] : '–'),
  },
  { id: 'due_at', header: 'Due', value: (row) => when(row.due_at), filter: false },
  { id: 'status', header: 'Status', value: (row) => statusLabel(ticketStatusMachine, row.status) },
  { id: 'priority', header: 'Priority', value: (row) => row.priority_name },
  { id: 'store', header: 'Store', value: (row) => row.store_name },
  { id: 'district', header: 'District', value: (row) => row.district_name },
  { id: 'region', header: 'Region', value: (row) => row.region_name },
  { id: 'assignee', header: 'Assigned to', value: (row) => row.assignee_name },
];

const byName = (row: ResourceRow) => (typeof row.name === 'string' ? row.name : `#${row.id}`);
const places: readonly { key: string; label: string; source: ReferenceSource }[] = [
  { key: 'store_id', label: 'Store', source: { resource: stores, label: byName } },
  { key: 'district_id', label: 'District', source: { resource: districts, label: byName } },
  { key: 'region_id', label: 'Region', source: { resource: regions, label: byName } },
];
const placeSources = places.map((place) => place.source);

function PlaceFilter({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly Option[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 180 }}
    >
      <MenuItem value="">All</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={String(option.value)}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

function Tracker() {
  const client = useQueryClient();
  const choices = useReferenceData(placeSources);
  const [params, setParams] = useSearchParams();
  const set = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const number = (key: string) => {
    const value = Number(params.get(key));
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  const breached = params.get('breached');
  const query: SlaTrackerQuery = {
    store_id: number('store_id'),
    district_id: number('district_id'),
    region_id: number('region_id'),
    breached: breached === 'true' || breached === 'false' ? breached : undefined,
    per_page: 200,
  };
  const tracker = useQuery({
    queryKey: slaKeys.tracker(query),
    queryFn: ({ signal }) => fetchSlaTracker(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
  useLiveEvents((event) => {
    if (event.type === 'ticket.changed' || event.type === 'ready')
      void client.invalidateQueries({ queryKey: ['sla-tracker'] });
  });
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        SLA Tracker
      </Typography>
      <Typography color="text.secondary">
        Active tickets by the SLA clock that falls due first; paused tickets keep the time they had
        left.{' '}
        {tracker.data ? `${tracker.data.total} tickets, ${tracker.data.breached} breached.` : ''}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {places.map((place) => (
          <PlaceFilter
            key={place.key}
            label={place.label}
            options={choices.get(place.source)?.options ?? []}
            value={params.get(place.key) ?? ''}
            onChange={(value) => set(place.key, value)}
          />
        ))}
        <TextField
          select
          size="small"
          label="Breached"
          value={breached ?? ''}
          onChange={(event) => set('breached', event.target.value)}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">All</MenuItem>
          <MenuItem value="true">Breached</MenuItem>
          <MenuItem value="false">Not breached</MenuItem>
        </TextField>
      </Stack>
      <DataTable
        label="SLA Tracker"
        reportName="SLA Tracker"
        columns={columns}
        rows={tracker.data?.results ?? []}
        getRowId={(row) => String(row.id)}
        loading={tracker.isFetching}
        emptyMessage="No ticket has an SLA clock running."
      />
    </Stack>
  );
}

/** /sla-tracker: tickets by SLA time left and breached, by store, district and region. */
export function SlaTrackerPage() {
  return (
    <RequirePermission permission="read_tickets">
      <Tracker />
    </RequirePermission>
  );
}
