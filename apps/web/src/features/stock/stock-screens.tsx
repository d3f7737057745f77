import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { adjustmentReasons, products } from '@portal/contract/resources/catalog';
import { warehouses } from '@portal/contract/resources/places';
import {
  inventoryStock,
  stockMovementSchema,
  stockValuationSchema,
  type StockMovement,
} from '@portal/contract/resources/stock';
import { api } from '../../platform/api.ts';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import type { DataColumn } from '../../platform/data-table/table-types.ts';
import { formatCents } from '../../platform/resources/DocumentPanels.tsx';
import { ResourceListPage } from '../../platform/resources/ResourceListPage.tsx';
import { failureMessage } from '../../platform/resources/outcome.ts';
import type { ResourceRow } from '../../platform/resources/resource-api.ts';
import type { ResourceScreens } from '../../platform/resources/routes.tsx';
import { createResourceScreens } from '../../platform/resources/screens.tsx';
import { defineResourceUi, type ReferenceSource } from '../../platform/resources/ui.ts';
import { useInvalidateResource, useResourceList } from '../../platform/resources/use-resource.ts';
import { notify } from '../../platform/toasts.ts';
import { namedColumn } from '../../platform/resources/document-ui.ts';
import { hasPermission } from '../auth/session.ts';
import { stockPaths as paths } from './paths.ts';

const env = { can: hasPermission };
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const byName = (row: ResourceRow): string =>
  typeof row.name === 'string' && row.name ? row.name : `#${row.id}`;

const productChoice: ReferenceSource = {
  resource: products,
  label: (row) => (typeof row.sku === 'string' ? `${byName(row)} (${row.sku})` : byName(row)),
  // Counted by quantity: serialised products are counted by their units.
  filter: { is_active: 'true', is_serialized: 'false' },
};
const warehouseChoice: ReferenceSource = { resource: warehouses, label: byName };
const valuationKey = ['stock', 'valuation'] as const;
const movementsKey = (id: number) => ['stock', 'movements', id] as const;

export const stockUi = defineResourceUi({
  resource: inventoryStock,
  paths: paths.records,
  title: 'Stock',
  columns: [
    {
      field: 'location_id',
      header: 'Warehouse',
      kind: 'reference',
      reference: warehouseChoice,
      value: (row) => text(row.location_name),
    },
    namedColumn('product_id', 'Product', 'product_name'),
    { field: 'on_hand', header: 'On hand', kind: 'number', total: true },
    { field: 'cost_cents', header: 'Unit cost', value: (row) => formatCents(row.cost_cents) },
    { field: 'value_cents', header: 'Value', value: (row) => formatCents(row.value_cents) },
    { field: 'reorder_point', header: 'Reorder point', kind: 'number' },
    { field: 'reorder_quantity', header: 'Reorder quantity', kind: 'number', hidden: true },
    { field: 'below_reorder', header: 'Below reorder point', kind: 'boolean' },
    { field: 'updated_at', header: 'Updated', kind: 'date', filterable: false },
  ],
  fields: [
    {
      name: 'product_id',
      label: 'Product',
      kind: 'search',
      reference: productChoice,
      labelFrom: 'product_name',
      only: 'create',
      helperText: 'Products counted by quantity (serialised ones are counted by serial)',
    },
    {
      name: 'location_id',
      label: 'Warehouse',
      kind: 'reference',
      reference: warehouseChoice,
      only: 'create',
    },
    {
      name: 'cost_cents',
      label: 'Unit cost (cents)',
      kind: 'number',
      helperText: '450 is $4.50',
    },
    { name: 'reorder_point', label: 'Reorder point', kind: 'number' },
    { name: 'reorder_quantity', label: 'Reorder quantity', kind: 'number' },
  ],
  links: [
    { label: 'Bulk upload', to: paths.bulkUpload, permission: 'write_inventory_stock' },
    { label: 'Bulk update', to: paths.bulkUpdate, permission: 'write_inventory_stock' },
  ],
  panels: [
    {
      value: 'movements',
      label: 'Movements',
      render: (row) => <MovementsPanel row={row} />,
    },
  ],
});

