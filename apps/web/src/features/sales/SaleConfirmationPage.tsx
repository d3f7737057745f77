import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import {
  boxItemLabels,
  boxItems,
  paymentMethodLabels,
  returnTypeLabels,
  saleReturns,
  sales,
  saleSchema,
  saleStatusMachine,
  type Sale,
  type SaleLine,
} from '@portal/contract/resources/sales';
import { api } from '../../platform/api.ts';
import { formatCents, statusLabel } from '../../platform/resources/DocumentPanels.tsx';
import { failureMessage } from '../../platform/resources/outcome.ts';
import { parseRouteId } from '../../platform/resources/paths.ts';
import {
  PrintablePage,
  PrintButton,
  printedDate,
} from '../../platform/resources/PrintableDocument.tsx';
import { rowParser } from '../../platform/resources/resource-api.ts';
import { notify } from '../../platform/toasts.ts';
import {
  dollarsOf,
  leftToPay,
  PaymentSplit,
  paymentsOf,
  type PaymentDraft,
} from '../../platform/resources/PaymentSplit.tsx';
import { hasPermission } from '../auth/session.ts';
import { salesPaths } from './paths.ts';
import { downloadReceiptPdf } from './receipt-pdf.ts';

/** Split payments of a held sale: methods and amounts that must add up to the total. */
function TakePayment({ sale }: { sale: Sale }) {
  const client = useQueryClient();
  const [drafts, setDrafts] = useState<PaymentDraft[]>([
    { method: 'card', amount: dollarsOf(sale.total_cents) },
  ]);
  const left = leftToPay(sale.total_cents, drafts);
  const complete = useMutation({
    mutationFn: () =>
      api.post(
        `${sales.path}/${String(sale.id)}/complete`,
        { payments: paymentsOf(drafts) },
        rowParser(sales),
      ),
    onSuccess: async (reply) => {
      notify.success(reply.message || 'Sale completed');
      await client.invalidateQueries({ queryKey: ['sale', sale.id] });
    },
    onError: (error) => notify.danger(failureMessage(error, 'Sale not completed')),
  });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} className="no-print">
      <Typography variant="h6" component="h2" gutterBottom>
        Take payment
      </Typography>
      <Stack spacing={1.5}>
        <PaymentSplit
          rowLabel="Amount"
          total={sale.total_cents}
          drafts={drafts}
          onChange={setDrafts}
        />
        <Box>
          <Button
            variant="contained"
            disabled={left !== 0 || complete.isPending}
            onClick={() => complete.mutate()}
          >
            Complete sale
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

type BoxItem = (typeof boxItems)[number];

/**
 * A line coming back: its type, why, whether the customer exchanges it (at most once per receipt,
 * nothing refunded), the box-contents checklist, and a manager's override past the window.
 */
