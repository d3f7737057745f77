import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { billPayments } from '@portal/contract/resources/billpay';
import { carriers } from '@portal/contract/resources/sales';
import { ApiError } from '../../platform/api.ts';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { hasPermission } from '../auth/session.ts';
import { billPayPaths } from './paths.ts';
import {
  currentStoreId,
  leftToPay,
  PaymentSplit,
  paymentsOf,
  toCents,
  useIdempotencyKey,
  usePaymentSubmit,
  withTotal,
  type PaymentDraft,
} from './payment-parts.tsx';

const cents = (value: string) => (value.trim() === '' ? 0 : toCents(value));

/** SPEC.md /billpay/new: a customer's carrier bill paid at the counter, sent once. */
export function BillPayNewPage() {
  const key = useIdempotencyKey();
  const storeId = currentStoreId();
  const [carrier, setCarrier] = useState<string>(carriers[0]);
  const [account, setAccount] = useState('');
  const [holder, setHolder] = useState('');
  const [amount, setAmount] = useState('');
  const [fee, setFee] = useState('0.00');
  const [drafts, setDrafts] = useState<PaymentDraft[]>([{ method: 'cash', amount: '' }]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const total =
    (Number.isFinite(cents(amount)) ? cents(amount) : 0) +
    (Number.isFinite(cents(fee)) ? cents(fee) : 0);
  const payments = withTotal(drafts, total);
  const submit = usePaymentSubmit('bill');
  const pay = useMutation({
    mutationFn: () =>
      submit.send(billPayments.path, {
        store_id: storeId,
        carrier,
        account_number: account,
        account_holder: holder.trim() || null,
        amount_cents: cents(amount),
        fee_cents: cents(fee),
        payments: paymentsOf(payments),
        idempotency_key: key,
      }),
    onSuccess: submit.onSuccess,
    onError: (error) => {
      setErrors(
        error instanceof ApiError
          ? Object.fromEntries(
              Object.entries(error.fieldErrors).map(([field, list]) => [field, list[0] ?? '']),
            )
          : {},
      );
      submit.onError(error);
    },
  });
  if (!hasPermission('write_bill_payments')) return <AccessDenied />;
  // Sent, or being sent: the button stays off so a second click cannot start another request.
  const busy = pay.isPending || pay.isSuccess;
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Stack direction="row" alignItems="center" spacing={1} flexWrap="wrap">
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          Pay a bill
        </Typography>
        <Button component={RouterLink} to={billPayPaths.incomm}>
          Prepaid refill
        </Button>
        <Button component={RouterLink} to={billPayPaths.payments.list}>
          Bill payments
        </Button>
      </Stack>
      {storeId === null && (
        <Alert severity="info">Choose your store in the store switcher to take a payment.</Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          component="form"
          spacing={2}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy) pay.mutate();
          }}
        >
          <TextField
            select
            label="Carrier"
            value={carrier}
            onChange={(event) => setCarrier(event.target.value)}
            error={Boolean(errors.carrier)}
            helperText={errors.carrier}
          >
            {carriers.map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Account or phone number"
            required
            value={account}
            onChange={(event) => setAccount(event.target.value)}
            error={Boolean(errors.account_number)}
            helperText={errors.account_number ?? '10 digits'}
            slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'off' } }}
          />
          <TextField
            label="Account holder"
            value={holder}
            onChange={(event) => setHolder(event.target.value)}
            error={Boolean(errors.account_holder)}
            helperText={errors.account_holder}
          />
          <Stack direction="row" spacing={2}>
            <TextField
              label="Amount"
              required
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              error={Boolean(errors.amount_cents)}
              helperText={errors.amount_cents ?? 'In dollars'}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              sx={{ flex: 1 }}
            />
            <TextField
              label="Fee"
              value={fee}
              onChange={(event) => setFee(event.target.value)}
              error={Boolean(errors.fee_cents)}
              helperText={errors.fee_cents ?? 'Charged to the customer'}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              sx={{ flex: 1 }}
            />
          </Stack>
          <PaymentSplit
            total={total}
            drafts={payments}
            onChange={setDrafts}
            error={errors.payments}
          />
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={busy || storeId === null || total <= 0 || leftToPay(total, payments) !== 0}
            >
              {pay.isPending ? 'Sending…' : 'Pay bill'}
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Stack>
  );
}
