import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../platform/toasts.ts';
import {
  createPublicLink,
  fetchPublicLinks,
  publicLinkKeys,
  publicTicketUrl,
  revokePublicLink,
} from './tickets-api.ts';

const day = (value: string) => new Date(value).toLocaleDateString('en-US', { dateStyle: 'medium' });

/**
 * A ticket's public links (/public/ticket-view): make one to send the requester (its address is
 * shown once), see the others and revoke them.
 */
export function TicketPublicLink({ id }: { id: number }) {
  const client = useQueryClient();
  const [made, setMade] = useState<string | null>(null);
  const links = useQuery({
    queryKey: publicLinkKeys(id),
    queryFn: ({ signal }) => fetchPublicLinks(id, signal),
  });
  const refresh = () => client.invalidateQueries({ queryKey: publicLinkKeys(id) });
  const create = useMutation({
    mutationFn: () => createPublicLink(id),
    onSuccess: (reply) => {
      setMade(publicTicketUrl(id, reply.data.token));
      void refresh();
    },
    onError: (error) => notify.danger(error.message),
  });
  const revoke = useMutation({
    mutationFn: revokePublicLink,
    onSuccess: (reply) => {
      notify.success(reply.message);
      void refresh();
    },
    onError: (error) => notify.danger(error.message),
  });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          Public link
        </Typography>
        <Typography color="text.secondary">
          Someone outside the company reads the ticket and comments through its link; it stops
          working 14 days after the ticket closes, or when revoked.
        </Typography>
        {made && (
          <Alert severity="success">
            Send this address now; it is shown only once.
            <TextField
              value={made}
              label="Public link address"
              fullWidth
              size="small"
              sx={{ mt: 1 }}
              slotProps={{ htmlInput: { readOnly: true } }}
              onFocus={(event) => event.target.select()}
            />
          </Alert>
        )}
        <div>
          <Button variant="outlined" loading={create.isPending} onClick={() => create.mutate()}>
            Create public link
          </Button>
        </div>
        {(links.data?.length ?? 0) > 0 && (
          <List dense aria-label="Public links">
            {links.data?.map((link) => (
              <ListItem
                key={link.id}
                disableGutters
                secondaryAction={
                  link.revoked_at ? null : (
                    <Button
                      size="small"
                      color="error"
                      disabled={revoke.isPending}
                      onClick={() => revoke.mutate(link.id)}
                    >
                      Revoke
                    </Button>
                  )
                }
              >
                <ListItemText
                  primary={`Link #${link.id}, made ${day(link.created_at)}`}
                  secondary={
                    link.revoked_at
                      ? `Revoked ${day(link.revoked_at)}`
                      : `Expires ${day(link.expires_at)}`
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
