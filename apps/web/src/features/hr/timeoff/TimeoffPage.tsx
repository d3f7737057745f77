import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FieldErrors } from '@portal/contract/envelope';
import {
  timeoffRequestCreateSchema,
  type TimeoffBalance,
  type TimeoffRequest,
} from '@portal/contract/hr-timeoff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError, hasPermission, notify, readStored } from '../dashboard-deps.ts';
import { useLiveEvents } from '../live-events.ts';
import { timeoffApi, timeoffKeys } from './timeoff-api.ts';
import { TimeoffTypesCard } from './TimeoffTypesCard.tsx';
import { formatHours, formatRange, LiveChip, ReasonDialog, StatusChip } from './timeoff-ui.tsx';
import { storageKeys } from '@portal/contract/storage-keys';

export const TIMEOFF_PATH = '/hr/dashboard/timeoff';
const thisYear = new Date().getFullYear();

/** Refetches time off data when a request is made or decided (this tab or any other). */
export function useLiveTimeoff(onRequest?: (data: Record<string, unknown>) => void) {
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (event.type === 'ready' || event.type.startsWith('timeoff.')) {
      void queryClient.invalidateQueries({ queryKey: timeoffKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['hr', 'dashboard'] });
    }
    if (event.type === 'timeoff.requested') onRequest?.(event.data);
  });
}

