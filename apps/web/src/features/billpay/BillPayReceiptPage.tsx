import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import {
  billPayments,
  billPaymentSchema,
  billPayStatusMachine,
  type BillPayment,
} from '@portal/contract/resources/billpay';
import { paymentMethodLabels } from '@portal/contract/resources/sales';
import { api } from '../../platform/api.ts';
import { formatCents, statusLabel } from '../../platform/resources/DocumentPanels.tsx';
import { failureMessage } from '../../platform/resources/outcome.ts';
import { parseRouteId } from '../../platform/resources/paths.ts';
import {
  PrintablePage,
  PrintButton,
  printedDate,
} from '../../platform/resources/PrintableDocument.tsx';
import { notify } from '../../platform/toasts.ts';
import { hasPermission } from '../auth/session.ts';
import { billPayPaths } from './paths.ts';

const LOCAL_PROVIDER = 'local-test';

function Line(props: { label: string; value: string | null | undefined; strong?: boolean }) {
  if (!props.value) return null;
  return (
    <Stack direction="row" spacing={1} justifyContent="space-between">
      <Typography color="text.secondary">{props.label}</Typography>
      <Typography
        sx={{ overflowWrap: 'anywhere', textAlign: 'right', fontWeight: props.strong ? 700 : 400 }}
      >
        {props.value}
      </Typography>
    </Stack>
  );
}

/** Send again, naming the attempt seen failing: a second click gets the first one's answer. */
function RetryButton({ payment }: { payment: BillPayment }) {
  const client = useQueryClient();
  const retry = useMutation({
    mutationFn: () =>
      api.post(
        `${billPayments.path}/${String(payment.id)}/retry`,
        { attempt: payment.attempts },
        billPaymentSchema,
      ),
    onSuccess: (reply) => notify.success(reply.message),
    onError: (error) => notify.danger(failureMessage(error, 'Payment not sent')),
    onSettled: () => client.invalidateQueries({ queryKey: ['bill-payment', payment.id] }),
  });
  return (
    <Button variant="contained" disabled={retry.isPending} onClick={() => retry.mutate()}>
      {retry.isPending ? 'Sending…' : 'Send again'}
    </Button>
  );
}

/**
 * SPEC.md /billpay/new/{tid} and /incomm-thank-you/{tid}: the payment's status and its printable
 * receipt (the prepaid PIN on it); a failed one shows the provider's message and Send again.
 */
export function BillPayReceiptPage() {
  const id = parseRouteId(useParams().id);
  const query = useQuery({
    queryKey: ['bill-payment', id],
    queryFn: async () =>
      (await api.get(`${billPayments.path}/${String(id)}`, billPaymentSchema)).data,
    enabled: id !== null,
  });
  if (id === null) return <Alert severity="error">Bill payment not found</Alert>;
  if (query.isPending) return <Typography>Loading...</Typography>;
  if (query.isError)
    return <Alert severity="error">{failureMessage(query.error, 'Bill payment not found')}</Alert>;
  const payment = query.data;
  const prepaid = payment.kind === 'prepaid';
  const status = statusLabel(billPayStatusMachine, payment.status);
  const mayPay = hasPermission('write_bill_payments');
  return (
    <PrintablePage
      width={560}
      title={
        payment.status === 'failed' ? 'Payment failed' : prepaid ? 'Thank you' : 'Bill payment'
      }
      actions={
        payment.status !== 'failed' &&
        payment.status !== 'pending' && <PrintButton label="Print receipt" />
      }
    >
      {payment.status === 'failed' && (
        <Alert
          severity="error"
          className="no-print"
          action={mayPay && <RetryButton payment={payment} />}
        >
          {payment.provider_message ?? 'The provider did not take this payment.'} Nothing was
          charged to the carrier account.
        </Alert>
      )}
      {payment.status === 'pending' && (
        <Alert severity="info" className="no-print">
          This payment is being sent to the provider.
        </Alert>
      )}
      {payment.provider === LOCAL_PROVIDER && (
        <Alert severity="warning" className="no-print">
          Sent to the local test provider: nothing reached the carrier.
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2 }} aria-label="Receipt">
        <Stack spacing={0.5}>
          <Typography variant="h6" component="p">
            {payment.store_name}
          </Typography>
          <Typography variant="body2">
            {prepaid ? 'Prepaid' : 'Bill payment'} #{payment.id} ·{' '}
            <Box component="span" data-testid="payment-status">
              {status}
            </Box>
          </Typography>
          <Typography variant="body2">
            {printedDate(payment.sent_at ?? payment.created_at)}
          </Typography>
          {payment.created_by_name && (
            <Typography variant="body2">Taken by: {payment.created_by_name}</Typography>
          )}
        </Stack>
        <Divider sx={{ my: 1.5 }} />
        <Stack spacing={0.75}>
          <Line label="Carrier" value={payment.carrier} />
          {prepaid && <Line label="Product" value={payment.product_name} />}
          <Line label={prepaid ? 'Phone number' : 'Account'} value={payment.account_number} />
          <Line label="Account holder" value={payment.account_holder} />
          <Line
            label={prepaid ? 'Face value' : 'Amount'}
            value={formatCents(payment.amount_cents)}
          />
          {payment.fee_cents > 0 && <Line label="Fee" value={formatCents(payment.fee_cents)} />}
          <Line label="Total" value={formatCents(payment.total_cents)} strong />
          {payment.payments.map((p, index) => (
            <Line
              key={index}
              label={`Paid by ${paymentMethodLabels[p.method]}`}
              value={formatCents(p.amount_cents)}
            />
          ))}
        </Stack>
        {(payment.provider_reference ?? payment.pin) && <Divider sx={{ my: 1.5 }} />}
        <Stack spacing={0.75}>
          <Line label="Confirmation" value={payment.provider_reference} strong />
          {payment.pin && <Line label="PIN" value={payment.pin} strong />}
        </Stack>
      </Paper>
      <Stack direction="row" spacing={1} flexWrap="wrap" className="no-print">
        {mayPay && (
          <Button
            component={RouterLink}
            to={prepaid ? billPayPaths.incomm : billPayPaths.payments.create}
          >
            {prepaid ? 'Sell another refill' : 'Pay another bill'}
          </Button>
        )}
        <Button component={RouterLink} to={billPayPaths.payments.list}>
          Bill payments
        </Button>
      </Stack>
    </PrintablePage>
  );
}
