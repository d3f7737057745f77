import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError, hasPermission, notify } from '../dashboard-deps.ts';
import { BalanceCards, RequestsTable, useLiveTimeoff } from '../timeoff/TimeoffPage.tsx';
import { LiveChip, ReasonDialog } from '../timeoff/timeoff-ui.tsx';
import { dashboardApi, dashboardKeys } from './dashboard-api.ts';
import { useLiveEvents } from './live-events.ts';
import { clockLabel } from './TeamPage.tsx';

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
