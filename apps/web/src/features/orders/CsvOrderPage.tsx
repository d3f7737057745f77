import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BulkRowError } from '@portal/contract/platform';
import type { ProductKind } from '@portal/contract/resources/catalog';
import {
  csvOrderResultSchema,
  csvOrderTemplate,
  orderableStoreSchema,
  type CsvOrderResult,
} from '@portal/contract/shop';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { api } from '../../platform/api.ts';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import type { DataColumn } from '../../platform/data-table/table-types.ts';
import { bulkRowErrorsOf } from '../../platform/resources/BulkCsvPage.tsx';
import { CsvFileField, CsvProblemsTable } from '../../platform/resources/CsvFileField.tsx';
import { resourceKeys } from '../../platform/resources/query-keys.ts';
import { notify } from '../../platform/toasts.ts';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { hasPermission } from '../auth/session.ts';

type CheckedLine = CsvOrderResult['lines'][number];
const lineColumns: DataColumn<CheckedLine>[] = [
  { id: 'line', header: 'Line', value: (row) => row.line, align: 'right' },
  { id: 'sku', header: 'SKU', value: (row) => row.sku },
  { id: 'name', header: 'Product', value: (row) => row.name },
  { id: 'quantity', header: 'Quantity', value: (row) => row.quantity, align: 'right', total: true },
];

/**
 * /csv-order: an order from a CSV file of `sku,quantity` rows. Check runs every row on the server
 * and lists each problem by line and column, saving nothing; Place order makes the order only
 * when every row is good (all or nothing), then goes to /orders.
 */
export function CsvOrderPage() {
  if (!hasPermission('write_orders')) return <AccessDenied />;
  return <CsvOrder />;
}

function CsvOrder() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [csv, setCsv] = useState('');
  const [kind, setKind] = useState<ProductKind>('device');
  const [storeId, setStoreId] = useState<string | null>(null);
  const [checked, setChecked] = useState<CsvOrderResult | null>(null);
  const [rowErrors, setRowErrors] = useState<BulkRowError[]>([]);
  const stores = useQuery({
    queryKey: ['orders', 'stores-can-order-for'],
    queryFn: async () =>
      (await api.get('/orders/stores-can-order-for', z.array(orderableStoreSchema))).data,
    staleTime: 60_000,
  });
  const chosen = storeId ?? (stores.data?.[0] ? String(stores.data[0].id) : '');
  const send = useMutation({
    mutationFn: (dryRun: boolean) =>
      api.post(
        '/csv-order',
        { store_id: Number(chosen), kind, csv, dry_run: dryRun },
        csvOrderResultSchema,
      ),
    onMutate: () => {
      setRowErrors([]);
      setChecked(null);
    },
    onSuccess: async (reply) => {
      if (reply.data.dry_run) {
        setChecked(reply.data);
        notify.success(reply.message);
        return;
      }
      notify.success(reply.message || 'Order created');
      await queryClient.invalidateQueries({ queryKey: resourceKeys('orders').all });
      void navigate('/orders');
    },
    onError: (error) => {
      setRowErrors(bulkRowErrorsOf(error));
      notify.danger(error.message || 'Order not created');
    },
  });
  const ready = Boolean(chosen && csv.trim()) && !send.isPending;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)', maxWidth: 960 }}>
      <Typography variant="h5" component="h1">
        CSV Order
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Typography variant="body2">
            One row per product: its SKU and the quantity. Every row is checked; if any row has a
            problem nothing is ordered.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              size="small"
              label="Store"
              value={chosen}
              onChange={(event) => setStoreId(event.target.value)}
              sx={{ minWidth: 220 }}
            >
              {(stores.data ?? []).map((store) => (
                <MenuItem key={store.id} value={String(store.id)}>
                  {store.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Order of"
              value={kind}
              onChange={(event) =>
                setKind(event.target.value === 'accessory' ? 'accessory' : 'device')
              }
              sx={{ minWidth: 180 }}
            >
              <MenuItem value="device">Products</MenuItem>
              <MenuItem value="accessory">Accessories</MenuItem>
            </TextField>
          </Stack>
          <CsvFileField
            csv={csv}
            onChange={(text, from) => {
              setCsv(text);
              setChecked(null);
              if (from === 'file') setRowErrors([]);
            }}
            template={{ csv: csvOrderTemplate, fileName: 'csv-order-template.csv' }}
            placeholder={'sku,quantity\nAPL-IP16-128,2'}
          />
          <Stack direction="row" spacing={1}>
            <Button disabled={!ready} onClick={() => send.mutate(true)}>
              Check
            </Button>
            <Button variant="contained" disabled={!ready} onClick={() => send.mutate(false)}>
              Place order
            </Button>
          </Stack>
        </Stack>
      </Paper>
      {send.error && !rowErrors.length && <Alert severity="error">{send.error.message}</Alert>}
      {rowErrors.length > 0 && (
        <CsvProblemsTable errors={rowErrors} reportName="CSV Order Problems" />
      )}
      {checked && (
        <DataTable
          label="Lines to order"
          reportName="CSV Order"
          columns={lineColumns}
          rows={checked.lines}
          getRowId={(row) => String(row.line)}
        />
      )}
    </Box>
  );
}
