import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { billPaymentSchema, type BillPayment } from '@portal/contract/resources/billpay';
import { storageKeys } from '@portal/contract/storage-keys';
import { api, ApiError } from '../../platform/api.ts';
import { failureMessage } from '../../platform/resources/outcome.ts';
import {
  leftToPay,
  PaymentSplit,
  paymentsError,
  withTotal,
  type PaymentDraft,
} from '../../platform/resources/PaymentSplit.tsx';
import { readStored } from '../../platform/storage.ts';
import { notify } from '../../platform/toasts.ts';
import { billPayPaths, billPayReceiptPath, incommThankYouPath } from './paths.ts';

/** The store the signed-in user works at now (the store switcher's), or null. */
export function currentStoreId(): number | null {
  const id = Number(readStored(storageKeys.storeId));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * One idempotency key per form instance: a double click, a retry after a lost answer or a second
 * tab's resubmission of this form all name the same payment, which the server pays once.
 */
export function useIdempotencyKey(): string {
  const [key] = useState(() => {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  });
  return key;
}

/** The failed payment a 422 / 502 names (data.id): its page offers Send again. */
function failedPaymentId(error: unknown): number | null {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null)
    return null;
  const data = (error.body as { data?: unknown }).data;
  const id = typeof data === 'object' && data !== null ? (data as { id?: unknown }).id : null;
  return typeof id === 'number' ? id : null;
}

/**
 * Sends a payment and goes to its page: the receipt when sent, the failed payment's page (with the
 * provider's message) when refused; field errors stay on the form.
 */
function usePaymentSubmit(kind: 'bill' | 'prepaid') {
  const navigate = useNavigate();
  const pageOf = (id: number) =>
    kind === 'bill' ? billPayReceiptPath(id) : incommThankYouPath(id);
  return {
    send: (path: string, body: Record<string, unknown>) => api.post(path, body, billPaymentSchema),
    onSuccess: (reply: { message: string; data: BillPayment }) => {
      notify.success(reply.message);
      void navigate(pageOf(reply.data.id));
    },
    onError: (error: unknown) => {
      const id = failedPaymentId(error);
      notify.danger(failureMessage(error, 'Payment not sent'));
      if (id !== null) void navigate(pageOf(id));
    },
  };
}

/**
 * A counter payment sent once: this form's idempotency key, the current store, and the mutation
 * sending the form's body with both to `path`; field errors go to `serverErrors`, then the reply
 * goes to its page (usePaymentSubmit).
 */
export function useCounterPayment<Body extends object>(
  kind: 'bill' | 'prepaid',
  path: string,
  serverErrors: (error: unknown) => void,
) {
  const key = useIdempotencyKey();
  const storeId = currentStoreId();
  const submit = usePaymentSubmit(kind);
  const mutation = useMutation({
    mutationFn: (body: Body) =>
      submit.send(path, { ...body, store_id: storeId, idempotency_key: key }),
    onSuccess: submit.onSuccess,
    onError: (error) => {
      serverErrors(error);
      submit.onError(error);
    },
  });
  return { storeId, mutation };
}

/**
 * A payment taken at the counter (/billpay/new, /incomm): the title and its links, the store
 * question, the form's own fields, then the payment split and the send button, which stays off
 * while sending or sent (a second click cannot start another request) and until the split pays
 * the total.
 */
export function PaymentFormPage(props: {
  title: string;
  /** the other counter payment's page, linked beside Bill payments */
  other: { label: string; to: string };
  storeId: number | null;
  /** the form's submit (react-hook-form's handleSubmit) */
  onSubmit: (event: FormEvent) => Promise<void>;
  pending: boolean;
  sent: boolean;
  total: number;
  /** the payments field (useController's field and fieldState) */
  payments: {
    field: { value: PaymentDraft[]; onChange: (drafts: PaymentDraft[]) => void };
    fieldState: { error?: unknown };
  };
  action: string;
  children: ReactNode;
}) {
  const { total } = props;
  const payments = withTotal(props.payments.field.value, total);
  const busy = props.pending || props.sent;
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Stack direction="row" alignItems="center" spacing={1} flexWrap="wrap">
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {props.title}
        </Typography>
        <Button component={RouterLink} to={props.other.to}>
          {props.other.label}
        </Button>
        <Button component={RouterLink} to={billPayPaths.payments.list}>
          Bill payments
        </Button>
      </Stack>
      {props.storeId === null && (
        <Alert severity="info">Choose your store in the store switcher to take a payment.</Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          component="form"
          spacing={2}
          noValidate
          onSubmit={(event) => {
            if (busy) event.preventDefault();
            else void props.onSubmit(event);
          }}
        >
          {props.children}
          <PaymentSplit
            title="Payment"
            rowLabel="Payment"
            total={total}
            drafts={payments}
            onChange={props.payments.field.onChange}
            error={paymentsError(props.payments.fieldState.error)}
          />
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={
                busy || props.storeId === null || total <= 0 || leftToPay(total, payments) !== 0
              }
            >
              {props.pending ? 'Sending…' : props.action}
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Stack>
  );
}
