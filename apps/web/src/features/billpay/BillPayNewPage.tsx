import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useController } from 'react-hook-form';
import { z } from 'zod';
import { billPaymentBody, billPayMessages, billPayments } from '@portal/contract/resources/billpay';
import { carriers } from '@portal/contract/resources/sales';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { fieldProps, useContractForm } from '../../platform/ui/contract-form.ts';
import {
  paymentDraftsField,
  paymentsOf,
  toCents,
  validCents,
  withTotal,
  type PaymentDraft,
} from '../../platform/resources/PaymentSplit.tsx';
import { hasPermission } from '../auth/session.ts';
import { billPayPaths } from './paths.ts';
import { PaymentFormPage, useCounterPayment } from './payment-parts.tsx';

/** The form as typed (dollars); the schema below turns it into the API's body. */
interface BillFormValues {
  carrier: (typeof carriers)[number];
  account_number: string;
  account_holder: string;
  amount_cents: string;
  fee_cents: string;
  payments: PaymentDraft[];
}

const cents = (value: string) => (value.trim() === '' ? 0 : toCents(value));
/** The amount with the fee, what the payments must add up to (0 while either is no number). */
const totalOf = (form: Pick<BillFormValues, 'amount_cents' | 'fee_cents'>) =>
  validCents(form.amount_cents) + validCents(form.fee_cents);

/** The API's body but the store and the idempotency key, added when sending. */
const formBody = billPaymentBody.omit({ store_id: true, idempotency_key: true });

/** Checked as the API checks it. */
const billForm = z
  .object({
    carrier: z.enum(carriers, { error: billPayMessages.carrierInvalid }),
    account_number: z.string(),
    account_holder: z.string(),
    amount_cents: z.string(),
    fee_cents: z.string(),
    payments: paymentDraftsField,
  })
  .transform((form): z.input<typeof formBody> => ({
    carrier: form.carrier,
    account_number: form.account_number,
    account_holder: form.account_holder.trim() || null,
    amount_cents: cents(form.amount_cents),
    fee_cents: cents(form.fee_cents),
    payments: paymentsOf(withTotal(form.payments, totalOf(form))),
  }))
  .pipe(formBody);

/** SPEC.md /billpay/new: a customer's carrier bill paid at the counter, sent once. */
export function BillPayNewPage() {
  // No unsaved-changes question: a sent payment goes straight on to its receipt.
  const form = useContractForm(billForm, {
    defaultValues: {
      carrier: carriers[0],
      account_number: '',
      account_holder: '',
      amount_cents: '',
      fee_cents: '0.00',
      payments: [{ method: 'cash', amount: '' }],
    } satisfies BillFormValues,
    guard: false,
  });
  const { control } = form;
  const [amount, fee] = form.watch(['amount_cents', 'fee_cents']);
  const total = totalOf({ amount_cents: amount, fee_cents: fee });
  const paymentsField = useController({ control, name: 'payments' });
  const { storeId, mutation: pay } = useCounterPayment<z.output<typeof billForm>>(
    'bill',
    billPayments.path,
    form.serverErrors,
  );
  const send = form.handleSubmit((body) => pay.mutate(body));
  if (!hasPermission('write_bill_payments')) return <AccessDenied />;
  return (
    <PaymentFormPage
      title="Pay a bill"
      other={{ label: 'Prepaid refill', to: billPayPaths.incomm }}
      storeId={storeId}
      onSubmit={send}
      pending={pay.isPending}
      sent={pay.isSuccess}
      total={total}
      payments={paymentsField}
      action="Pay bill"
    >
      <Controller
        name="carrier"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...fieldProps(field)}
            select
            label="Carrier"
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
          >
            {carriers.map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        name="account_number"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...fieldProps(field)}
            label="Account or phone number"
            required
            error={fieldState.invalid}
            helperText={fieldState.error?.message ?? '10 digits'}
            slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'off' } }}
          />
        )}
      />
      <Controller
        name="account_holder"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...fieldProps(field)}
            label="Account holder"
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
          />
        )}
      />
      <Stack direction="row" spacing={2}>
        <Controller
          name="amount_cents"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...fieldProps(field)}
              label="Amount"
              required
              error={fieldState.invalid}
              helperText={fieldState.error?.message ?? 'In dollars'}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              sx={{ flex: 1 }}
            />
          )}
        />
        <Controller
          name="fee_cents"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...fieldProps(field)}
              label="Fee"
              error={fieldState.invalid}
              helperText={fieldState.error?.message ?? 'Charged to the customer'}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              sx={{ flex: 1 }}
            />
          )}
        />
      </Stack>
    </PaymentFormPage>
  );
}
