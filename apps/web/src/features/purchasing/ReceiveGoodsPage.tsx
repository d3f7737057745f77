import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { listDataSchema } from '@portal/contract/envelope';
import { productSchema } from '@portal/contract/resources/catalog';
import {
  discrepancySchema,
  purchaseOrderReceipts,
  purchaseOrderSchema,
  purchaseOrderStatusMachine,
  receiptSchema,
  receivableStatuses,
  type PurchaseOrderLine,
  type Receipt,
} from '@portal/contract/resources/purchasing';
import { SerialScanner } from '../../platform/SerialScanner.tsx';
import { api, ApiError } from '../../platform/api.ts';
import { withId } from '../../platform/resources/paths.ts';
import { resourceKeys } from '../../platform/resources/query-keys.ts';
import { notify } from '../../platform/toasts.ts';
import { purchasingPaths as paths } from './paths.ts';

/** What is still expected on an order line. */
const outstandingOf = (line: PurchaseOrderLine) =>
  line.quantity - line.received_quantity - line.rejected_quantity - line.short_quantity;

interface Entry {
  accepted: string;
  rejected: string;
  short: string;
  reason: string;
  serials: string[];
  rejectedSerials: string[];
  /** the receipt line, when editing a posted receipt */
  lineId?: number;
}
const emptyEntry: Entry = {
  accepted: '',
  rejected: '',
  short: '',
  reason: '',
  serials: [],
  rejectedSerials: [],
};
const units = (value: string) => (value.trim() === '' ? 0 : Number(value));

const orderList = listDataSchema(purchaseOrderSchema.loose());

/**
 * /inventory-purchase-order-receipt/create: receive goods against a sent purchase order. Per line:
 * accepted, rejected and short units, a reason (needed for rejected or short units and above the
 * supplier's tolerance), one scanned serial per accepted and per rejected unit of a serialised
 * product (rejected ones are set aside, never in stock). The server posts it all or nothing;
 * afterwards a short or rejected line can open a discrepancy.
 * /inventory-purchase-order-receipt/edit/:id is the same screen for a posted receipt: its stock is
 * in, so the figures and serials are shown as posted and only the note and reasons change.
 */
