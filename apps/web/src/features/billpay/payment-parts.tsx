import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { billPaymentSchema, type BillPayment } from '@portal/contract/resources/billpay';
import {
  paymentMethodLabels,
  paymentMethods,
  type Payment,
} from '@portal/contract/resources/sales';
import { storageKeys } from '@portal/contract/storage-keys';
import { api, ApiError } from '../../platform/api.ts';
import { formatCents } from '../../platform/resources/DocumentPanels.tsx';
import { failureMessage } from '../../platform/resources/outcome.ts';
import { readStored } from '../../platform/storage.ts';
import { notify } from '../../platform/toasts.ts';
import { billPayReceiptPath, incommThankYouPath } from './paths.ts';

export type Method = Payment['method'];
export interface PaymentDraft {
  method: Method;
  amount: string;
}

/** Dollars as typed ("85", "$1,234.50") to cents; NaN when it is not a number. */
export const toCents = (amount: string) => Math.round(Number(amount.replace(/[$,\s]/g, '')) * 100);
export const dollarsOf = (cents: number) => (cents / 100).toFixed(2);
const validCents = (amount: string) => (Number.isFinite(toCents(amount)) ? toCents(amount) : 0);

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

/** Split payments (like the sale's Take payment): methods and amounts adding up to `total`. */
export function PaymentSplit(props: {
  total: number;
  drafts: PaymentDraft[];
  onChange: (drafts: PaymentDraft[]) => void;
  error?: string | undefined;
}) {
  const { drafts, onChange, total } = props;
  const left = total - drafts.reduce((sum, d) => sum + validCents(d.amount), 0);
  const change = (index: number, draft: Partial<PaymentDraft>) =>
    onChange(drafts.map((d, i) => (i === index ? { ...d, ...draft } : d)));
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle1" component="h2">
        Payment
      </Typography>
      {drafts.map((draft, index) => (
        <Stack key={index} direction="row" spacing={1} alignItems="center">
          <TextField
            select
            size="small"
            label="Method"
            value={draft.method}
            onChange={(event) => change(index, { method: event.target.value as Method })}
            sx={{ minWidth: 130 }}
          >
            {paymentMethods.map((method) => (
              <MenuItem key={method} value={method}>
                {paymentMethodLabels[method]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label="Amount"
            value={draft.amount}
            onChange={(event) => change(index, { amount: event.target.value })}
            slotProps={{
              htmlInput: { inputMode: 'decimal', 'aria-label': `Payment ${String(index + 1)}` },
            }}
            sx={{ flex: 1, minWidth: 0 }}
          />
          <IconButton
            aria-label="Remove payment"
            disabled={drafts.length === 1}
            onClick={() => onChange(drafts.filter((_, i) => i !== index))}
          >
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      <Box>
        <Button
          startIcon={<AddIcon />}
          onClick={() =>
            onChange([...drafts, { method: 'cash', amount: dollarsOf(Math.max(left, 0)) }])
          }
        >
          Split payment
        </Button>
      </Box>
      <Typography color={left === 0 && !props.error ? 'text.secondary' : 'error'} role="status">
        {props.error ??
          (left === 0
            ? `Payments match the total of ${formatCents(total) ?? ''}`
            : left > 0
              ? `Left to pay: ${formatCents(left) ?? ''}`
              : `Over by ${formatCents(-left) ?? ''}`)}
      </Typography>
    </Stack>
  );
}

/** One payment not yet typed in follows the total (the usual case: one method pays it all). */
export const withTotal = (drafts: PaymentDraft[], total: number): PaymentDraft[] =>
  drafts.length === 1 && drafts[0] && drafts[0].amount === ''
    ? [{ ...drafts[0], amount: total > 0 ? dollarsOf(total) : '' }]
    : drafts;

export const paymentsOf = (drafts: PaymentDraft[]) =>
  drafts.map((d) => ({ method: d.method, amount_cents: toCents(d.amount) }));

export const leftToPay = (total: number, drafts: PaymentDraft[]) =>
  total - drafts.reduce((sum, d) => sum + validCents(d.amount), 0);

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
export function usePaymentSubmit(kind: 'bill' | 'prepaid') {
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
