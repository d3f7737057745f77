import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ProductKind } from '@portal/contract/resources/catalog';
import { orderSchema, orders } from '@portal/contract/resources/orders';
import { suggestedOrderSchema, type SuggestedLine } from '@portal/contract/resources/replenishment';
import { orderableStoreSchema } from '@portal/contract/shop';
import { storageKeys } from '@portal/contract/storage-keys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { api } from '../../platform/api.ts';
import { formatCents } from '../../platform/resources/DocumentPanels.tsx';
import { resourceKeys } from '../../platform/resources/query-keys.ts';
import { readStored } from '../../platform/storage.ts';
import { notify } from '../../platform/toasts.ts';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { hasPermission } from '../auth/session.ts';

const MAX_QUANTITY = 100_000;

/**
 * /suggested-order: what a store should order now, computed on the server per product (minimum,
 * average daily sales over the company's window, lead days, on hand, in transit, on order). Each
 * quantity starts at the suggestion and can be changed; "Create order" makes an open order of the
 * lines above zero, which stays editable until it is submitted.
 */
export function SuggestedOrderPage() {
  if (!hasPermission('write_orders')) return <AccessDenied />;
  return <SuggestedOrder />;
}

function SuggestedOrder() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [storeId, setStoreId] = useState<string | null>(null);
  const [kind, setKind] = useState<ProductKind>('device');
  // Quantities typed over the suggestions, per store, kind and product.
  const [typed, setTyped] = useState<Record<string, string>>({});
  const stores = useQuery({
    queryKey: ['orders', 'stores-can-order-for'],
    queryFn: async () =>
      (await api.get('/orders/stores-can-order-for', z.array(orderableStoreSchema))).data,
    staleTime: 60_000,
  });
  const current = readStored(storageKeys.storeId);
  const fallback =
    stores.data?.find((store) => String(store.id) === current) ?? stores.data?.[0] ?? null;
  const chosen = storeId ?? (fallback ? String(fallback.id) : '');
  const suggestion = useQuery({
    queryKey: ['suggested-order', chosen, kind],
    queryFn: async () =>
      (
        await api.get('/suggested-order', suggestedOrderSchema, {
          query: { store_id: chosen, kind },
        })
      ).data,
    enabled: chosen !== '',
  });
  const keyOf = (line: SuggestedLine) => `${chosen}:${kind}:${line.product_id}`;
  const textOf = (line: SuggestedLine) => typed[keyOf(line)] ?? String(line.suggested);
  const quantityOf = (line: SuggestedLine): number | null => {
    const value = textOf(line).trim();
    const number = Number(value);
    return value !== '' && Number.isInteger(number) && number >= 0 && number <= MAX_QUANTITY
      ? number
      : null;
  };
  const lines = suggestion.data?.lines ?? [];
  const invalid = lines.filter((line) => quantityOf(line) === null);
  const ordered = lines.flatMap((line) => {
    const quantity = quantityOf(line);
    return quantity ? [{ product_id: line.product_id, quantity }] : [];
  });
  const total = lines.reduce((sum, line) => sum + (quantityOf(line) ?? 0) * line.price_cents, 0);

  const create = useMutation({
    mutationFn: () =>
      api.post(
        orders.path,
        { store_id: Number(chosen), kind, note: 'Suggested order', lines: ordered },
        orderSchema,
      ),
    onSuccess: async (reply) => {
      notify.success(reply.message || orders.messages.created);
      await queryClient.invalidateQueries({ queryKey: resourceKeys(orders.name).all });
      await queryClient.invalidateQueries({ queryKey: ['suggested-order'] });
      setTyped({});
      void navigate(orders.afterSave ?? '/orders');
    },
    onError: (error) => notify.danger(error.message || orders.messages.notCreated),
  });

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Typography variant="h5" component="h1">
        Suggested Order
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
        <TextField
          select
          size="small"
          label="Store"
          value={chosen}
          onChange={(event) => setStoreId(event.target.value)}
          sx={{ minWidth: 240 }}
          helperText={
            stores.data && stores.data.length === 0 ? 'You may not order for any store' : undefined
          }
        >
          {(stores.data ?? []).map((store) => (
            <MenuItem key={store.id} value={String(store.id)}>
              {store.name}
            </MenuItem>
          ))}
        </TextField>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={kind}
          onChange={(_event, next: ProductKind | null) => next && setKind(next)}
          aria-label="Kind of order"
        >
          <ToggleButton value="device">Products</ToggleButton>
          <ToggleButton value="accessory">Accessories</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {suggestion.data && (
        <Typography variant="body2" color="text.secondary">
          Suggested = the larger of the minimum and average daily sales (last{' '}
          {suggestion.data.sales_days} days, returns taken off) × lead days, less on hand, in
          transit and on order.
        </Typography>
      )}
      {suggestion.isFetching && <LinearProgress aria-label="Loading suggestions" />}
      {suggestion.isError && <Alert severity="error">{suggestion.error.message}</Alert>}
      {suggestion.data && lines.length === 0 && (
        <Alert severity="info">
          No minimums or recent sales at this store for these products: nothing to suggest.
        </Alert>
      )}
      {lines.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Suggestions">
            <TableHead>
              <TableRow>
                <TableCell>Product</TableCell>
                <TableCell align="right">Minimum</TableCell>
                <TableCell align="right">Sold</TableCell>
                <TableCell align="right">Returned</TableCell>
                <TableCell align="right">Per day</TableCell>
                <TableCell align="right">Lead days</TableCell>
                <TableCell align="right">Target</TableCell>
                <TableCell align="right">On hand</TableCell>
                <TableCell align="right">In transit</TableCell>
                <TableCell align="right">On order</TableCell>
                <TableCell align="right">Suggested</TableCell>
                <TableCell align="right">Order</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((line) => {
                const bad = quantityOf(line) === null;
                return (
                  <TableRow key={line.product_id}>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {line.product_name}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {line.sku} · {formatCents(line.price_cents)}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">{line.minimum}</TableCell>
                    <TableCell align="right">{line.sold}</TableCell>
                    <TableCell align="right">{line.returned}</TableCell>
                    <TableCell align="right">{line.average_daily}</TableCell>
                    <TableCell align="right">{line.lead_days}</TableCell>
                    <TableCell align="right">{line.target}</TableCell>
                    <TableCell align="right">{line.on_hand}</TableCell>
                    <TableCell align="right">{line.in_transit}</TableCell>
                    <TableCell align="right">{line.on_order}</TableCell>
                    <TableCell align="right">{line.suggested}</TableCell>
                    <TableCell align="right">
                      <TextField
                        type="number"
                        size="small"
                        value={textOf(line)}
                        error={bad}
                        helperText={bad ? 'A whole number, 0 or more' : undefined}
                        onChange={(event) =>
                          setTyped({ ...typed, [keyOf(line)]: event.target.value })
                        }
                        slotProps={{
                          htmlInput: {
                            min: 0,
                            step: 1,
                            'aria-label': `Quantity of ${line.product_name}`,
                          },
                        }}
                        sx={{ width: 100 }}
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {lines.length > 0 && (
        <Stack direction="row" spacing={2} alignItems="center" justifyContent="flex-end">
          <Typography aria-label="Suggested order value">
            {ordered.length} product{ordered.length === 1 ? '' : 's'} · {formatCents(total)} before
            tax
          </Typography>
          <Button
            variant="contained"
            disabled={ordered.length === 0 || invalid.length > 0 || create.isPending}
            onClick={() => create.mutate()}
          >
            Create order
          </Button>
        </Stack>
      )}
    </Box>
  );
}