export function ReceiveGoodsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const receiptId = Number(useParams().id) || null;
  const editing = receiptId !== null;
  const [orderId, setOrderId] = useState<number | null>(
    Number(params.get('purchase_order_id')) || null,
  );
  const [entries, setEntries] = useState<Record<number, Entry>>({});
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [done, setDone] = useState<Receipt | null>(null);

  const posted = useQuery({
    queryKey: ['purchasing', 'receipt', receiptId],
    enabled: editing,
    queryFn: async () =>
      (await api.get(`${purchaseOrderReceipts.path}/${receiptId}`, receiptSchema)).data,
  });
  // Editing: the form starts from what was posted, set while rendering once it has loaded.
  const [loaded, setLoaded] = useState<Receipt | null>(null);
  const receipt = posted.data;
  if (receipt && receipt !== loaded) {
    setLoaded(receipt);
    setOrderId(receipt.purchase_order_id);
    setNote(receipt.note ?? '');
    setEntries(
      Object.fromEntries(
        (receipt.lines ?? []).map((line) => [
          line.purchase_order_line_id,
          {
            accepted: String(line.quantity),
            rejected: String(line.rejected_quantity),
            short: String(line.short_quantity),
            reason: line.reason ?? '',
            serials: line.serials,
            rejectedSerials: line.rejected_serials,
            lineId: line.id,
          },
        ]),
      ),
    );
  }

  const open = useQuery({
    queryKey: ['purchasing', 'receivable-orders'],
    queryFn: async () =>
      (
        await api.get('/inventory-purchase-orders', orderList, {
          query: { perPage: 200, sort: '-id' },
        })
      ).data.results.filter((row) => receivableStatuses.includes(row.status)),
  });
  const order = useQuery({
    queryKey: ['purchasing', 'order', orderId],
    enabled: orderId !== null,
    queryFn: async () =>
      (await api.get(`/inventory-purchase-orders/${orderId}`, purchaseOrderSchema)).data,
  });
  // Editing shows the receipt's lines only.
  const lines = (order.data?.lines ?? []).filter(
    (line) => !editing || entries[line.id]?.lineId !== undefined,
  );
  const productIds = [...new Set(lines.map((line) => line.product_id))];
  const serialised = useQuery({
    queryKey: ['purchasing', 'serialised', productIds],
    enabled: productIds.length > 0,
    queryFn: async () => {
      const found = await Promise.all(
        productIds.map(async (id) => (await api.get(`/products/${id}`, productSchema)).data),
      );
      return new Set(found.filter((p) => p.is_serialized).map((p) => p.id));
    },
  });

  const entryOf = (id: number) => entries[id] ?? emptyEntry;
  const change = (id: number, patch: Partial<Entry>) =>
    setEntries((all) => ({ ...all, [id]: { ...entryOf(id), ...patch } }));
  const touched = lines.filter((line) => {
    const entry = entryOf(line.id);
    return units(entry.accepted) + units(entry.rejected) + units(entry.short) > 0;
  });

  const post = useMutation({
    mutationFn: () =>
      api.post(
        purchaseOrderReceipts.path,
        {
          purchase_order_id: orderId,
          note: note.trim() || null,
          lines: touched.map((line) => {
            const entry = entryOf(line.id);
            return {
              purchase_order_line_id: line.id,
              accepted_quantity: units(entry.accepted),
              rejected_quantity: units(entry.rejected),
              short_quantity: units(entry.short),
              reason: entry.reason.trim() || null,
              serials: entry.serials,
              rejected_serials: entry.rejectedSerials,
            };
          }),
        },
        receiptSchema,
      ),
    onSuccess: (reply) => {
      notify.success(reply.message);
      setErrors({});
      setDone(reply.data);
    },
    onError: (error) => {
      setErrors(error instanceof ApiError ? error.fieldErrors : {});
      notify.danger(error.message);
    },
  });
  const save = useMutation({
    mutationFn: () =>
      api.patch(
        `${purchaseOrderReceipts.path}/${receiptId}`,
        {
          note: note.trim() || null,
          lines: touched.map((line) => {
            const entry = entryOf(line.id);
            return {
              id: entry.lineId,
              reason: entry.reason.trim() || null,
              accepted_quantity: units(entry.accepted),
              rejected_quantity: units(entry.rejected),
              short_quantity: units(entry.short),
              serials: entry.serials,
              rejected_serials: entry.rejectedSerials,
            };
          }),
        },
        receiptSchema,
      ),
    onSuccess: async (reply) => {
      notify.success(reply.message);
      // The view and list show the receipt as saved, not as cached before.
      await queryClient.invalidateQueries({
        queryKey: resourceKeys(purchaseOrderReceipts.name).all,
      });
      queryClient.removeQueries({ queryKey: ['purchasing', 'receipt', receiptId] });
      void navigate(withId(paths.receipts.view, reply.data.id));
    },
    onError: (error) => {
      setErrors(error instanceof ApiError ? error.fieldErrors : {});
      notify.danger(error.message);
    },
  });
  const lineError = (index: number) =>
    Object.entries(errors)
      .filter(([field]) => field.startsWith(`lines.${index}.`))
      .flatMap(([, messages]) => messages);

  const openDiscrepancy = useMutation({
    mutationFn: (line: { id: number; reason: string | null }) =>
      api.post(
        '/inventory-receipt-discrepancies',
        { receipt_line_id: line.id, description: line.reason },
        discrepancySchema,
      ),
    onSuccess: (reply) => {
      notify.success(reply.message);
      void navigate(paths.discrepancies.view.replace(':id', String(reply.data.id)));
    },
    onError: (error) => notify.danger(error.message),
  });

  if (done) {
    const problems = (done.lines ?? []).filter((l) => l.short_quantity || l.rejected_quantity);
    return (
      <Stack spacing={2} sx={{ maxWidth: 960 }}>
        <Typography variant="h5" component="h1">
          Receipt #{done.id} for PO #{done.purchase_order_id}
        </Typography>
        <Alert severity={problems.length ? 'warning' : 'success'}>
          {problems.length
            ? 'Some units were short or rejected: open a discrepancy to take it up with the supplier.'
            : 'Everything received was accepted into the warehouse.'}
        </Alert>
        {problems.map((line) => (
          <Paper key={line.id} variant="outlined" sx={{ p: 2 }}>
            <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
              <Typography sx={{ flexGrow: 1 }}>
                {line.product_name}: {line.short_quantity} short, {line.rejected_quantity} rejected
                {line.reason ? ` (${line.reason})` : ''}
              </Typography>
              <Button
                variant="contained"
                disabled={openDiscrepancy.isPending}
                onClick={() => openDiscrepancy.mutate({ id: line.id, reason: line.reason })}
              >
                Open discrepancy
              </Button>
            </Stack>
          </Paper>
        ))}
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to={paths.receipts.view.replace(':id', String(done.id))}>
            View receipt
          </Button>
          <Button
            component={RouterLink}
            to={paths.purchaseOrders.view.replace(':id', String(done.purchase_order_id))}
          >
            View purchase order
          </Button>
        </Stack>
      </Stack>
    );
  }

  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      <Typography variant="h5" component="h1">
        {editing ? `Edit Receipt #${receiptId}` : 'Receive Goods'}
      </Typography>
      {posted.error && <Alert severity="error">{posted.error.message}</Alert>}
      {editing && (
        <Alert severity="info">
          The stock of this receipt has entered the warehouse: only the note and the reasons can be
          changed.
        </Alert>
      )}
      <TextField
        select
        label="Purchase order"
        disabled={editing}
        value={orderId ?? ''}
        onChange={(event) => {
          setOrderId(Number(event.target.value) || null);
          setEntries({});
          setErrors({});
        }}
        sx={{ maxWidth: 480 }}
        helperText="Sent or partially received orders"
      >
        {(open.data ?? []).map((row) => (
          <MenuItem key={row.id} value={row.id}>
            PO #{row.id}
            {row.reference ? ` ${row.reference}` : ''} · {row.supplier_name ?? ''} ·{' '}
            {purchaseOrderStatusMachine.labels[row.status]}
          </MenuItem>
        ))}
        {orderId !== null && !(open.data ?? []).some((row) => row.id === orderId) && (
          <MenuItem value={orderId}>PO #{orderId}</MenuItem>
        )}
      </TextField>
      {order.error && <Alert severity="error">{order.error.message}</Alert>}
      {order.data && !editing && !receivableStatuses.includes(order.data.status) && (
        <Alert severity="warning">
          This purchase order is {purchaseOrderStatusMachine.labels[order.data.status]}; it cannot
          be received.
        </Alert>
      )}
      {order.data && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Lines to receive">
            <TableHead>
              <TableRow>
                <TableCell>Product</TableCell>
                <TableCell align="right">Outstanding</TableCell>
                <TableCell>Accepted</TableCell>
                <TableCell>Rejected</TableCell>
                <TableCell>Short</TableCell>
                <TableCell>Reason</TableCell>
                <TableCell>Serials</TableCell>
                <TableCell>Rejected serials</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((line) => {
                const entry = entryOf(line.id);
                const index = touched.indexOf(line);
                const messages = index >= 0 ? lineError(index) : [];
                const name = line.product_name ?? `Product #${line.product_id}`;
                return (
                  <TableRow key={line.id}>
                    <TableCell>
                      {name}
                      {messages.map((message) => (
                        <Typography key={message} color="error" variant="body2">
                          {message}
                        </Typography>
                      ))}
                    </TableCell>
                    <TableCell align="right">{Math.max(outstandingOf(line), 0)}</TableCell>
                    {(['accepted', 'rejected', 'short'] as const).map((field) => (
                      <TableCell key={field}>
                        <TextField
                          size="small"
                          type="number"
                          value={entry[field]}
                          disabled={editing}
                          onChange={(event) => change(line.id, { [field]: event.target.value })}
                          slotProps={{
                            htmlInput: { min: 0, step: 1, 'aria-label': `${field} ${name}` },
                          }}
                          sx={{ width: 96 }}
                        />
                      </TableCell>
                    ))}
                    <TableCell>
                      <TextField
                        size="small"
                        value={entry.reason}
                        onChange={(event) => change(line.id, { reason: event.target.value })}
                        slotProps={{ htmlInput: { 'aria-label': `reason ${name}` } }}
                      />
                    </TableCell>
                    {(['serials', 'rejectedSerials'] as const).map((list) => (
                      <TableCell key={list} sx={{ minWidth: 200 }}>
                        {serialised.data?.has(line.product_id) ? (
                          <SerialScanner
                            compact
                            helperText="Scan or type, then Enter"
                            label={`${list === 'serials' ? 'Serials' : 'Rejected serials'} ${name}`}
                            serials={entry[list]}
                            readOnly={editing}
                            onChange={(serials) => change(line.id, { [list]: serials })}
                          />
                        ) : (
                          <Typography variant="body2" color="text.secondary">
                            No serials
                          </Typography>
                        )}
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Paper>
      )}
      {order.data && (
        <TextField
          label="Note"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          multiline
          minRows={2}
          sx={{ maxWidth: 600 }}
        />
      )}
      {errors.purchase_order_id && <Alert severity="error">{errors.purchase_order_id[0]}</Alert>}
      <Stack direction="row" spacing={1}>
        {editing ? (
          <Button
            variant="contained"
            disabled={!posted.data || save.isPending}
            onClick={() => save.mutate()}
          >
            Save
          </Button>
        ) : (
          <Button
            variant="contained"
            disabled={!order.data || !touched.length || post.isPending}
            onClick={() => post.mutate()}
          >
            Receive
          </Button>
        )}
        <Button
          component={RouterLink}
          to={receiptId ? withId(paths.receipts.view, receiptId) : paths.receipts.list}
        >
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}
