import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BRAND } from '@portal/contract/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../platform/api.ts';
import { AttachmentList } from './TicketAttachments.tsx';
import { CommentThread } from './TicketComments.tsx';
import { fetchPublicTicket, postPublicComment } from './tickets-api.ts';

const refusal = (error: unknown): string => {
  if (error instanceof ApiError && error.status === 410)
    return 'This link has expired. Ask the company for a new one.';
  if (error instanceof ApiError && error.status === 403)
    return 'This link has been revoked. Ask the company for a new one.';
  if (error instanceof ApiError && error.status === 404) return 'This ticket link is not valid.';
  return error instanceof Error ? error.message : 'The ticket could not be loaded.';
};

/**
 * /public/ticket-view?ticket={id}&token={token} (no session): a ticket through its secure link,
 * read and comment only.
 */
export function PublicTicketViewPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('ticket'));
  const token = params.get('token') ?? '';
  const client = useQueryClient();
  const [name, setName] = useState('');
  const key = ['public-ticket', id, token] as const;
  const ticket = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchPublicTicket(id, token, signal),
    enabled: Number.isInteger(id) && id > 0 && token.length > 0,
    retry: false,
    meta: { errorToast: false },
  });
  const add = useMutation({
    mutationFn: (body: string) => postPublicComment(id, token, name.trim(), body),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
  const missing = !(Number.isInteger(id) && id > 0 && token);

  return (
    <Box component="main" sx={{ maxWidth: 760, mx: 'auto', p: { xs: 2, sm: 4 } }}>
      <Typography color="text.secondary" gutterBottom>
        {ticket.data?.company_name ?? BRAND}
      </Typography>
      {missing && <Alert severity="error">This ticket link is not valid.</Alert>}
      {ticket.isPending && !missing && <CircularProgress aria-label="Loading the ticket" />}
      {ticket.isError && <Alert severity="error">{refusal(ticket.error)}</Alert>}
      {ticket.data && (
        <Stack spacing={2}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', flexWrap: 'wrap' }}
              useFlexGap
            >
              <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
                Ticket #{ticket.data.id}: {ticket.data.subject}
              </Typography>
              <Chip label={ticket.data.status_label} color="primary" variant="outlined" />
            </Stack>
            <Typography sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>{ticket.data.detail}</Typography>
          </Paper>
          {ticket.data.attachments.length > 0 && <AttachmentList files={ticket.data.attachments} />}
          {ticket.data.status !== 'closed' && (
            <TextField
              label="Your name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              sx={{ maxWidth: 360 }}
            />
          )}
          <CommentThread
            comments={ticket.data.comments}
            onAdd={
              ticket.data.status === 'closed'
                ? undefined
                : (body) =>
                    name.trim()
                      ? add.mutateAsync(body)
                      : Promise.reject(new Error('Name is required'))
            }
            busy={add.isPending}
            error={add.error ? refusal(add.error) : null}
            closedNote="This ticket is closed and takes no more comments."
          />
        </Stack>
      )}
    </Box>
  );
}
