import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import {
  externalQueueLabels,
  externalQueues,
  tickets,
  ticketStatusMachine,
  type ExternalQueue,
  type Ticket,
} from '@portal/contract/resources/tickets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, Route, Routes, useParams } from 'react-router';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import type { DataColumn } from '../../platform/data-table/table-types.ts';
import { StatusBar, statusLabel } from '../../platform/resources/DocumentPanels.tsx';
import { parseRouteId } from '../../platform/resources/paths.ts';
import { RequirePermission } from '../auth/RequirePermission.tsx';
import { useSignOut } from '../auth/useSignOut.ts';
import { useLiveEvents } from '../hr/live-events.ts';
import { ticketPaths } from './paths.ts';
import { TicketAttachments } from './TicketAttachments.tsx';
import { CommentThread } from './TicketComments.tsx';
import { TicketSlaPanel } from './TicketSlaPanel.tsx';
import {
  EXTERNAL_TICKETS_BASE,
  externalKeys,
  fetchComments,
  fetchExternalTicket,
  fetchExternalTickets,
  postComment,
  ticketKeys,
  uploadCommentFile,
  type CommentFile,
} from './tickets-api.ts';

const PER_PAGE = 25;
const when = (value: string | null) =>
  value
    ? new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
    : '–';

const columns: readonly DataColumn<Ticket>[] = [
  {
    id: 'subject',
    header: 'Ticket',
    value: (row) => `#${row.id} ${row.subject}`,
    cell: (row) => (
      <Link component={RouterLink} to={ticketPaths.externalTicket(row.id)}>
        #{row.id} {row.subject}
      </Link>
    ),
  },
  { id: 'status', header: 'Status', value: (row) => statusLabel(ticketStatusMachine, row.status) },
  { id: 'priority', header: 'Priority', value: (row) => row.priority_name },
  { id: 'store', header: 'Store', value: (row) => row.store_name },
  {
    id: 'sla_due_at',
    header: 'SLA due',
    value: (row) => (row.sla_breached ? 'Breached' : when(row.sla_due_at)),
    filter: false,
  },
  { id: 'assignee', header: 'Assignee', value: (row) => row.assignee_name },
  { id: 'created_at', header: 'Created', value: (row) => when(row.created_at), filter: false },
];

/** The agent's queues: all of their scope, assigned to them, their stores', breached. */
function Queues() {
  const [queue, setQueue] = useState<ExternalQueue>('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const query = { queue, page, per_page: PER_PAGE, ...(search.trim() ? { search } : {}) };
  const list = useQuery({
    queryKey: externalKeys.list(query),
    queryFn: ({ signal }) => fetchExternalTickets(query, signal),
  });
  const counts = list.data?.counts;
  const pages = Math.ceil((list.data?.total ?? 0) / PER_PAGE);
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        My tickets
      </Typography>
      {list.data && (
        <Typography color="text.secondary">
          {list.data.stores.length
            ? `Stores you serve: ${list.data.stores.map((store) => store.name).join(', ')}`
            : 'You serve no store: only tickets assigned to you show here.'}
        </Typography>
      )}
      <Tabs
        value={queue}
        onChange={(_, value: ExternalQueue) => {
          setQueue(value);
          setPage(0);
        }}
        aria-label="Queues"
        variant="scrollable"
      >
        {externalQueues.map((name) => (
          <Tab
            key={name}
            value={name}
            label={`${externalQueueLabels[name]}${counts ? ` (${counts[name]})` : ''}`}
          />
        ))}
      </Tabs>
      <TextField
        size="small"
        label="Search tickets"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(0);
        }}
        sx={{ maxWidth: 360 }}
      />
      <DataTable
        label={externalQueueLabels[queue]}
        reportName="External tickets"
        columns={columns}
        rows={list.data?.results ?? []}
        getRowId={(row) => String(row.id)}
        loading={list.isFetching}
        emptyMessage="No tickets here."
      />
      {pages > 1 && (
        <Pagination count={pages} page={page + 1} onChange={(_, next) => setPage(next - 1)} />
      )}
    </Stack>
  );
}

