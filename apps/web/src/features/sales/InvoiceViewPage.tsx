import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import {
  paymentMethodLabels,
  sales,
  saleSchema,
  saleStatusMachine,
} from '@portal/contract/resources/sales';
import { api } from '../../platform/api.ts';
import { formatCents, statusLabel } from '../../platform/resources/DocumentPanels.tsx';
import { failureMessage } from '../../platform/resources/outcome.ts';
import { parseRouteId } from '../../platform/resources/paths.ts';
import { saleConfirmationPath, salesPaths } from './paths.ts';

const day = (value: string | null) =>
  value ? new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '';

/**
 * SPEC.md /ev-invoice/view/{id}: a sale as a read-only, printable invoice (the link target of
 * invoices in lists and reports): who, where, when, the lines with their tax, totals, payments.
 */
export function InvoiceViewPage() {
  const id = parseRouteId(useParams().id);
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
  const title = sale.invoice_number
    ? `Invoice ${sale.invoice_number}`
    : `Invoice #${String(sale.id)}`;
  return (
    <Stack
      spacing={2}
      sx={{
        maxWidth: 880,
        mx: 'auto',
        width: '100%',
        minWidth: 0,
        '@media print': { '& .no-print': { display: 'none' } },
      }}
    >
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" className="no-print">
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {title}
        </Typography>
        <Button component={RouterLink} to={saleConfirmationPath(sale.id)}>
          Receipt
        </Button>
        <Button component={RouterLink} to={salesPaths.sales.list}>
          Invoices
        </Button>
        <Button startIcon={<PrintIcon />} variant="outlined" onClick={() => window.print()}>
          Print
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ p: 2, overflowX: 'auto' }} aria-label="Invoice">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} justifyContent="space-between">
          <Stack spacing={0.5}>
            <Typography variant="h6" component="p">
              {sale.store_name}
            </Typography>
            <Typography variant="body2">{title}</Typography>
            <Typography variant="body2">
              Receipt #{sale.id} · {statusLabel(saleStatusMachine, sale.status)}
            </Typography>
          </Stack>
          <Stack spacing={0.5} sx={{ textAlign: { sm: 'right' } }}>
            <Typography variant="body2">
              Date: {day(sale.completed_at ?? sale.created_at)}
            </Typography>
            <Typography variant="body2">Customer: {sale.customer_name ?? 'Walk-in'}</Typography>
            {sale.created_by_name && (
              <Typography variant="body2">Sold by: {sale.created_by_name}</Typography>
            )}
          </Stack>
        </Stack>
        <Divider sx={{ my: 1.5 }} />
        <Table size="small" aria-label="Lines">
          <TableHead>
            <TableRow>
              <TableCell>Item</TableCell>
              <TableCell>IMEI / serial</TableCell>
              <TableCell align="right">Quantity</TableCell>
              <TableCell align="right">Unit price</TableCell>
              <TableCell align="right">Tax</TableCell>
              <TableCell align="right">Total</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(sale.lines ?? []).map((line) => (
              <TableRow key={line.id}>
                <TableCell>
                  {line.product_name}
                  {line.returned ? ' (returned)' : ''}
                </TableCell>
                <TableCell>{line.serial ?? ''}</TableCell>
                <TableCell align="right">{line.quantity}</TableCell>
                <TableCell align="right">{formatCents(line.unit_price_cents)}</TableCell>
                <TableCell align="right">{formatCents(line.tax_cents)}</TableCell>
                <TableCell align="right">{formatCents(line.total_cents)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Stack spacing={0.5} sx={{ mt: 2, ml: 'auto', maxWidth: 320 }}>
          {(
            [
              ['Subtotal', sale.subtotal_cents],
              ['Tax', sale.tax_cents],
              ['Total', sale.total_cents],
              ['Paid', sale.paid_cents],
              ...(sale.refunded_cents ? [['Refunded', sale.refunded_cents] as const] : []),
            ] as const
          ).map(([label, amount]) => (
            <Stack key={label} direction="row" justifyContent="space-between">
              <Typography fontWeight={label === 'Total' ? 'bold' : undefined}>{label}</Typography>
              <Typography fontWeight={label === 'Total' ? 'bold' : undefined}>
                {formatCents(amount)}
              </Typography>
            </Stack>
          ))}
          {sale.payments.map((payment, index) => (
            <Stack key={index} direction="row" justifyContent="space-between">
              <Typography variant="body2" color="text.secondary">
                {paymentMethodLabels[payment.method]}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {formatCents(payment.amount_cents)}
              </Typography>
            </Stack>
          ))}
        </Stack>
        {sale.note && (
          <Typography variant="body2" sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>
            {sale.note}
          </Typography>
        )}
      </Paper>
    </Stack>
  );
}
