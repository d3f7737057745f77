import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TimeoffBalance, TimeoffRequest } from '@portal/contract/hr-timeoff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { hasPermission } from '../../auth/session.ts';
import { notify } from '../../../platform/toasts.ts';
import { readStored } from '../../../platform/storage.ts';
import { useLiveEvents } from '../live-events.ts';
import { timeoffApi, timeoffKeys } from './timeoff-api.ts';
import { TimeoffTypesCard } from '../TimeoffTypesCard.tsx';
import { ReasonDialog } from '../ReasonDialog.tsx';
import { RequestForm } from '../TimeoffRequestForm.tsx';
import { formatHours, formatRange, LiveChip, StatusChip } from './timeoff-ui.tsx';
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
