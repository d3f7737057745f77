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
import {
  billPayments,
  prepaidProductOf,
  prepaidProducts,
} from '@portal/contract/resources/billpay';
import { ApiError } from '../../platform/api.ts';
import { formatCents } from '../../platform/resources/DocumentPanels.tsx';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { hasPermission } from '../auth/session.ts';
import { billPayPaths } from './paths.ts';
import {
  currentStoreId,
  leftToPay,
  PaymentSplit,
  paymentsOf,
  useIdempotencyKey,
  usePaymentSubmit,
  withTotal,
  type PaymentDraft,
} from './payment-parts.tsx';

/** SPEC.md /incomm: a prepaid refill or PIN card of a fixed face value for a phone number. */
export function IncommPage() {
  const key = useIdempotencyKey();
  const storeId = currentStoreId();
  const first = prepaidProducts[0];
  const [code, setCode] = useState<string>(first.code);
  const product = prepaidProductOf(code) ?? first;
  const [value, setValue] = useState<number>(first.values[0]);
  const [phone, setPhone] = useState('');
  const [drafts, setDrafts] = useState<PaymentDraft[]>([{ method: 'cash', amount: '' }]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const payments = withTotal(drafts, value);
  const submit = usePaymentSubmit('prepaid');
  const sell = useMutation({
    mutationFn: () =>
      submit.send(`${billPayments.path}/prepaid`, {
        store_id: storeId,
        product_code: product.code,
        phone_number: phone,
        amount_cents: value,
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
  const busy = sell.isPending || sell.isSuccess;
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Stack direction="row" alignItems="center" spacing={1} flexWrap="wrap">
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          Prepaid refill
        </Typography>
        <Button component={RouterLink} to={billPayPaths.payments.create}>
          Pay a bill
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
            if (!busy) sell.mutate();
          }}
        >
          <TextField
            select
            label="Product"
            value={product.code}
            onChange={(event) => {
              const next = prepaidProductOf(event.target.value) ?? first;
              setCode(next.code);
              setValue(next.values[0]);
            }}
            error={Boolean(errors.product_code)}
            helperText={
              errors.product_code ??
              (product.type === 'pin'
                ? 'A PIN card: the PIN prints on the receipt'
                : 'Refills the number directly')
            }
          >
            {prepaidProducts.map((p) => (
              <MenuItem key={p.code} value={p.code}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Face value"
            value={value}
            onChange={(event) => setValue(Number(event.target.value))}
            error={Boolean(errors.amount_cents)}
            helperText={errors.amount_cents}
          >
            {product.values.map((cents) => (
              <MenuItem key={cents} value={cents}>
                {formatCents(cents)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Phone number"
            required
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            error={Boolean(errors.phone_number)}
            helperText={errors.phone_number ?? '10 digits'}
            slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'off' } }}
          />
          <PaymentSplit
            total={value}
            drafts={payments}
            onChange={setDrafts}
            error={errors.payments}
          />
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={busy || storeId === null || leftToPay(value, payments) !== 0}
            >
              {sell.isPending ? 'Sending…' : 'Sell refill'}
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Stack>
  );
}
