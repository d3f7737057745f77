import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TimeoffBalance } from '@portal/contract/hr-timeoff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../../../platform/api.ts';
import { hasPermission } from '../../auth/session.ts';
import { notify } from '../../../platform/toasts.ts';
import { BalanceCards, RequestsTable, useLiveTimeoff } from '../timeoff/TimeoffPage.tsx';
import { ReasonDialog } from '../ReasonDialog.tsx';
import { LiveChip } from '../timeoff/timeoff-ui.tsx';
import { timeoffApi, timeoffKeys } from '../timeoff/timeoff-api.ts';
import { dashboardApi, dashboardKeys } from './dashboard-api.ts';
import { useLiveEvents } from '../live-events.ts';
import { clockLabel } from './TeamPage.tsx';

/** Sets this year's allowance of a type for the member (write_hr_timeoff). */
function AllowanceForm({
  userId,
  balances,
}: {
  userId: number;
  balances: readonly TimeoffBalance[];
}) {
  const queryClient = useQueryClient();
  const [typeId, setTypeId] = useState('');
  const [hours, setHours] = useState('');
  const year = balances[0]?.year ?? new Date().getFullYear();
  const save = useMutation({
    mutationFn: () =>
      timeoffApi.setAllowance({
        user_id: userId,
        type_id: Number(typeId),
        year,
        hours: Number(hours),
      }),
    onSuccess: (reply) => {
      notify.success(reply.message);
      setHours('');
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.member(userId) });
      void queryClient.invalidateQueries({ queryKey: timeoffKeys.all });
    },
    onError: (error) => notify.danger(error.message),
  });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label="Type"
        value={typeId}
        onChange={(event) => setTypeId(event.target.value)}
        sx={{ minWidth: 160 }}
      >
        {balances.map((balance) => (
          <MenuItem key={balance.type_id} value={String(balance.type_id)}>
            {balance.type_name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="number"
        label={`Allowance ${year} (hours)`}
        value={hours}
        onChange={(event) => setHours(event.target.value)}
        slotProps={{ htmlInput: { min: 0, step: 1 } }}
      />
      <Button
        variant="outlined"
        disabled={!typeId || hours.trim() === '' || save.isPending}
        onClick={() => save.mutate()}
      >
        Set allowance
      </Button>
    </Stack>
  );
}

/**
 * /hr/team/action/{id}: one team member: profile links, clock (end a break or clock out with a
 * reason), time off balances and requests (approve or reject the pending ones).
 */
export function TeamMemberPage() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const [action, setAction] = useState<'end_break' | 'clock_out' | null>(null);
  useLiveTimeoff();
  useLiveEvents((event) => {
    if (event.type === 'clock.changed' && event.data.user_id === id)
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.member(id) });
  });
  const member = useQuery({
    queryKey: dashboardKeys.member(id),
    queryFn: ({ signal }) => dashboardApi.member(id, signal).then((reply) => reply.data),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    meta: { errorToast: false },
  });
  const clock = useMutation({
    mutationFn: ({ kind, reason }: { kind: 'end_break' | 'clock_out'; reason: string }) =>
      dashboardApi.clockAction(id, kind, reason),
    onSuccess: (reply) => {
      notify.success(reply.message);
      setAction(null);
      queryClient.setQueryData(dashboardKeys.member(id), reply.data);
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
    onError: (error) => notify.danger(error.message),
  });

  const back = (
    <Link component={RouterLink} to="/hr/team">
      Back to Team
    </Link>
  );
  if (!Number.isInteger(id) || id <= 0 || member.isError) {
    const status = member.error instanceof ApiError ? member.error.status : 404;
    return (
      <Stack spacing={2} sx={{ p: 2 }}>
        <Alert severity="warning">
          {status === 403 ? 'This employee is not on your team.' : 'Team member not found.'}
        </Alert>
        {back}
      </Stack>
    );
  }
  if (!member.data) return <Typography sx={{ p: 2 }}>Loading...</Typography>;
  const m = member.data;
  const card = m.open_timecard;

  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 } }}>
      {back}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1">
          {m.name}
        </Typography>
        <LiveChip />
      </Stack>
      <Card variant="outlined">
        <CardContent>
          <Typography>{m.email}</Typography>
          <Typography>
            {m.store_name ?? 'No store'} · {m.pay_type}
          </Typography>
          <Stack direction="row" spacing={2} sx={{ mt: 1, flexWrap: 'wrap' }}>
            {hasPermission('write_employees') && (
              <Link component={RouterLink} to={`/employees/edit/${m.user_id}`}>
                Profile
              </Link>
            )}
            <Link component={RouterLink} to={`/hr/timesheet-details?user_id=${m.user_id}`}>
              Timesheet
            </Link>
          </Stack>
        </CardContent>
      </Card>
      <Card variant="outlined" component="section" aria-labelledby="member-clock">
        <CardContent>
          <Typography id="member-clock" variant="h6" component="h2">
            Clock
          </Typography>
          <Typography sx={{ mb: 1 }}>
            {clockLabel(m.clock_status)}
            {card ? ` at ${card.store_name} since ${new Date(card.clock_in).toLocaleString()}` : ''}
          </Typography>
          {m.can_manage_clock && card && (
            <Stack direction="row" spacing={1}>
              {card.on_break && (
                <Button variant="outlined" onClick={() => setAction('end_break')}>
                  End break
                </Button>
              )}
              <Button variant="outlined" color="error" onClick={() => setAction('clock_out')}>
                Clock out
              </Button>
            </Stack>
          )}
        </CardContent>
      </Card>
      <Card variant="outlined" component="section" aria-labelledby="member-balances">
        <CardContent>
          <Typography id="member-balances" variant="h6" component="h2" gutterBottom>
            Time off balances
          </Typography>
          <BalanceCards balances={m.balances} />
          {hasPermission('write_hr_timeoff') && (
            <AllowanceForm userId={m.user_id} balances={m.balances} />
          )}
        </CardContent>
      </Card>
      <Card variant="outlined" component="section" aria-labelledby="member-requests">
        <CardContent>
          <Typography id="member-requests" variant="h6" component="h2" gutterBottom>
            Time off requests
          </Typography>
          <RequestsTable requests={m.requests} team label="Time off requests" />
        </CardContent>
      </Card>
      <ReasonDialog
        open={action !== null}
        title={action === 'end_break' ? `End the break of ${m.name}` : `Clock out ${m.name}`}
        label="Reason"
        confirm={action === 'end_break' ? 'End break' : 'Clock out'}
        busy={clock.isPending}
        onClose={() => setAction(null)}
        onConfirm={(reason) => action && clock.mutate({ kind: action, reason })}
      />
    </Stack>
  );
}
