import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { stores } from '@portal/contract/resources/organisation';
import { type QuicksnapRequest } from '@portal/contract/resources/sale-invoices';
import {
  paymentMethodLabels,
  paymentMethods,
  saleSchema,
  type Payment,
} from '@portal/contract/resources/sales';
import { storageKeys } from '@portal/contract/storage-keys';
import { api, ApiError } from '../../platform/api.ts';
import { formatCents } from '../../platform/resources/DocumentPanels.tsx';
import { failureMessage } from '../../platform/resources/outcome.ts';
import { useResourceList } from '../../platform/resources/use-resource.ts';
import { readStored } from '../../platform/storage.ts';
import { notify } from '../../platform/toasts.ts';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { hasPermission } from '../auth/session.ts';
import { saleConfirmationPath } from './paths.ts';

interface Line {
  sku: string;
  quantity: number;
  serial: string;
}

const storedStore = () => {
  const id = Number(readStored(storageKeys.storeId));
  return Number.isInteger(id) && id > 0 ? String(id) : '';
};

/**
 * SPEC.md /quicksnap-invoice: one screen to ring up a sale by scanning SKUs. Every change is priced
 * by the server (a dry run of the same request); Ring up sends it once: the simple sale's engine
 * rings it up and takes the payment in one step, then the confirmation (receipt) opens.
 */
