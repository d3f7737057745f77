import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  notificationChannels,
  notificationKindInfo,
  type NotificationChannel,
  type NotificationPreference,
} from '@portal/contract/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../platform/api.ts';
import { notify } from '../../platform/toasts.ts';
import { fetchPreferences, notificationKeys, savePreferences } from './notifications-api.ts';

const channelLabels: Record<NotificationChannel, string> = {
  in_app: 'In the app',
  mail: 'By mail',
  sms: 'By SMS',
};

function Editor({
  initial,
  initialPhone,
}: {
  initial: readonly NotificationPreference[];
  initialPhone: string | null;
}) {
  const client = useQueryClient();
  const [rows, setRows] = useState(initial);
  const [phone, setPhone] = useState(initialPhone ?? '');
  const save = useMutation({
    mutationFn: () => savePreferences({ preferences: [...rows], sms_phone: phone }),
    onSuccess: (reply) => {
      notify.success(reply.message);
      client.setQueryData(notificationKeys.preferences, reply.data);
    },
    onError: (error) => notify.danger(error.message),
  });
  const phoneError =
    save.error instanceof ApiError ? save.error.fieldErrors.sms_phone?.[0] : undefined;
  const toggle = (kind: string, channel: NotificationChannel, value: boolean) =>
    setRows(rows.map((row) => (row.kind === kind ? { ...row, [channel]: value } : row)));

  return (
    <Stack spacing={2}>
      <TableContainer component={Paper}>
        <Table aria-label="Control Notifications" size="small">
          <TableHead>
            <TableRow>
              <TableCell>Notification</TableCell>
              {notificationChannels.map((channel) => (
                <TableCell key={channel} align="center">
                  {channelLabels[channel]}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.kind}>
                <TableCell>{notificationKindInfo[row.kind].label}</TableCell>
                {notificationChannels.map((channel) => (
                  <TableCell key={channel} align="center" padding="checkbox">
                    <Checkbox
                      checked={row[channel]}
                      onChange={(event) => toggle(row.kind, channel, event.target.checked)}
                      slotProps={{
                        input: {
                          'aria-label': `${notificationKindInfo[row.kind].label}: ${channelLabels[channel]}`,
                        },
                      }}
                    />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TextField
        label="Mobile number for SMS"
        type="tel"
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
        error={Boolean(phoneError)}
        helperText={phoneError ?? 'Needed only for notifications by SMS.'}
        sx={{ maxWidth: 360 }}
      />
      <div>
        <Button variant="contained" loading={save.isPending} onClick={() => save.mutate()}>
          Save
        </Button>
      </div>
    </Stack>
  );
}

/** /user/control-notifications: which notifications reach the user in the app, by mail, by SMS. */
export function ControlNotificationsPage() {
  const preferences = useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => fetchPreferences(signal),
  });
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        Control Notifications
      </Typography>
      {preferences.isError && <Alert severity="error">{preferences.error.message}</Alert>}
      {preferences.data && (
        <Editor initial={preferences.data.preferences} initialPhone={preferences.data.sms_phone} />
      )}
    </Stack>
  );
}
