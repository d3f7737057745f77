import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { bulkRowErrorSchema, type BulkRowError } from '@portal/contract/platform';
import type { ProductKind } from '@portal/contract/resources/catalog';
import {
  csvOrderResultSchema,
  csvOrderTemplate,
  orderableStoreSchema,
  type CsvOrderResult,
} from '@portal/contract/shop';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { ApiError, api } from '../../platform/api.ts';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import type { DataColumn } from '../../platform/data-table/table-types.ts';
import { isRecord } from '../../platform/is-record.ts';
import { resourceKeys } from '../../platform/resources/query-keys.ts';
import { notify } from '../../platform/toasts.ts';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { hasPermission } from '../auth/session.ts';

const errorColumns: DataColumn<BulkRowError>[] = [
  { id: 'line', header: 'Line', value: (row) => row.line, align: 'right' },
  { id: 'field', header: 'Column', value: (row) => row.field ?? '' },
  { id: 'message', header: 'Problem', value: (row) => row.message },
];
type CheckedLine = CsvOrderResult['lines'][number];
const lineColumns: DataColumn<CheckedLine>[] = [
  { id: 'line', header: 'Line', value: (row) => row.line, align: 'right' },
  { id: 'sku', header: 'SKU', value: (row) => row.sku },
  { id: 'name', header: 'Product', value: (row) => row.name },
  { id: 'quantity', header: 'Quantity', value: (row) => row.quantity, align: 'right', total: true },
];

/** The per-row errors of a refused file (the reply's data.errors). */
function rowErrorsOf(error: unknown): BulkRowError[] {
  if (!(error instanceof ApiError) || !isRecord(error.body)) return [];
  const data = error.body.data;
  if (!isRecord(data)) return [];
  const parsed = z.array(bulkRowErrorSchema).safeParse(data.errors);
  return parsed.success ? parsed.data : [];
}

/** Offers the template file (the header line) as a download. */
function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([csvOrderTemplate], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'csv-order-template.csv';
  link.click();
  URL.revokeObjectURL(url);
}

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
  const [fileName, setFileName] = useState('');
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
      setRowErrors(rowErrorsOf(error));
      notify.danger(error.message || 'Order not created');
    },
  });
  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setFileName(file.name);
    setCsv(await file.text());
    setChecked(null);
    setRowErrors([]);
  };
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
          <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap alignItems="center">
            <Button variant="outlined" component="label">
              Choose CSV file
              <input
                type="file"
                accept=".csv,text/csv"
                hidden
                aria-label="CSV file"
                onChange={(event) => void readFile(event)}
              />
            </Button>
            <Typography variant="body2">{fileName || 'No file chosen'}</Typography>
            <Button onClick={downloadTemplate}>Download template</Button>
          </Stack>
          <TextField
            label="CSV"
            multiline
            minRows={4}
            value={csv}
            onChange={(event) => {
              setCsv(event.target.value);
              setChecked(null);
            }}
            placeholder={'sku,quantity\nAPL-IP16-128,2'}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
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
        <DataTable
          label="Problems in the file"
          reportName="CSV Order Problems"
          columns={errorColumns}
          rows={rowErrors}
          getRowId={(row) => `${row.line}-${row.field ?? ''}-${row.message}`}
        />
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
