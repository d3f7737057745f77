import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
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
import { statusLabel } from '../../platform/resources/DocumentPanels.tsx';
import { failureMessage } from '../../platform/resources/outcome.ts';
import { parseRouteId } from '../../platform/resources/paths.ts';
import { PrintableDocument, printedDate } from '../../platform/resources/PrintableDocument.tsx';
import { saleConfirmationPath, salesPaths } from './paths.ts';

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
    <PrintableDocument
      title={title}
      actions={
        <>
          <Button component={RouterLink} to={saleConfirmationPath(sale.id)}>
            Receipt
          </Button>
          <Button component={RouterLink} to={salesPaths.sales.list}>
            Invoices
          </Button>
        </>
      }
      from={[
        sale.store_name,
        title,
        `Receipt #${String(sale.id)} · ${statusLabel(saleStatusMachine, sale.status)}`,
      ]}
      details={[
        `Date: ${printedDate(sale.completed_at ?? sale.created_at)}`,
        `Customer: ${sale.customer_name ?? 'Walk-in'}`,
        ...(sale.created_by_name ? [`Sold by: ${sale.created_by_name}`] : []),
      ]}
      lines={(sale.lines ?? []).map((line) => ({
        ...line,
        key: line.id,
        item: `${line.product_name ?? ''}${line.returned ? ' (returned)' : ''}`,
      }))}
      totals={[
        ['Subtotal', sale.subtotal_cents],
        ['Tax', sale.tax_cents],
        ['Total', sale.total_cents],
        ['Paid', sale.paid_cents],
        ...(sale.refunded_cents ? [['Refunded', sale.refunded_cents] as const] : []),
      ]}
      payments={sale.payments.map((payment) => ({
        label: paymentMethodLabels[payment.method],
        amount_cents: payment.amount_cents,
      }))}
      note={sale.note}
    />
  );
}