/** One ticket: the ticket center's status moves, SLA clocks and comments, on the agent's scope. */
function ExternalTicket() {
  const id = parseRouteId(useParams().id);
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: externalKeys.all });
  const ticket = useQuery({
    queryKey: externalKeys.one(id ?? 0),
    queryFn: ({ signal }) => fetchExternalTicket(id ?? 0, signal),
    enabled: id !== null,
  });
  const commentsKey = ['external-tickets', 'comments', id] as const;
  const comments = useQuery({
    queryKey: commentsKey,
    queryFn: ({ signal }) => fetchComments(id ?? 0, signal, EXTERNAL_TICKETS_BASE),
    enabled: id !== null,
  });
  const add = useMutation({
    mutationFn: ({ body, files }: { body: string; files: CommentFile[] }) =>
      postComment(id ?? 0, body, EXTERNAL_TICKETS_BASE, files),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: commentsKey });
      await client.invalidateQueries({ queryKey: ticketKeys.attachments(id ?? 0) });
    },
  });
  if (ticket.isError)
    return <Typography role="alert">{ticket.error.message || 'Ticket not found'}</Typography>;
  const row = ticket.data;
  if (!row || id === null) return null;
  const closed = row.status === 'closed';
  const facts: [string, string | null][] = [
    ['Store', row.store_name],
    ['Priority', row.priority_name],
    ['Type', row.type_name],
    ['Requester', row.requester_name ?? row.requester_email],
    ['Assignee', row.assignee_name],
    ['Created', when(row.created_at)],
  ];
  return (
    <Stack spacing={2}>
      <div>
        <Button component={RouterLink} to={ticketPaths.external}>
          Back to my tickets
        </Button>
      </div>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            #{row.id} {row.subject}
          </Typography>
          <StatusBar
            resource={tickets}
            row={row}
            path={EXTERNAL_TICKETS_BASE}
            onMoved={() => void refresh()}
          />
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{row.detail}</Typography>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, m: 0 }}
          >
            {facts.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {value ?? '–'}
                </Typography>
              </Box>
            ))}
          </Box>
        </Stack>
      </Paper>
      <TicketSlaPanel
        id={id}
        status={row.status}
        version={row.updated_at}
        canWrite
        base={EXTERNAL_TICKETS_BASE}
        onChanged={() => void refresh()}
      />
      <TicketAttachments id={id} canWrite={!closed} base={EXTERNAL_TICKETS_BASE} />
      <CommentThread
        comments={comments.data ?? []}
        onAdd={closed ? undefined : (body, files) => add.mutateAsync({ body, files })}
        onUpload={(file) => uploadCommentFile(id, file, EXTERNAL_TICKETS_BASE)}
        busy={add.isPending}
        error={add.error?.message ?? null}
        closedNote={closed ? 'This ticket is closed.' : undefined}
      />
    </Stack>
  );
}

/**
 * /external/ticket-center/*: call-center staff working tickets from outside the company, in a
 * reduced frame (no sidebar, no company menus): their queues and the ticket screens. The server
 * keeps them to the tickets assigned to them or at their stores.
 */
export function ExternalTicketCenterPage() {
  const signOut = useSignOut();
  const client = useQueryClient();
  // A ticket changed by anyone (the server tells agents only that one did): what is shown refreshes.
  useLiveEvents((event) => {
    if (event.type !== 'ticket.changed' && event.type !== 'ready') return;
    void client.invalidateQueries({ queryKey: externalKeys.all });
    void client.invalidateQueries({ queryKey: ['tickets'] });
  });
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="static" color="primary" enableColorOnDark>
        <Toolbar sx={{ gap: 2 }}>
          <Typography variant="h6" component="p" sx={{ flexGrow: 1 }}>
            External Ticket Center
          </Typography>
          {/* Call-center staff reach this frame from the portal's menu too: the way back. */}
          <Button color="inherit" component={RouterLink} to="/">
            Back to the portal
          </Button>
          <Button color="inherit" onClick={() => void signOut()}>
            Sign out
          </Button>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ py: 3 }}>
        <RequirePermission permission="work_external_tickets">
          <Routes>
            <Route index element={<Queues />} />
            <Route path=":id" element={<ExternalTicket />} />
          </Routes>
        </RequirePermission>
      </Container>
    </Box>
  );
}
