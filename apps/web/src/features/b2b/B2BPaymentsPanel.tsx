import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import {
  b2bInvoices,
  b2bPaymentMethodLabels,
  b2bPaymentMethods,
  b2bPaymentSchema,
} from '@portal/contract/resources/b2b';
import { api } from '../../platform/api.ts';
import { formatCents } from '../../platform/resources/DocumentPanels.tsx';
import { failureMessage } from '../../platform/resources/outcome.ts';
import type { ResourceRow } from '../../platform/resources/resource-api.ts';
import { useInvalidateResource } from '../../platform/resources/use-resource.ts';
import { notify } from '../../platform/toasts.ts';

type Method = (typeof b2bPaymentMethods)[number];
const paymentsOf = (row: ResourceRow) => {
  const parsed = z.array(b2bPaymentSchema).safeParse(row.payments);
  return parsed.success ? parsed.data : [];
};
/** "12.50" as cents; null when not an amount. */
const toCents = (value: string): number | null =>
  /^\d+(\.\d{1,2})?$/.test(value.trim()) ? Math.round(Number(value.trim()) * 100) : null;

/** The payments recorded against a B2B invoice, and a form to record one while it is owed. */
export function B2BPaymentsPanel({ row }: { row: ResourceRow }) {
  const payments = paymentsOf(row);
  const mayPay =
    Array.isArray(row.allowed_actions) && row.allowed_actions.includes('record_payment');
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<Method>('check');
  const [reference, setReference] = useState('');
  const invalidate = useInvalidateResource(b2bInvoices);
  const cents = toCents(amount);
  const record = useMutation({
    mutationFn: () =>
      api.post(
        `${b2bInvoices.path}/${String(row.id)}/record_payment`,
        { method, amount_cents: cents, reference: reference.trim() || null },
        z.unknown(),
      ),
    onSuccess: (reply) => {
      notify.success(reply.message || 'Payment recorded');
      setAmount('');
      setReference('');
      void invalidate();
    },
    onError: (error) => notify.danger(failureMessage(error, 'Payment not recorded')),
  });
  return (
    <Stack spacing={2}>
      {payments.length === 0 ? (
        <Typography color="text.secondary">No payments yet.</Typography>
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Payments">
            <TableHead>
              <TableRow>
                <TableCell>Paid on</TableCell>
                <TableCell>Method</TableCell>
                <TableCell>Reference</TableCell>
                <TableCell align="right">Amount</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {payments.map((payment, index) => (
                <TableRow key={index}>
                  <TableCell>{payment.paid_on}</TableCell>
                  <TableCell>{b2bPaymentMethodLabels[payment.method]}</TableCell>
                  <TableCell>{payment.reference ?? ''}</TableCell>
                  <TableCell align="right">{formatCents(payment.amount_cents)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      {mayPay && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems="flex-start">
          <TextField
            label="Amount"
            size="small"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={amount !== '' && cents === null}
            helperText={`Balance ${formatCents(row.balance_cents) ?? ''}`}
          />
          <TextField
            select
            label="Method"
            size="small"
            value={method}
            onChange={(event) => setMethod(event.target.value as Method)}
            sx={{ minWidth: 120 }}
          >
            {b2bPaymentMethods.map((value) => (
              <MenuItem key={value} value={value}>
                {b2bPaymentMethodLabels[value]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Reference"
            size="small"
            value={reference}
            onChange={(event) => setReference(event.target.value)}
          />
          <Button
            variant="contained"
            disabled={!cents || record.isPending}
            onClick={() => record.mutate()}
          >
            Record payment
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