/** Value per warehouse and overall, above the list (the server sums in integer cents). */
function Valuation() {
  const valuation = useQuery({
    queryKey: valuationKey,
    queryFn: async () => (await api.get('/inventory-stock/valuation', stockValuationSchema)).data,
  });
  if (valuation.isError) return <Alert severity="error">{valuation.error.message}</Alert>;
  const data = valuation.data;
  if (!data) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Valuation">
      <Stack direction="row" spacing={4} flexWrap="wrap" useFlexGap>
        <Box>
          <Typography variant="overline">Total value</Typography>
          <Typography variant="h6" data-testid="stock-total-value">
            {formatCents(data.value_cents)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {data.on_hand} on hand, {data.below_reorder} below reorder point
          </Typography>
        </Box>
        {data.locations.map((location) => (
          <Box key={location.location_id}>
            <Typography variant="overline">{location.location_name}</Typography>
            <Typography variant="h6">{formatCents(location.value_cents)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {location.on_hand} on hand, {location.below_reorder} below reorder point
            </Typography>
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}

const movementColumns: DataColumn<StockMovement>[] = [
  { id: 'created_at', header: 'When', value: (row) => new Date(row.created_at).toLocaleString() },
  {
    id: 'delta',
    header: 'Quantity',
    value: (row) => (row.delta > 0 ? `+${row.delta}` : String(row.delta)),
  },
  { id: 'reason', header: 'Reason', value: (row) => row.reason },
  { id: 'user', header: 'By', value: (row) => row.user_name ?? '' },
  {
    id: 'receipt',
    header: 'Receipt',
    value: (row) => (row.receipt_id ? `#${row.receipt_id}` : ''),
  },
];

/** A record's movements, newest first, and the form that records one (quantity, reason, note). */
function MovementsPanel({ row }: { row: ResourceRow }) {
  const id = row.id;
  const client = useQueryClient();
  const invalidate = useInvalidateResource(inventoryStock);
  const [quantity, setQuantity] = useState('');
  const [reasonId, setReasonId] = useState('');
  const [note, setNote] = useState('');
  const movements = useQuery({
    queryKey: movementsKey(id),
    queryFn: async () =>
      (await api.get(`/inventory-stock/${id}/movements`, z.array(stockMovementSchema))).data,
  });
  const reasons = useResourceList(adjustmentReasons, {
    page: 0,
    perPage: 1000,
    sort: 'name',
  });
  const move = useMutation({
    mutationFn: () =>
      api.post(
        `/inventory-stock/${id}/move`,
        { quantity: Number(quantity), reason_id: Number(reasonId), note: note || null },
        z.unknown(),
      ),
    onSuccess: async (reply) => {
      notify.success(reply.message || 'Stock movement recorded');
      setQuantity('');
      setNote('');
      await Promise.all([
        invalidate(),
        client.invalidateQueries({ queryKey: movementsKey(id) }),
        client.invalidateQueries({ queryKey: valuationKey }),
      ]);
    },
    onError: (error) => notify.danger(failureMessage(error, 'Stock movement not recorded')),
  });
  const canMove = hasPermission('write_inventory_stock');
  const whole = /^-?\d+$/.test(quantity) && Number(quantity) !== 0;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography>
        On hand: <strong aria-label="On hand">{String(row.on_hand)}</strong>
      </Typography>
      {canMove && (
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          aria-label="Record movement"
          onSubmit={(event) => {
            event.preventDefault();
            if (whole && reasonId) move.mutate();
          }}
        >
          <TextField
            label="Quantity"
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
            helperText="Negative takes units out"
            inputProps={{ inputMode: 'numeric' }}
          />
          <TextField
            select
            label="Reason"
            value={reasonId}
            onChange={(event) => setReasonId(event.target.value)}
            sx={{ minWidth: 200 }}
          >
            {(reasons.data?.results ?? []).map((reason) => (
              <MenuItem key={reason.id} value={String(reason.id)}>
                {String(reason.name)}
              </MenuItem>
            ))}
          </TextField>
          <TextField label="Note" value={note} onChange={(event) => setNote(event.target.value)} />
          <Button
            type="submit"
            variant="contained"
            disabled={!whole || !reasonId || move.isPending}
          >
            Record movement
          </Button>
        </Stack>
      )}
      {movements.isError && <Alert severity="error">{movements.error.message}</Alert>}
      <DataTable
        label="Movements"
        reportName={`Stock movements ${id}`}
        rows={movements.data ?? []}
        columns={movementColumns}
        getRowId={(movement) => String(movement.id)}
        loading={movements.isLoading}
        emptyMessage="No movements yet"
      />
    </Box>
  );
}

const engineScreens = createResourceScreens(stockUi, env);

/** The engine's screens, with the valuation above the list. */
export const stockScreens: ResourceScreens = {
  ...engineScreens,
  List: function StockList() {
    return (
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Valuation />
        <ResourceListPage ui={stockUi} env={env} />
      </Box>
    );
  },
};
