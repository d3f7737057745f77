import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../../../platform/api.ts';
import { notify } from '../../../platform/toasts.ts';
import { timeoffApi, timeoffKeys } from './timeoff-api.ts';
import { DecisionButtons, TIMEOFF_PATH, useLiveTimeoff } from './TimeoffPage.tsx';
import { ReasonDialog } from '../ReasonDialog.tsx';
import { formatRange, LiveChip, StatusChip } from './timeoff-ui.tsx';

const when = (iso: string) => new Date(iso).toLocaleString();

/** /hr/dashboard/timeoff/{id}: one request, its history and the caller's actions on it. */
export function TimeoffRequestPage() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  useLiveTimeoff();
  const [cancelling, setCancelling] = useState(false);
  const request = useQuery({
    queryKey: timeoffKeys.request(id),
    queryFn: ({ signal }) => timeoffApi.request(id, signal).then((reply) => reply.data),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    meta: { errorToast: false },
  });
  const cancel = useMutation({
    mutationFn: (reason: string) => timeoffApi.act(id, 'cancel', reason || undefined),
    onSuccess: (reply) => {
      notify.success(reply.message);
      setCancelling(false);
      void queryClient.invalidateQueries({ queryKey: timeoffKeys.all });
    },
    onError: (error) => notify.danger(error.message),
  });

  const back = (
    <Link component={RouterLink} to={TIMEOFF_PATH}>
      Back to Time Off
    </Link>
  );
  if (!Number.isInteger(id) || id <= 0 || request.isError) {
    const status = request.error instanceof ApiError ? request.error.status : 404;
    return (
      <Stack spacing={2} sx={{ p: 2 }}>
        <Alert severity="warning">
          {status === 403
            ? 'You cannot see this time off request.'
            : 'This time off request was not found.'}
        </Alert>
        {back}
      </Stack>
    );
  }
  if (!request.data) return <Typography sx={{ p: 2 }}>Loading...</Typography>;
  const r = request.data;

  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 } }}>
      {back}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1">
          {r.type_name}: {formatRange(r.start_date, r.end_date)}
        </Typography>
        <StatusChip status={r.status} />
        <LiveChip />
      </Stack>
      <Card variant="outlined">
        <CardContent>
          <Typography>
            <strong>Employee:</strong> {r.employee_name}
          </Typography>
          <Typography>
            <strong>Hours:</strong> {r.hours} {r.partial_day ? '(part of a day)' : ''} ·{' '}
            {r.is_paid ? 'paid' : 'unpaid'}
          </Typography>
          {r.notes && (
            <Typography>
              <strong>Notes:</strong> {r.notes}
            </Typography>
          )}
          {r.decided_by_name && r.decided_at && (
            <Typography>
              <strong>{r.status === 'approved' ? 'Approved' : 'Decided'} by:</strong>{' '}
              {r.decided_by_name}, {when(r.decided_at)}
              {r.decision_reason ? ` — ${r.decision_reason}` : ''}
            </Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <DecisionButtons request={r} />
            {r.can_cancel && (
              <Button variant="outlined" onClick={() => setCancelling(true)}>
                Cancel request
              </Button>
            )}
          </Stack>
        </CardContent>
      </Card>
      <Card variant="outlined" component="section" aria-labelledby="history">
        <CardContent>
          <Typography id="history" variant="h6" component="h2">
            History
          </Typography>
          <List dense aria-label="Request history">
            {r.history.map((step) => (
              <ListItem key={step.id} disableGutters>
                <ListItemText
                  primary={`${step.action.charAt(0).toUpperCase()}${step.action.slice(1)} by ${step.actor_name}`}
                  secondary={`${when(step.at)}${step.reason ? ` — ${step.reason}` : ''}`}
                />
              </ListItem>
            ))}
          </List>
        </CardContent>
      </Card>
      <ReasonDialog
        open={cancelling}
        title="Cancel this request"
        label="Reason (optional)"
        confirm="Cancel request"
        required={false}
        busy={cancel.isPending}
        onClose={() => setCancelling(false)}
        onConfirm={(reason) => cancel.mutate(reason)}
      />
    </Stack>
  );
}
