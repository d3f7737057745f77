import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ticketStatusMachine, type TicketDashboard } from '@portal/contract/resources/tickets';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import type { DataColumn } from '../../platform/data-table/table-types.ts';
import { statusLabel } from '../../platform/resources/DocumentPanels.tsx';
import { RequirePermission } from '../auth/RequirePermission.tsx';
import { hasPermission } from '../auth/session.ts';
import { useLiveEvents } from '../hr/live-events.ts';
import { ticketPaths } from './paths.ts';
import { fetchDashboard, ticketKeys } from './tickets-api.ts';

type Row = TicketDashboard['my_queue'][number];
const when = (value: string) =>
  new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const columns: readonly DataColumn<Row>[] = [
  {
    id: 'subject',
    header: 'Ticket',
    value: (row) => `#${row.id} ${row.subject}`,
    cell: (row) => (
      <Link component={RouterLink} to={`/task-center/${row.id}`}>
        #{row.id} {row.subject}
      </Link>
    ),
  },
  { id: 'status', header: 'Status', value: (row) => statusLabel(ticketStatusMachine, row.status) },
  { id: 'priority', header: 'Priority', value: (row) => row.priority_name },
  { id: 'store', header: 'Store', value: (row) => row.store_name },
  {
    id: 'requester',
    header: 'Requester',
    value: (row) => row.requester_name ?? row.requester_email,
  },
  { id: 'sent_from', header: 'Sent from', value: (row) => row.sent_from_route, hidden: true },
  { id: 'created_at', header: 'Created', value: (row) => when(row.created_at), filter: false },
];

function Queue({
  title,
  rows,
  loading,
}: {
  title: string;
  rows: readonly Row[];
  loading: boolean;
}) {
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <DataTable
        label={title}
        reportName={title}
        columns={columns}
        rows={rows}
        getRowId={(row) => String(row.id)}
        loading={loading}
        emptyMessage="Nothing here."
      />
    </Stack>
  );
}

function Dashboard() {
  const client = useQueryClient();
  const board = useQuery({
    queryKey: ticketKeys.dashboard,
    queryFn: ({ signal }) => fetchDashboard(signal),
  });
  useLiveEvents((event) => {
    if (event.type === 'ticket.changed' || event.type === 'ready')
      void client.invalidateQueries({ queryKey: ticketKeys.dashboard });
  });
  const counts = board.data?.counts;
  const figures = [
    { label: 'My queue', value: counts?.my_queue },
    { label: 'Unassigned', value: counts?.unassigned },
    { label: 'Open', value: counts?.open },
  ];
  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Ticket Center
        </Typography>
        <Button component={RouterLink} to={ticketPaths.tickets.list}>
          All tickets
        </Button>
        {hasPermission('write_tickets') && ticketPaths.tickets.create && (
          <Button variant="contained" component={RouterLink} to={ticketPaths.tickets.create}>
            New ticket
          </Button>
        )}
      </Stack>
      <Grid container spacing={2}>
        {figures.map((figure) => (
          <Grid key={figure.label} size={{ xs: 4 }}>
            <Card variant="outlined">
              <CardContent>
                <Typography color="text.secondary">{figure.label}</Typography>
                <Typography
                  variant="h4"
                  component="p"
                  aria-label={`${figure.label}: ${figure.value ?? 0}`}
                >
                  {figure.value ?? '–'}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Queue title="My queue" rows={board.data?.my_queue ?? []} loading={board.isFetching} />
      <Queue title="Unassigned" rows={board.data?.unassigned ?? []} loading={board.isFetching} />
    </Stack>
  );
}

/** /ticket-center/dashboard: my queue and the unassigned tickets, refreshed live. */
export function TicketCenterPage() {
  return (
    <RequirePermission permission="read_tickets">
      <Dashboard />
    </RequirePermission>
  );
}