function ReturnDialog(props: { sale: Sale; line: SaleLine; onClose: () => void }) {
  const client = useQueryClient();
  const [type, setType] = useState<'bre' | 'doa' | 'obf'>('bre');
  const [reason, setReason] = useState('');
  const [override, setOverride] = useState('');
  const [exchange, setExchange] = useState(false);
  const [contents, setContents] = useState<BoxItem[]>([]);
  const toggle = (item: BoxItem) =>
    setContents((now) =>
      now.includes(item) ? now.filter((other) => other !== item) : [...now, item],
    );
  const save = useMutation({
    mutationFn: () =>
      api.post(
        saleReturns.path,
        {
          type,
          sale_id: props.sale.id,
          sale_line_id: props.line.id,
          reason,
          exchange,
          box_contents: contents,
          override_reason: override.trim() || null,
        },
        rowParser(saleReturns),
      ),
    onSuccess: async (reply) => {
      notify.success(reply.message || 'Return recorded');
      await client.invalidateQueries({ queryKey: ['sale', props.sale.id] });
      props.onClose();
    },
    onError: (error) => notify.danger(failureMessage(error, 'Return not recorded')),
  });
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="xs">
      <DialogTitle>Return {props.line.product_name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label="Return type"
            value={type}
            onChange={(event) => setType(event.target.value as 'bre' | 'doa' | 'obf')}
          >
            {(['bre', 'doa', 'obf'] as const).map((value) => (
              <MenuItem key={value} value={value}>
                {returnTypeLabels[value]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            multiline
          />
          <TextField
            label="Manager override reason"
            helperText="Only past the return window"
            value={override}
            onChange={(e) => setOverride(e.target.value)}
            multiline
          />
          <FormControlLabel
            control={
              <Checkbox checked={exchange} onChange={(e) => setExchange(e.target.checked)} />
            }
            label="Exchange (one per receipt)"
          />
          {props.line.serial && (
            <FormGroup aria-label="Box contents">
              <FormLabel component="legend">Box contents</FormLabel>
              {boxItems.map((item) => (
                <FormControlLabel
                  key={item}
                  control={
                    <Checkbox checked={contents.includes(item)} onChange={() => toggle(item)} />
                  }
                  label={boxItemLabels[item]}
                />
              ))}
            </FormGroup>
          )}
          <Typography variant="body2">
            {exchange
              ? 'Exchange: nothing is refunded'
              : `Refund: ${formatCents(props.line.total_cents)}`}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!reason.trim() || save.isPending}
          onClick={() => save.mutate()}
        >
          Record return
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** SPEC.md /sale-confirmation/{id}: payment of a held sale, then its printable receipt. */
export function SaleConfirmationPage() {
  const id = parseRouteId(useParams().id);
  const [returning, setReturning] = useState<SaleLine | null>(null);
  const query = useQuery({
    queryKey: ['sale', id],
    queryFn: async () => (await api.get(`${sales.path}/${String(id)}`, saleSchema)).data,
    enabled: id !== null,
  });
  if (id === null) return <Alert severity="error">Sale not found</Alert>;
  if (query.isPending) return <Typography>Loading...</Typography>;
  if (query.isError)
    return <Alert severity="error">{failureMessage(query.error, 'Sale not found')}</Alert>;
  const sale = query.data;
  const lines = sale.lines ?? [];
  const mayReturn = sale.status === 'completed' && hasPermission('write_sale_returns');
  return (
    <PrintablePage
      width={720}
      title={sale.status === 'held' ? 'Sale confirmation' : 'Receipt'}
      actions={
        <>
          {sale.status === 'held' && hasPermission('write_sales') && (
            <Button
              component={RouterLink}
              to={salesPaths.sales.edit.replace(':id', String(sale.id))}
            >
              Edit sale
            </Button>
          )}
          <PrintButton label="Print receipt" />
          <Button
            startIcon={<DownloadIcon />}
            variant="outlined"
            onClick={() =>
              void downloadReceiptPdf(
                sale,
                printedDate(sale.completed_at ?? sale.created_at),
              ).catch((error: unknown) => notify.danger(failureMessage(error, 'Export failed')))
            }
          >
            Download PDF
          </Button>
        </>
      }
    >
      <Paper variant="outlined" sx={{ p: 2 }} aria-label="Receipt">
        <Stack spacing={0.5}>
          <Typography variant="h6" component="p">
            {sale.store_name}
          </Typography>
          <Typography variant="body2">
            Receipt #{sale.id} · {statusLabel(saleStatusMachine, sale.status)}
          </Typography>
          <Typography variant="body2">
            {printedDate(sale.completed_at ?? sale.created_at)}
          </Typography>
          {sale.customer_name && (
            <Typography variant="body2">Customer: {sale.customer_name}</Typography>
          )}
          {sale.created_by_name && (
            <Typography variant="body2">Sold by: {sale.created_by_name}</Typography>
          )}
        </Stack>
        <Divider sx={{ my: 1.5 }} />
        <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {lines.map((line) => (
            <Box component="li" key={line.id}>
              <Stack direction="row" spacing={1} justifyContent="space-between">
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ overflowWrap: 'anywhere' }}>
                    {line.quantity} × {line.product_name}
                    {line.returned ? ' (returned)' : ''}
                  </Typography>
                  {line.serial && (
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      sx={{ overflowWrap: 'anywhere' }}
                    >
                      IMEI / serial {line.serial}
                    </Typography>
                  )}
                </Box>
                <Typography sx={{ whiteSpace: 'nowrap' }}>
                  {formatCents(line.total_cents)}
                </Typography>
              </Stack>
              {mayReturn && !line.returned && (
                <Button size="small" className="no-print" onClick={() => setReturning(line)}>
                  Return
                </Button>
              )}
            </Box>
          ))}
        </Stack>
        <Divider sx={{ my: 1.5 }} />
        {(
          [
            ['Subtotal', sale.subtotal_cents],
            ['Tax', sale.tax_cents],
            ['Total', sale.total_cents],
            ...(sale.refunded_cents ? ([['Refunded', sale.refunded_cents]] as const) : []),
          ] as const
        ).map(([label, value]) => (
          <Stack key={label} direction="row" justifyContent="space-between">
            <Typography fontWeight={label === 'Total' ? 700 : 400}>{label}</Typography>
            <Typography fontWeight={label === 'Total' ? 700 : 400}>{formatCents(value)}</Typography>
          </Stack>
        ))}
        {sale.payments.length > 0 && <Divider sx={{ my: 1.5 }} />}
        {sale.payments.map((payment, index) => (
          <Stack key={index} direction="row" justifyContent="space-between">
            <Typography variant="body2">Paid by {paymentMethodLabels[payment.method]}</Typography>
            <Typography variant="body2">{formatCents(payment.amount_cents)}</Typography>
          </Stack>
        ))}
      </Paper>
      {sale.status === 'held' && hasPermission('write_sales') && <TakePayment sale={sale} />}
      <Stack direction="row" spacing={1} flexWrap="wrap" className="no-print">
        <Button component={RouterLink} to={salesPaths.sales.create} variant="outlined">
          New sale
        </Button>
        <Button component={RouterLink} to="/sales-center">
          Sales center
        </Button>
      </Stack>
      {returning && (
        <ReturnDialog sale={sale} line={returning} onClose={() => setReturning(null)} />
      )}
    </PrintablePage>
  );
}
