import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BRAND } from '@portal/contract/constants';
import {
  discrepancyCommentSchema,
  discrepancyStatusMachine,
  publicDiscrepancySchema,
} from '@portal/contract/resources/purchasing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { api, ApiError } from '../../platform/api.ts';
import { parseRouteId } from '../../platform/resources/paths.ts';
import { CommentThread } from './DiscrepancyComments.tsx';

const publicComment = discrepancyCommentSchema.omit({ author_id: true, company_id: true });

const refusal = (error: unknown): string => {
  if (error instanceof ApiError && error.status === 410)
    return 'This link has expired. Ask the company for a new one.';
  if (error instanceof ApiError && error.status === 403)
    return 'This link has been revoked. Ask the company for a new one.';
  if (error instanceof ApiError && error.status === 404) return 'This link is not valid.';
  return error instanceof Error ? error.message : 'The discrepancy could not be loaded.';
};

/**
 * /public/purchase-order/receipt/discrepancy/{id}?token= (no session): the supplier reads one
 * receipt discrepancy through its secure link and answers it.
 */
export function PublicDiscrepancyPage() {
  const id = parseRouteId(useParams().id);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const client = useQueryClient();
  const [name, setName] = useState('');
  const key = ['public-discrepancy', id, token] as const;
  const valid = id !== null && token.length > 0;
  const discrepancy = useQuery({
    queryKey: key,
    enabled: valid,
    retry: false,
    meta: { errorToast: false },
    queryFn: async ({ signal }) =>
      (
        await api.get(`/public/receipt-discrepancy/${id}`, publicDiscrepancySchema, {
          signal,
          query: { token },
          endSessionOnExpiry: false,
        })
      ).data,
  });
  const add = useMutation({
    mutationFn: (body: string) =>
      api.post(
        '/public-discrepancy-comments',
        { discrepancy_id: id, token, name: name.trim(), body },
        publicComment,
        { endSessionOnExpiry: false },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
  const data = discrepancy.data;
  return (
    <Box component="main" sx={{ maxWidth: 760, mx: 'auto', p: { xs: 2, sm: 4 } }}>
      <Typography color="text.secondary" gutterBottom>
        {data?.company_name ?? BRAND}
      </Typography>
      {!valid && <Alert severity="error">This link is not valid.</Alert>}
      {valid && discrepancy.isPending && <CircularProgress aria-label="Loading the discrepancy" />}
      {discrepancy.isError && <Alert severity="error">{refusal(discrepancy.error)}</Alert>}
      {data && (
        <Stack spacing={2}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} useFlexGap>
              <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
                Receipt discrepancy #{data.id}
              </Typography>
              <Chip
                label={discrepancyStatusMachine.labels[data.status]}
                color="primary"
                variant="outlined"
              />
            </Stack>
            <Typography sx={{ mt: 1 }}>
              Purchase order #{data.purchase_order_id}
              {data.purchase_order_reference ? ` (${data.purchase_order_reference})` : ''}
              {data.supplier_name ? ` from ${data.supplier_name}` : ''}
            </Typography>
            <Typography sx={{ mt: 1 }}>
              {data.product_name ?? 'Product'}: {data.short_quantity} short,{' '}
              {data.rejected_quantity} rejected
            </Typography>
            {data.reason && (
              <Typography sx={{ mt: 1 }} color="text.secondary">
                Reason: {data.reason}
              </Typography>
            )}
            {data.description && (
              <Typography sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>{data.description}</Typography>
            )}
          </Paper>
          {data.status === 'open' && (
            <TextField
              label="Your name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              sx={{ maxWidth: 360 }}
            />
          )}
          <CommentThread
            comments={data.comments}
            onAdd={
              data.status === 'open'
                ? (body) =>
                    name.trim()
                      ? add.mutateAsync(body)
                      : Promise.reject(new Error('Enter your name'))
                : undefined
            }
            busy={add.isPending}
            error={add.error ? refusal(add.error) : null}
            closedNote="This discrepancy is closed and takes no more comments."
          />
        </Stack>
      )}
    </Box>
  );
}
