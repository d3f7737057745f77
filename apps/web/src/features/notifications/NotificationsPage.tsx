import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { notificationKindInfo, type Notification } from '@portal/contract/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { useEffect } from 'react';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import type { DataColumn } from '../../platform/data-table/table-types.ts';
import { notify } from '../../platform/toasts.ts';
import {
  fetchNotification,
  fetchNotifications,
  markAllRead,
  markRead,
  notificationKeys,
} from './notifications-api.ts';

const TITLE = 'Notifications';
const ALL = 500;
const when = (value: string) =>
  new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const columns: readonly DataColumn<Notification>[] = [
  { id: 'created_at', header: 'When', value: (row) => when(row.created_at), filter: false },
  {
    id: 'title',
    header: 'Title',
    value: (row) => row.title,
    cell: (row) => (
      <Link component={RouterLink} to={`/notifications/${row.id}`}>
        {row.title}
      </Link>
    ),
  },
  { id: 'body', header: 'Message', value: (row) => row.body },
  { id: 'kind', header: 'About', value: (row) => notificationKindInfo[row.kind].label },
  { id: 'read', header: 'Read', value: (row) => (row.read_at ? 'Read' : 'Unread') },
];

/** /notifications: the signed-in user's notifications, newest first. */
export function NotificationsPage() {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: notificationKeys.list(ALL),
    queryFn: ({ signal }) => fetchNotifications(ALL, signal),
  });
  const readAll = useMutation({
    mutationFn: markAllRead,
    onSuccess: (reply) => {
      notify.success(reply.message);
      void client.invalidateQueries({ queryKey: notificationKeys.all });
    },
    onError: (error) => notify.danger(error.message),
  });
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {TITLE}
        </Typography>
        <Button component={RouterLink} to="/user/control-notifications">
          Control Notifications
        </Button>
        <Button
          variant="outlined"
          disabled={!list.data?.unread}
          loading={readAll.isPending}
          onClick={() => readAll.mutate()}
        >
          Mark all as read
        </Button>
      </Stack>
      <DataTable
        label={TITLE}
        reportName={TITLE}
        columns={columns}
        rows={list.data?.results ?? []}
        getRowId={(row) => String(row.id)}
        loading={list.isFetching}
        emptyMessage="You have no notifications."
      />
    </Stack>
  );
}

/** /notifications/{id}: one notification, marked read as it opens. */
export function NotificationPage() {
  const id = Number(useParams().id);
  const client = useQueryClient();
  const one = useQuery({
    queryKey: notificationKeys.one(id),
    queryFn: ({ signal }) => fetchNotification(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
  const unread = one.data !== undefined && one.data.read_at === null;
  useEffect(() => {
    if (unread)
      void markRead(id).then(() => client.invalidateQueries({ queryKey: notificationKeys.all }));
  }, [unread, id, client]);
  return (
    <Stack spacing={2}>
      <Link component={RouterLink} to="/notifications">
        Back to notifications
      </Link>
      {one.isError && <Alert severity="error">{one.error.message}</Alert>}
      {one.data && (
        <Paper sx={{ p: 3 }}>
          <Typography variant="h5" component="h1" gutterBottom>
            {one.data.title}
          </Typography>
          <Typography color="text.secondary" gutterBottom>
            {when(one.data.created_at)} · {notificationKindInfo[one.data.kind].label}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{one.data.body}</Typography>
          {one.data.link && (
            <Button component={RouterLink} to={one.data.link} sx={{ mt: 2 }} variant="contained">
              Open
            </Button>
          )}
        </Paper>
      )}
    </Stack>
  );
}
