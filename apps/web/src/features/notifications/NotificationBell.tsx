import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { NOTIFICATION_EVENT } from '@portal/contract/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useLiveEvents } from '../hr/live-events.ts';
import {
  fetchNotifications,
  fetchUnread,
  markAllRead,
  markRead,
  notificationKeys,
} from './notifications-api.ts';

const LATEST = 5;

/**
 * The top bar's bell: the caller's unread count, refreshed the moment a notification arrives
 * (server-sent event `notification.created`) and after each reconnect; it opens the latest few.
 */
export function NotificationBell() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  const unread = useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => fetchUnread(signal),
    meta: { errorToast: false },
  });
  const latest = useQuery({
    queryKey: notificationKeys.list(LATEST),
    queryFn: ({ signal }) => fetchNotifications(LATEST, signal),
    enabled: anchor !== null,
  });
  useLiveEvents((event) => {
    if (event.type === NOTIFICATION_EVENT || event.type === 'ready')
      void client.invalidateQueries({ queryKey: notificationKeys.all });
  });
  const refresh = () => client.invalidateQueries({ queryKey: notificationKeys.all });
  const readAll = useMutation({ mutationFn: markAllRead, onSuccess: refresh });
  const count = unread.data ?? 0;
  const label = count === 1 ? 'Notifications: 1 unread' : `Notifications: ${count} unread`;

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          aria-controls={anchor ? popoverId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge badgeContent={count} color="secondary" invisible={!count} max={99}>
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { role: 'dialog', 'aria-label': 'Notifications', sx: { p: 1, width: 320 } },
        }}
      >
        {latest.data && latest.data.results.length === 0 && (
          <Typography sx={{ p: 1 }}>You have no notifications.</Typography>
        )}
        <List dense disablePadding>
          {latest.data?.results.map((item) => (
            <ListItemButton
              key={item.id}
              selected={item.read_at === null}
              onClick={() => {
                setAnchor(null);
                void markRead(item.id).then(refresh);
                void navigate(item.link ?? `/notifications/${item.id}`);
              }}
            >
              <ListItemText primary={item.title} secondary={item.body} />
            </ListItemButton>
          ))}
        </List>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', p: 1 }}>
          <Button
            size="small"
            component={RouterLink}
            to="/notifications"
            onClick={() => setAnchor(null)}
          >
            See all
          </Button>
          <Button
            size="small"
            disabled={!count}
            loading={readAll.isPending}
            onClick={() => readAll.mutate()}
          >
            Mark all as read
          </Button>
        </Stack>
      </Popover>
    </>
  );
}
