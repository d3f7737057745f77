import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { z } from 'zod';
import {
  paymentMethodLabels,
  paymentMethods,
  type Payment,
} from '@portal/contract/resources/sales';
import { formatCents } from './DocumentPanels.tsx';

/* Payments split across methods, as a sale's Take payment and the bill-pay forms take them: the
 * rows as typed (dollars), what is left to pay, and the API's `payments` (cents). */

export type PaymentMethod = Payment['method'];
export interface PaymentDraft {
  method: PaymentMethod;
  amount: string;
}

/** The drafts as a form field's value (react-hook-form + zod). */
export const paymentDraftsField = z.array(
  z.object({ method: z.enum(paymentMethods), amount: z.string() }),
);

/** Dollars as typed ("85", "$1,234.50") to cents; NaN when it is not a number. */
export const toCents = (amount: string) => Math.round(Number(amount.replace(/[$,\s]/g, '')) * 100);
export const dollarsOf = (cents: number) => (cents / 100).toFixed(2);
/** Cents of what is typed, 0 when it is blank or not a number. */
export const validCents = (amount: string) =>
  Number.isFinite(toCents(amount)) ? toCents(amount) : 0;

/** One payment not yet typed in follows the total (the usual case: one method pays it all). */
export const withTotal = (drafts: PaymentDraft[], total: number): PaymentDraft[] =>
  drafts.length === 1 && drafts[0] && drafts[0].amount === ''
    ? [{ ...drafts[0], amount: total > 0 ? dollarsOf(total) : '' }]
    : drafts;

/** The API's `payments`. */
export const paymentsOf = (drafts: PaymentDraft[]): Payment[] =>
  drafts.map((d) => ({ method: d.method, amount_cents: toCents(d.amount) }));

export const leftToPay = (total: number, drafts: PaymentDraft[]) =>
  total - drafts.reduce((sum, d) => sum + validCents(d.amount), 0);

/** The first message of a payments field's errors (the list's own, or one row's). */
export function paymentsError(error: unknown): string | undefined {
  if (Array.isArray(error)) return error.map(paymentsError).find(Boolean);
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string' && error.message)
    return error.message;
  return Object.values(error).map(paymentsError).find(Boolean);
}

/** Methods and amounts that must add up to `total`; each row's amount is named `${rowLabel} n`. */
export function PaymentSplit(props: {
  total: number;
  drafts: PaymentDraft[];
  onChange: (drafts: PaymentDraft[]) => void;
  /** The accessible name of a row's amount, numbered: "Payment 1", "Amount 2". */
  rowLabel: string;
  /** A heading above the rows, when the form has none of its own. */
  title?: string;
  error?: string | undefined;
}) {
  const { drafts, onChange, total } = props;
  const left = leftToPay(total, drafts);
  const change = (index: number, draft: Partial<PaymentDraft>) =>
    onChange(drafts.map((d, i) => (i === index ? { ...d, ...draft } : d)));
  return (
    <Stack spacing={1.5}>
      {props.title && (
        <Typography variant="subtitle1" component="h2">
          {props.title}
        </Typography>
      )}
      {drafts.map((draft, index) => (
        <Stack key={index} direction="row" spacing={1} alignItems="center">
          <TextField
            select
            size="small"
            label="Method"
            value={draft.method}
            onChange={(event) => change(index, { method: event.target.value as PaymentMethod })}
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
              htmlInput: {
                inputMode: 'decimal',
                'aria-label': `${props.rowLabel} ${String(index + 1)}`,
              },
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