export function QuicksnapInvoicePage() {
  const navigate = useNavigate();
  const [storeId, setStoreId] = useState(storedStore);
  const [customerName, setCustomerName] = useState('');
  const [customerPhone, setCustomerPhone] = useState('');
  const [scan, setScan] = useState('');
  const [lines, setLines] = useState<Line[]>([]);
  const [method, setMethod] = useState<Payment['method']>('cash');
  const storeList = useResourceList(stores, {
    page: 0,
    perPage: 500,
    sort: 'name',
    filter: { is_active: 'true' },
  });
  const request = (dryRun: boolean): QuicksnapRequest => ({
    store_id: Number(storeId),
    customer_name: customerName.trim() || null,
    customer_phone: customerPhone.trim() || null,
    lines: lines.map((line) => ({
      sku: line.sku,
      quantity: line.quantity,
      serial: line.serial.trim() || null,
    })),
    payment_method: method,
    dry_run: dryRun,
  });
  const canPrice = storeId !== '' && lines.length > 0;
  const preview = useQuery({
    queryKey: ['quicksnap-preview', storeId, customerPhone, lines],
    queryFn: async () => (await api.post('/sales/quicksnap', request(true), saleSchema)).data,
    enabled: canPrice,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const ringUp = useMutation({
    mutationFn: () => api.post('/sales/quicksnap', request(false), saleSchema),
    onSuccess: (reply) => {
      notify.success(reply.message);
      void navigate(saleConfirmationPath(reply.data.id));
    },
    onError: (error) => notify.danger(failureMessage(error, 'Invoice not rung up')),
  });
  if (!hasPermission('write_sales')) return <AccessDenied />;

  const fieldErrors = preview.error instanceof ApiError ? preview.error.fieldErrors : {};
  const lineError = (index: number) =>
    fieldErrors[`lines.${String(index)}.sku`]?.[0] ??
    fieldErrors[`lines.${String(index)}.serial`]?.[0] ??
    fieldErrors[`lines.${String(index)}.quantity`]?.[0];
  const priced = preview.isError ? undefined : preview.data;
  const add = (event: FormEvent) => {
    event.preventDefault();
    const sku = scan.trim();
    if (!sku) return;
    setLines((current) => {
      const index = current.findIndex((line) => line.sku === sku && !line.serial);
      if (index < 0) return [...current, { sku, quantity: 1, serial: '' }];
      return current.map((line, i) =>
        i === index ? { ...line, quantity: line.quantity + 1 } : line,
      );
    });
    setScan('');
  };
  const change = (index: number, patch: Partial<Line>) =>
    setLines((current) => current.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  const general =
    preview.error && !Object.keys(fieldErrors).some((key) => key.startsWith('lines.'))
      ? failureMessage(preview.error, 'The sale cannot be priced')
      : null;

  return (
    <Stack spacing={2} sx={{ maxWidth: 960, minWidth: 0 }}>
      <Typography variant="h5" component="h1">
        Quicksnap invoice
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label="Store"
          value={storeId}
          onChange={(event) => setStoreId(event.target.value)}
          sx={{ minWidth: 220 }}
          required
        >
          {(storeList.data?.results ?? []).map((store) => (
            <MenuItem key={store.id} value={String(store.id)}>
              {String(store.name)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Customer name"
          value={customerName}
          onChange={(event) => setCustomerName(event.target.value)}
          helperText="Optional"
        />
        <TextField
          label="Customer phone"
          value={customerPhone}
          onChange={(event) => setCustomerPhone(event.target.value.replace(/\D/g, '').slice(0, 10))}
          error={Boolean(fieldErrors.customer_phone ?? fieldErrors.customer_name)}
          helperText={
            fieldErrors.customer_phone?.[0] ??
            fieldErrors.customer_name?.[0] ??
            'Optional: a new number adds the customer'
          }
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Stack>
      <Stack component="form" direction="row" spacing={1} onSubmit={add}>
        <TextField
          label="Scan SKU"
          value={scan}
          onChange={(event) => setScan(event.target.value)}
          autoFocus
          sx={{ flex: 1, maxWidth: 420 }}
        />
        <Button type="submit" variant="outlined">
          Add
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Items">
          <TableHead>
            <TableRow>
              <TableCell>SKU</TableCell>
              <TableCell>Item</TableCell>
              <TableCell>IMEI</TableCell>
              <TableCell align="right">Quantity</TableCell>
              <TableCell align="right">Price</TableCell>
              <TableCell align="right">Total</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.length === 0 && (
              <TableRow>
                <TableCell colSpan={7}>Scan a SKU to add an item.</TableCell>
              </TableRow>
            )}
            {lines.map((line, index) => {
              const pricedLine = priced?.lines?.[index];
              const problem = lineError(index);
              return (
                <TableRow key={`${line.sku}-${String(index)}`}>
                  <TableCell>{line.sku}</TableCell>
                  <TableCell>
                    {problem ? (
                      <Typography color="error" variant="body2">
                        {problem}
                      </Typography>
                    ) : (
                      (pricedLine?.product_name ?? '')
                    )}
                  </TableCell>
                  <TableCell>
                    <TextField
                      size="small"
                      value={line.serial}
                      onChange={(event) => change(index, { serial: event.target.value })}
                      slotProps={{ htmlInput: { 'aria-label': `IMEI of ${line.sku}` } }}
                    />
                  </TableCell>
                  <TableCell align="right">
                    <TextField
                      size="small"
                      type="number"
                      value={line.quantity}
                      onChange={(event) =>
                        change(index, { quantity: Math.max(1, Number(event.target.value) || 1) })
                      }
                      slotProps={{
                        htmlInput: { min: 1, max: 1000, 'aria-label': `Quantity of ${line.sku}` },
                      }}
                      sx={{ width: 90 }}
                    />
                  </TableCell>
                  <TableCell align="right">{formatCents(pricedLine?.unit_price_cents)}</TableCell>
                  <TableCell align="right">{formatCents(pricedLine?.total_cents)}</TableCell>
                  <TableCell>
                    <IconButton
                      aria-label={`Remove ${line.sku}`}
                      onClick={() => setLines((current) => current.filter((_, i) => i !== index))}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Paper>
      {preview.isFetching && <LinearProgress aria-label="Pricing" />}
      {general && <Alert severity="error">{general}</Alert>}
      <Stack direction="row" spacing={3} justifyContent="flex-end">
        <Typography>Subtotal {formatCents(priced?.subtotal_cents ?? 0)}</Typography>
        <Typography>Tax {formatCents(priced?.tax_cents ?? 0)}</Typography>
        <Typography fontWeight="bold" aria-label="Total">
          Total {formatCents(priced?.total_cents ?? 0)}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={2} justifyContent="flex-end" alignItems="center">
        <TextField
          select
          label="Payment"
          value={method}
          onChange={(event) =>
            setMethod(paymentMethods.find((m) => m === event.target.value) ?? 'cash')
          }
          sx={{ minWidth: 180 }}
        >
          {paymentMethods.map((each) => (
            <MenuItem key={each} value={each}>
              {paymentMethodLabels[each]}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="contained"
          size="large"
          disabled={!canPrice || !priced || preview.isError || ringUp.isPending}
          onClick={() => ringUp.mutate()}
        >
          Ring up
        </Button>
      </Stack>
    </Stack>
  );
}