export function BalanceCards({ balances }: { balances: readonly TimeoffBalance[] }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
      }}
    >
      {balances.map((balance) => (
        <Card key={balance.type_id} variant="outlined" aria-label={`${balance.type_name} balance`}>
          <CardContent>
            <Typography variant="subtitle2" color="text.secondary">
              {balance.type_name}
              {balance.is_paid ? '' : ' · unpaid'}
            </Typography>
            <Typography variant="h5" component="p">
              {balance.available === null ? 'No limit' : `${balance.available} h`}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {balance.allowance === null
                ? 'no yearly allowance'
                : `available of ${formatHours(balance.allowance)}`}
            </Typography>
            <Typography variant="body2">Approved {formatHours(balance.approved)}</Typography>
            <Typography variant="body2">Pending {formatHours(balance.pending)}</Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

function RequestForm() {
  const queryClient = useQueryClient();
  const types = useQuery({
    queryKey: timeoffKeys.types,
    queryFn: ({ signal }) => timeoffApi.types(signal).then((reply) => reply.data.results),
  });
  const [form, setForm] = useState({
    type_id: '',
    start_date: '',
    end_date: '',
    partial: false,
    hours: '',
    notes: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useMutation({
    mutationFn: timeoffApi.create,
    onSuccess: (reply) => {
      notify.success(reply.message);
      setForm({ type_id: '', start_date: '', end_date: '', partial: false, hours: '', notes: '' });
      setErrors({});
      void queryClient.invalidateQueries({ queryKey: timeoffKeys.all });
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        setErrors(error.fieldErrors);
        notify.danger(error.message);
      }
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = timeoffRequestCreateSchema.safeParse({
      type_id: Number(form.type_id) || 0,
      start_date: form.start_date,
      end_date: form.partial ? form.start_date : form.end_date || form.start_date,
      hours: form.partial ? Number(form.hours) : null,
      notes: form.notes || null,
    });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues)
        (found[issue.path.join('.') || 'form'] ??= []).push(issue.message);
      if (found.type_id) found.type_id = ['Choose a type'];
      setErrors(found);
      return;
    }
    create.mutate(parsed.data);
  };
  const err = (field: string) => errors[field]?.[0];
  const active = types.data?.filter((type) => type.is_active) ?? [];
  return (
    <Card variant="outlined" component="section" aria-labelledby="new-timeoff">
      <CardContent>
        <Typography id="new-timeoff" variant="h6" component="h2" gutterBottom>
          Request time off
        </Typography>
        <Box component="form" noValidate onSubmit={submit}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
            <TextField
              select
              label="Type"
              value={form.type_id}
              onChange={(e) => setForm({ ...form, type_id: e.target.value })}
              error={Boolean(err('type_id'))}
              helperText={err('type_id') ?? ' '}
              sx={{ minWidth: 180 }}
            >
              {active.map((type) => (
                <MenuItem key={type.id} value={String(type.id)}>
                  {type.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              type="date"
              label={form.partial ? 'Date' : 'From'}
              value={form.start_date}
              onChange={(e) => setForm({ ...form, start_date: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
              error={Boolean(err('start_date'))}
              helperText={err('start_date') ?? ' '}
            />
            {!form.partial && (
              <TextField
                type="date"
                label="To"
                value={form.end_date}
                onChange={(e) => setForm({ ...form, end_date: e.target.value })}
                slotProps={{ inputLabel: { shrink: true } }}
                error={Boolean(err('end_date'))}
                helperText={err('end_date') ?? 'Whole days count 8 h each'}
              />
            )}
            {form.partial && (
              <TextField
                type="number"
                label="Hours"
                value={form.hours}
                onChange={(e) => setForm({ ...form, hours: e.target.value })}
                slotProps={{ htmlInput: { min: 0.25, max: 24, step: 0.25 } }}
                error={Boolean(err('hours'))}
                helperText={err('hours') ?? ' '}
              />
            )}
          </Stack>
          <FormControlLabel
            control={
              <Checkbox
                checked={form.partial}
                onChange={(e) => setForm({ ...form, partial: e.target.checked })}
              />
            }
            label="Part of a day"
          />
          <TextField
            fullWidth
            multiline
            minRows={2}
            label="Notes"
            value={form.notes}
            onChange={(e) => setForm({ ...form, notes: e.target.value })}
            sx={{ my: 2 }}
          />
          <Button type="submit" variant="contained" disabled={create.isPending}>
            Request time off
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

/** Approve and reject buttons of a pending request, with the reason dialog for a rejection. */
export function DecisionButtons({ request }: { request: TimeoffRequest }) {
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const act = useMutation({
    mutationFn: ({ action, reason }: { action: 'approve' | 'reject'; reason?: string }) =>
      timeoffApi.act(request.id, action, reason),
    onSuccess: (reply) => {
      notify.success(reply.message);
      setRejecting(false);
      void queryClient.invalidateQueries({ queryKey: timeoffKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['hr', 'dashboard'] });
    },
    onError: (error) => notify.danger(error.message),
  });
  if (!request.can_decide) return null;
  const who = `${request.employee_name}, ${formatRange(request.start_date, request.end_date)}`;
  return (
    <Stack direction="row" spacing={1}>
      <Button
        size="small"
        variant="contained"
        color="success"
        disabled={act.isPending}
        aria-label={`Approve ${who}`}
        onClick={() => act.mutate({ action: 'approve' })}
      >
        Approve
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="error"
        disabled={act.isPending}
        aria-label={`Reject ${who}`}
        onClick={() => setRejecting(true)}
      >
        Reject
      </Button>
      <ReasonDialog
        open={rejecting}
        title={`Reject time off of ${request.employee_name}`}
        label="Reason"
        confirm="Reject"
        busy={act.isPending}
        onClose={() => setRejecting(false)}
        onConfirm={(reason) => act.mutate({ action: 'reject', reason })}
      />
    </Stack>
  );
}

/** A table of requests; `team` adds the employee and the decision buttons. */
export function RequestsTable({
  requests,
  team = false,
  label,
}: {
  requests: readonly TimeoffRequest[];
  team?: boolean;
  label: string;
}) {
  if (!requests.length)
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        No requests
      </Typography>
    );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {team && <TableCell>Employee</TableCell>}
            <TableCell>Type</TableCell>
            <TableCell>Dates</TableCell>
            <TableCell align="right">Hours</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Notes</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {requests.map((request) => (
            <TableRow key={request.id}>
              {team && <TableCell>{request.employee_name}</TableCell>}
              <TableCell>{request.type_name}</TableCell>
              <TableCell>
                <Link component={RouterLink} to={`${TIMEOFF_PATH}/${request.id}`}>
                  {formatRange(request.start_date, request.end_date)}
                </Link>
              </TableCell>
              <TableCell align="right">{request.hours}</TableCell>
              <TableCell>
                <StatusChip status={request.status} />
              </TableCell>
              <TableCell sx={{ maxWidth: 240 }}>
                {request.decision_reason ?? request.notes ?? ''}
              </TableCell>
              <TableCell>{team && <DecisionButtons request={request} />}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** /hr/dashboard/timeoff: my balances, a new request, my requests; the team's pending requests. */
export function TimeoffPage() {
  const myId = Number(readStored(storageKeys.userId));
  useLiveTimeoff((data) => {
    if (data.user_id !== myId) notify.success('A new time off request arrived', 'Time Off');
  });
  const balances = useQuery({
    queryKey: timeoffKeys.balances(null, thisYear),
    queryFn: ({ signal }) =>
      timeoffApi.balances({ year: thisYear }, signal).then((reply) => reply.data.results),
  });
  const mine = useQuery({
    queryKey: timeoffKeys.requests({ scope: 'mine' }),
    queryFn: ({ signal }) =>
      timeoffApi.requests({ scope: 'mine' }, signal).then((reply) => reply.data.results),
  });
  const team = useQuery({
    queryKey: timeoffKeys.requests({ scope: 'team', status: 'pending' }),
    queryFn: ({ signal }) =>
      timeoffApi
        .requests({ scope: 'team', status: 'pending' }, signal)
        .then((reply) => reply.data.results),
  });
  const pending = team.data?.length ?? 0;

  return (
    <Stack spacing={3} sx={{ p: { xs: 1, md: 2 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1">
          Time Off
        </Typography>
        <LiveChip />
      </Stack>
      {(pending > 0 || (team.data && team.data.length > 0)) && (
        <Card variant="outlined" component="section" aria-labelledby="team-pending">
          <CardContent>
            <Badge badgeContent={pending} color="warning" aria-label={`${pending} pending`}>
              <Typography id="team-pending" variant="h6" component="h2" sx={{ pr: 2 }}>
                Team requests to decide
              </Typography>
            </Badge>
            <RequestsTable requests={team.data ?? []} team label="Team requests to decide" />
          </CardContent>
        </Card>
      )}
      <Box component="section" aria-labelledby="balances">
        <Typography id="balances" variant="h6" component="h2" gutterBottom>
          My balances {thisYear}
        </Typography>
        {balances.isError && <Alert severity="error">Could not load the balances</Alert>}
        <BalanceCards balances={balances.data ?? []} />
      </Box>
      <RequestForm />
      <Card variant="outlined" component="section" aria-labelledby="my-requests">
        <CardContent>
          <Typography id="my-requests" variant="h6" component="h2" gutterBottom>
            My requests
          </Typography>
          <RequestsTable requests={mine.data ?? []} label="My requests" />
        </CardContent>
      </Card>
      {hasPermission('write_hr_timeoff') && <TimeoffTypesCard />}
    </Stack>
  );
}
