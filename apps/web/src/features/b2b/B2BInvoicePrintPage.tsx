import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import {
  b2bAccounts,
  b2bAccountSchema,
  b2bInvoices,
  b2bInvoiceSchema,
  b2bInvoiceStatusMachine,
  b2bPaymentMethodLabels,
  paymentTermLabels,
} from '@portal/contract/resources/b2b';
import { api } from '../../platform/api.ts';
import { statusLabel } from '../../platform/resources/DocumentPanels.tsx';
import { failureMessage } from '../../platform/resources/outcome.ts';
import { parseRouteId, withId } from '../../platform/resources/paths.ts';
import { PrintableDocument, printedDate } from '../../platform/resources/PrintableDocument.tsx';
import { b2bPaths } from './paths.ts';

/**
 * A B2B invoice as the business account receives it (linked from /b2b-sales/view/{id}): the store
 * that issued it, the account billed (contact, address, tax ID, terms), the dates, the lines with
 * their tax, the totals, each payment and the balance due.
 */
export function B2BInvoicePrintPage() {
  const id = parseRouteId(useParams().id);
  const invoice = useQuery({
    queryKey: ['b2b-invoice-print', id],
    queryFn: async () =>
      (await api.get(`${b2bInvoices.path}/${String(id)}`, b2bInvoiceSchema)).data,
    enabled: id !== null,
  });
  const accountId = invoice.data?.account_id;
  // The billing details; without the right to read accounts the invoice names the account only.
  const account = useQuery({
    queryKey: ['b2b-account-print', accountId],
    queryFn: async () =>
      (await api.get(`${b2bAccounts.path}/${String(accountId)}`, b2bAccountSchema)).data,
    enabled: accountId !== undefined,
    retry: false,
  });
  if (id === null) return <Alert severity="error">B2B invoice not found</Alert>;
  if (invoice.isPending) return <Typography>Loading...</Typography>;
  if (invoice.isError)
    return <Alert severity="error">{failureMessage(invoice.error, 'B2B invoice not found')}</Alert>;
  const row = invoice.data;
  const billed = account.data;
  const title = `B2B Invoice #${String(row.id)}`;
  return (
    <PrintableDocument
      title={title}
      actions={
        <Button component={RouterLink} to={withId(b2bPaths.invoices.view, row.id)}>
          Back to invoice
        </Button>
      }
      from={[
        row.store_name,
        title,
        `Status: ${statusLabel(b2bInvoiceStatusMachine, row.status)}`,
        ...(row.created_by_name ? [`Prepared by: ${row.created_by_name}`] : []),
      ]}
      details={[
        `Bill to: ${billed?.company_name ?? row.account_name ?? `#${String(row.account_id)}`}`,
        ...(billed
          ? [
              `Attn: ${billed.billing_contact} · ${billed.billing_email}`,
              ...(billed.billing_address ? [billed.billing_address] : []),
              ...(billed.tax_id ? [`Tax ID: ${billed.tax_id}`] : []),
              `Terms: ${paymentTermLabels[billed.payment_terms]}${billed.tax_exempt ? ' · Tax exempt' : ''}`,
            ]
          : []),
        ...(row.po_number ? [`PO number: ${row.po_number}`] : []),
        `Issued: ${row.issued_on ?? printedDate(row.created_at)}`,
        ...(row.due_on ? [`Due: ${row.due_on}`] : []),
      ]}
      lines={(row.lines ?? []).map((line) => ({
        ...line,
        key: line.id,
        item: line.product_name ?? `Product #${String(line.product_id)}`,
      }))}
      totals={[
        ['Subtotal', row.subtotal_cents],
        ['Tax', row.tax_cents],
        ['Total', row.total_cents],
        ['Paid', row.paid_cents],
        ['Balance due', row.balance_cents],
      ]}
      payments={row.payments.map((payment) => ({
        label: `${b2bPaymentMethodLabels[payment.method]} ${payment.paid_on}${payment.reference ? ` · ${payment.reference}` : ''}`,
        amount_cents: payment.amount_cents,
      }))}
      note={row.note}
    />
  );
}
