import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useController } from 'react-hook-form';
import { z } from 'zod';
import {
  billPayMessages,
  billPayments,
  prepaidBody,
  prepaidProductCodes,
  prepaidProductOf,
  prepaidProducts,
  type PrepaidProduct,
} from '@portal/contract/resources/billpay';
import { formatCents } from '../../platform/resources/DocumentPanels.tsx';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { fieldProps, useContractForm } from '../../platform/ui/contract-form.ts';
import {
  paymentDraftsField,
  paymentsOf,
  withTotal,
  type PaymentDraft,
} from '../../platform/resources/PaymentSplit.tsx';
import { hasPermission } from '../auth/session.ts';
import { billPayPaths } from './paths.ts';
import { PaymentFormPage, useCounterPayment } from './payment-parts.tsx';

/** The form as chosen and typed; the schema below turns it into the API's body. */
interface PrepaidFormValues {
  product_code: PrepaidProduct['code'];
  /** the face value, one of the product's */
  amount_cents: number;
  phone_number: string;
  payments: PaymentDraft[];
}

/** The API's body but the store and the idempotency key, added when sending. */
const formBody = prepaidBody.omit({ store_id: true, idempotency_key: true });

/** Checked as the API checks it. */
const prepaidForm = z
  .object({
    product_code: z.enum(prepaidProductCodes, { error: billPayMessages.productInvalid }),
    amount_cents: z.number(),
    phone_number: z.string(),
    payments: paymentDraftsField,
  })
  .transform((form): z.input<typeof formBody> => ({
    product_code: form.product_code,
    phone_number: form.phone_number,
    amount_cents: form.amount_cents,
    payments: paymentsOf(withTotal(form.payments, form.amount_cents)),
  }))
  .pipe(formBody);

/** SPEC.md /incomm: a prepaid refill or PIN card of a fixed face value for a phone number. */
export function IncommPage() {
  const first = prepaidProducts[0];
  // No unsaved-changes question: a sent payment goes straight on to its receipt.
  const form = useContractForm(prepaidForm, {
    defaultValues: {
      product_code: first.code,
      amount_cents: first.values[0],
      phone_number: '',
      payments: [{ method: 'cash', amount: '' }],
    } satisfies PrepaidFormValues,
    guard: false,
  });
  const { control } = form;
  const [code, value] = form.watch(['product_code', 'amount_cents']);
  const product = prepaidProductOf(code) ?? first;
  const paymentsField = useController({ control, name: 'payments' });
  const { storeId, mutation: sell } = useCounterPayment<z.output<typeof prepaidForm>>(
    'prepaid',
    `${billPayments.path}/prepaid`,
    form.serverErrors,
  );
  const send = form.handleSubmit((body) => sell.mutate(body));
  if (!hasPermission('write_bill_payments')) return <AccessDenied />;
  return (
    <PaymentFormPage
      title="Prepaid refill"
      other={{ label: 'Pay a bill', to: billPayPaths.payments.create }}
      storeId={storeId}
      onSubmit={send}
      pending={sell.isPending}
      sent={sell.isSuccess}
      total={value}
      payments={paymentsField}
      action="Sell refill"
    >
      <Controller
        name="product_code"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...fieldProps(field)}
            select
            label="Product"
            onChange={(event) => {
              const next = prepaidProductOf(event.target.value) ?? first;
              field.onChange(next.code);
              form.setValue('amount_cents', next.values[0]);
            }}
            error={fieldState.invalid}
            helperText={
              fieldState.error?.message ??
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
        )}
      />
      <Controller
        name="amount_cents"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...fieldProps(field)}
            select
            label="Face value"
            onChange={(event) => field.onChange(Number(event.target.value))}
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
          >
            {product.values.map((cents) => (
              <MenuItem key={cents} value={cents}>
                {formatCents(cents)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        name="phone_number"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...fieldProps(field)}
            label="Phone number"
            required
            error={fieldState.invalid}
            helperText={fieldState.error?.message ?? '10 digits'}
            slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'off' } }}
          />
        )}
      />
    </PaymentFormPage>
  );
}
