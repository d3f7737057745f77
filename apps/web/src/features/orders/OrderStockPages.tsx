import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  manifestCheckSchema,
  pickListSchema,
  receiveResultSchema,
} from '@portal/contract/inventory';
import { SerialScanner } from '../../platform/SerialScanner.tsx';
import { api, ignoreData } from '../../platform/api.ts';
import { notify } from '../../platform/toasts.ts';

const useOrderId = () => Number(useParams().id ?? 0);

/** /fulfill-order/{id}: pick serials for each ordered product, then ship them. */
export function FulfilOrderPage() {
  const id = useOrderId();
  const navigate = useNavigate();
  const [serials, setSerials] = useState<string[]>([]);
  const pick = useQuery({
    queryKey: ['fulfill-order', id],
    queryFn: async () => (await api.get(`/fulfill-order/${id}`, pickListSchema)).data,
  });
  const ship = useMutation({
    mutationFn: (partial: boolean) =>
      api.post(`/fulfill-order/${id}`, { serials, partial }, ignoreData),
    onSuccess: (reply) => {
      notify.success(reply.message);
      void navigate('/orders');
    },
    onError: (error) => notify.danger(error.message),
  });
  const ordered = pick.data?.lines.reduce((sum, line) => sum + line.ordered, 0) ?? 0;
  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      <Typography variant="h5" component="h1">
        Fulfill Order #{id}
      </Typography>
      {pick.error && <Alert severity="error">{pick.error.message}</Alert>}
      {pick.data && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="body2">Status: {pick.data.order.status}</Typography>
          {pick.data.lines.map((line) => (
            <Typography key={line.product_id} variant="body2">
              {line.product_name}: {line.ordered} ordered, {line.in_warehouse} in the warehouse
            </Typography>
          ))}
        </Paper>
      )}
      <SerialScanner
        serials={serials}
        onChange={setSerials}
        label="Serial or IMEI"
        listLabel="Scanned serials"
        autoFocus
      />
      <Typography variant="body2">
        {serials.length} of {ordered} picked
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button
          variant="contained"
          disabled={!serials.length || ship.isPending}
          onClick={() => ship.mutate(false)}
        >
          Ship
        </Button>
        <Button disabled={!serials.length || ship.isPending} onClick={() => ship.mutate(true)}>
          Ship partial
        </Button>
      </Stack>
    </Stack>
  );
}

const classes = [
  ['matched', 'Matched', 'success'],
  ['missing', 'Missing', 'error'],
  ['unexpected', 'Unexpected', 'warning'],
  ['wrong_product', 'Wrong product', 'warning'],
] as const;

/** /receive-order/{id}: scan what arrived; the classes against the manifest update as you scan. */
export function ReceiveOrderPage() {
  const id = useOrderId();
  const navigate = useNavigate();
  const [serials, setSerials] = useState<string[]>([]);
  const check = useQuery({
    queryKey: ['receive-order', id, serials],
    queryFn: async () =>
      (await api.post(`/receive-order/${id}/check`, { serials }, manifestCheckSchema)).data,
    placeholderData: (previous) => previous,
  });
  const receive = useMutation({
    mutationFn: () => api.post(`/receive-order/${id}`, { serials }, receiveResultSchema),
    onSuccess: (reply) => {
      if (reply.data.status === 'received') notify.success(reply.message);
      else notify.warning(reply.message);
      void navigate('/orders');
    },
    onError: (error) => notify.danger(error.message),
  });
  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      <Typography variant="h5" component="h1">
        Receive Order #{id}
      </Typography>
      {check.error && <Alert severity="error">{check.error.message}</Alert>}
      <SerialScanner
        serials={serials}
        onChange={setSerials}
        label="Serial or IMEI"
        listLabel="Scanned serials"
        autoFocus
      />
      {check.data && (
        <Stack spacing={1}>
          {classes.map(([key, label, color]) => (
            <Stack key={key} direction="row" gap={1} flexWrap="wrap" alignItems="center">
              <Typography variant="subtitle2" sx={{ minWidth: 120 }}>
                {label} ({check.data[key].length})
              </Typography>
              {check.data[key].map((serial) => (
                <Chip key={serial} label={serial} color={color} size="small" />
              ))}
            </Stack>
          ))}
        </Stack>
      )}
      <Stack direction="row">
        <Button variant="contained" disabled={receive.isPending} onClick={() => receive.mutate()}>
          Receive
        </Button>
      </Stack>
    </Stack>
  );
}
