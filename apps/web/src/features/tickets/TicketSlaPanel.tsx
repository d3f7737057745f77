import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { slaClockLabels, type SlaClockState } from '@portal/contract/resources/tickets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useInvalidateResource } from '../../platform/resources/use-resource.ts';
import { notify } from '../../platform/toasts.ts';
import { tickets } from '@portal/contract/resources/tickets';
import { timeLeft } from './SlaTrackerPage.tsx';
import { fetchSla, slaKeys, TICKETS_BASE, waitTicket } from './tickets-api.ts';

const stateLabels: Record<SlaClockState['state'], string> = {
  idle: 'Not started',
  running: 'Running',
  paused: 'Paused',
  stopped: 'Met',
};
const when = (value: string | null) =>
  value
    ? new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
    : '–';
const minutes = (value: number) => `${Math.round(value)} min`;

/** Pending with a reason: the clocks pause until the ticket is worked again. */
function WaitForm({ id, base, onDone }: { id: number; base: string; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const wait = useMutation({
    mutationFn: () => waitTicket(id, reason, base),
    onSuccess: (reply) => {
      notify.success(reply.message);
      setReason('');
      onDone();
    },
  });
  return (
    <Stack
      component="form"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      onSubmit={(event) => {
        event.preventDefault();
        wait.mutate();
      }}
    >
      <TextField
        size="small"
        label="Waiting for"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={wait.isError}
        helperText={wait.error?.message ?? 'The SLA clocks pause until the ticket is worked again.'}
        sx={{ flexGrow: 1 }}
      />
      <Button type="submit" variant="outlined" loading={wait.isPending}>
        Wait with reason
      </Button>
    </Stack>
  );
}

/** A ticket's SLA clocks (first response, next response, resolution) and why they pause. */
export function TicketSlaPanel({
  id,
  status,
  version,
  canWrite,
  base = TICKETS_BASE,
  onChanged,
}: {
  id: number;
  status: string;
  /** the ticket's updated_at: the clocks are asked again whenever the ticket changes */
  version: string;
  canWrite: boolean;
  /** the API path the ticket's calls go to (the external ticket center's for call-center staff) */
  base?: string;
  /** after a wait: what else to refresh (the ticket center's lists refresh anyway) */
  onChanged?: () => void;
}) {
  const client = useQueryClient();
  const invalidateTickets = useInvalidateResource(tickets);
  const sla = useQuery({
    queryKey: [...slaKeys.ticket(id), version],
    queryFn: ({ signal }) => fetchSla(id, signal, base),
    refetchInterval: 60_000,
  });
  if (!sla.data) return null;
  const data = sla.data;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2">
          SLA
        </Typography>
        <Typography color="text.secondary" variant="body2">
          {data.calendar_note}
        </Typography>
        {data.paused && (
          <Alert severity="info">Paused: {data.pause_reason ?? 'waiting (no reason given)'}</Alert>
        )}
        {/* Seven columns: on a phone the table scrolls in its own box, not the page. */}
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="SLA clocks">
            <TableHead>
              <TableRow>
                <TableCell>Clock</TableCell>
                <TableCell>State</TableCell>
                <TableCell>Target</TableCell>
                <TableCell>Spent</TableCell>
                <TableCell>Paused</TableCell>
                <TableCell>Due</TableCell>
                <TableCell>Time left</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.clocks.map((clock) => (
                <TableRow key={clock.clock}>
                  <TableCell>{slaClockLabels[clock.clock]}</TableCell>
                  <TableCell>
                    {stateLabels[clock.state]}{' '}
                    {clock.breached && <Chip size="small" color="error" label="Breached" />}
                  </TableCell>
                  <TableCell>
                    {clock.target_minutes === null ? 'None' : minutes(clock.target_minutes)}
                  </TableCell>
                  <TableCell>{minutes(clock.elapsed_minutes)}</TableCell>
                  <TableCell>{minutes(clock.paused_minutes)}</TableCell>
                  <TableCell>{when(clock.due_at)}</TableCell>
                  <TableCell>{timeLeft(clock.minutes_left)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        {canWrite && status === 'open' && (
          <WaitForm
            id={id}
            base={base}
            onDone={() => {
              void client.invalidateQueries({ queryKey: slaKeys.ticket(id) });
              invalidateTickets();
              onChanged?.();
            }}
          />
        )}
      </Stack>
    </Paper>
  );
}
