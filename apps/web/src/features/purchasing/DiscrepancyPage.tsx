import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { listDataSchema } from '@portal/contract/envelope';
import {
  discrepancyCommentSchema,
  discrepancyComments,
  discrepancySchema,
  discrepancyTicketSchema,
  receiptDiscrepancies,
  supplierLinkSchema,
} from '@portal/contract/resources/purchasing';
import { api, ApiError } from '../../platform/api.ts';
import { parseRouteId } from '../../platform/resources/paths.ts';
import { ResourceViewPage } from '../../platform/resources/ResourceViewPage.tsx';
import { notify } from '../../platform/toasts.ts';
import { hasPermission } from '../auth/session.ts';
import { CommentThread } from './DiscrepancyComments.tsx';
import { discrepancyEnv, discrepancyUi } from './purchasing-screens.tsx';

const commentList = listDataSchema(discrepancyCommentSchema);

/** A secure link the supplier opens without signing in (shown once: only its hash is kept). */
function SupplierLink({ id }: { id: number }) {
  const [url, setUrl] = useState<string | null>(null);
  const make = useMutation({
    mutationFn: () =>
      api.post(`${receiptDiscrepancies.path}/${id}/supplier-link`, {}, supplierLinkSchema),
    onSuccess: (reply) => {
      notify.success(reply.message);
      setUrl(`${window.location.origin}${reply.data.url_path}`);
    },
    onError: (error) => notify.danger(error.message),
  });
  if (!hasPermission('write_receipt_discrepancies')) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1}>
        <Typography variant="h6" component="h2">
          Supplier link
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Send the supplier a secure link to read this discrepancy and answer it, without an
          account. It expires in 14 days and can be revoked.
        </Typography>
        {url ? (
          <TextField
            label="Link for the supplier"
            value={url}
            slotProps={{ htmlInput: { readOnly: true } }}
            onFocus={(event) => event.target.select()}
          />
        ) : (
          <Stack direction="row">
            <Button variant="outlined" disabled={make.isPending} onClick={() => make.mutate()}>
              Create supplier link
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** The discrepancy's ticket: a link to it, or "Open ticket" (once) for those who may write. */
function DiscrepancyTicket({ id, ticketId }: { id: number; ticketId: number | null | undefined }) {
  const client = useQueryClient();
  const open = useMutation({
    mutationFn: () =>
      api.post(`${receiptDiscrepancies.path}/${id}/ticket`, {}, discrepancyTicketSchema),
    onSuccess: (reply) => notify.success(reply.message),
    onError: (error) => notify.danger(error.message),
    onSettled: () => client.invalidateQueries({ queryKey: ['purchasing', 'discrepancy', id] }),
  });
  if (ticketId === undefined) return null;
  if (ticketId === null && !hasPermission('write_receipt_discrepancies')) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1}>
        <Typography variant="h6" component="h2">
          Ticket
        </Typography>
        {ticketId === null ? (
          <>
            <Typography variant="body2" color="text.secondary">
              Take this discrepancy up in the ticket center: the ticket links back here.
            </Typography>
            <Stack direction="row">
              <Button variant="outlined" disabled={open.isPending} onClick={() => open.mutate()}>
                Open ticket
              </Button>
            </Stack>
          </>
        ) : (
          <Typography variant="body2">
            <Link component={RouterLink} to={`/task-center/${ticketId}`}>
              Ticket #{ticketId}
            </Link>
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * /inventory/purchase-order/receipt/discrepancy/:id: the discrepancy (the engine's view: details,
 * status moves, history), its ticket, its comments (staff sign theirs; the supplier's come through
 * the link) and the supplier link.
 */
export function DiscrepancyPage() {
  const id = parseRouteId(useParams().id);
  const client = useQueryClient();
  const key = ['purchasing', 'discrepancy-comments', id] as const;
  const discrepancy = useQuery({
    queryKey: ['purchasing', 'discrepancy', id],
    enabled: id !== null,
    queryFn: async () =>
      (await api.get(`${receiptDiscrepancies.path}/${id}`, discrepancySchema)).data,
  });
  const comments = useQuery({
    queryKey: key,
    enabled: id !== null,
    queryFn: async () =>
      (
        await api.get(discrepancyComments.path, commentList, {
          query: { 'filter[discrepancy_id]': id, perPage: 500, sort: 'id' },
        })
      ).data.results,
  });
  const add = useMutation({
    mutationFn: (body: string) =>
      api.post(discrepancyComments.path, { discrepancy_id: id, body }, discrepancyCommentSchema),
    onSuccess: (reply) => {
      notify.success(reply.message);
      void client.invalidateQueries({ queryKey: key });
    },
  });
  if (id === null) return <Alert severity="error">Discrepancy not found</Alert>;
  const open = discrepancy.data?.status === 'open';
  return (
    <Stack spacing={3}>
      <ResourceViewPage ui={discrepancyUi} env={discrepancyEnv} />
      <DiscrepancyTicket id={id} ticketId={discrepancy.data?.ticket_id} />
      <SupplierLink id={id} />
      <CommentThread
        comments={comments.data ?? []}
        onAdd={open && hasPermission('write_discrepancy_comments') ? add.mutateAsync : undefined}
        busy={add.isPending}
        error={add.error instanceof ApiError ? add.error.message : null}
        closedNote={
          open
            ? 'You may read the comments.'
            : 'This discrepancy is closed and takes no more comments.'
        }
      />
    </Stack>
  );
}
