import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { payTypes } from '@portal/contract/hr-employees';
import {
  compensationCreateSchema,
  recordMessages,
  type Compensation,
} from '@portal/contract/hr-records';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../platform/api.ts';
import { notify } from '../../platform/toasts.ts';
import { serverFieldMessages } from '../../platform/ui/contract-form.ts';
import { hasPermission } from '../auth/session.ts';
import { failureOf, recordKeys, recordsApi } from './records-api.ts';

const money = (rate: number) =>
  rate.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const describe = (entry: Compensation) =>
  `${entry.pay_type === 'hourly' ? 'Hourly' : 'Salaried'} · ${money(entry.rate)} ${entry.pay_type === 'hourly' ? 'per hour' : 'per year'}`;

function AddCompensation({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const [payType, setPayType] = useState<(typeof payTypes)[number]>('hourly');
  const [rate, setRate] = useState('');
  const [from, setFrom] = useState(() => new Date().toISOString().slice(0, 10));
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useMutation({
    mutationFn: () =>
      recordsApi.addCompensation(userId, {
        pay_type: payType,
        rate: Number(rate),
        effective_from: from,
        note: note || null,
      }),
    onSuccess: (reply) => {
      notify.success(reply.message);
      queryClient.setQueryData(recordKeys.compensation(userId), reply.data);
      setRate('');
      setNote('');
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(serverFieldMessages(error));
      notify.danger(failureOf(error, recordMessages.compensationNotAdded));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = compensationCreateSchema.safeParse({
      pay_type: payType,
      rate: rate.trim() === '' ? undefined : Number(rate),
      effective_from: from,
      note: note || null,
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    add.mutate();
  };
  return (
    <Stack
      component="form"
      onSubmit={submit}
      noValidate
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      aria-label="Add compensation"
    >
      <TextField
        select
        label="Pay type"
        value={payType}
        onChange={(event) => setPayType(event.target.value === 'salaried' ? 'salaried' : 'hourly')}
        sx={{ minWidth: 140 }}
      >
        {payTypes.map((type) => (
          <MenuItem key={type} value={type}>
            {type === 'hourly' ? 'Hourly' : 'Salaried'}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={payType === 'hourly' ? 'Rate per hour' : 'Salary per year'}
        type="number"
        value={rate}
        onChange={(event) => setRate(event.target.value)}
        error={Boolean(errors.rate)}
        helperText={errors.rate}
        slotProps={{ htmlInput: { min: 0, step: '0.01' } }}
        required
      />
      <TextField
        label="Effective from"
        type="date"
        value={from}
        onChange={(event) => setFrom(event.target.value)}
        error={Boolean(errors.effective_from)}
        helperText={errors.effective_from}
        slotProps={{ inputLabel: { shrink: true } }}
        required
      />
      <TextField label="Note" value={note} onChange={(event) => setNote(event.target.value)} />
      <div>
        <Button type="submit" variant="contained" loading={add.isPending}>
          Add compensation
        </Button>
      </div>
    </Stack>
  );
}

/** Pay: the current entry, a form for a new one (from a date on) and the history. HR managers only. */
export function EmployeeCompensation({ userId }: { userId: number }) {
  const data = useQuery({
    queryKey: recordKeys.compensation(userId),
    queryFn: ({ signal }) => recordsApi.compensation(userId, signal).then((r) => r.data),
  });
  const current = data.data?.current ?? null;
  return (
    <Stack spacing={2}>
      {data.isError && <Alert severity="error">{failureOf(data.error, 'Bad Request')}</Alert>}
      {data.isSuccess && (
        <Typography>
          {current
            ? `Current: ${describe(current)}, since ${current.effective_from}`
            : 'No compensation recorded yet.'}
        </Typography>
      )}
      {hasPermission('write_hr_compensation') && <AddCompensation userId={userId} />}
      {(data.data?.history.length ?? 0) > 0 && (
        <Table size="small" aria-label="Compensation history">
          <TableHead>
            <TableRow>
              <TableCell>Effective from</TableCell>
              <TableCell>Pay</TableCell>
              <TableCell>Note</TableCell>
              <TableCell>Added by</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.data?.history.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell>{entry.effective_from}</TableCell>
                <TableCell>{describe(entry)}</TableCell>
                <TableCell>{entry.note ?? ''}</TableCell>
                <TableCell>{entry.created_by_name}</TableCell>
                <TableCell>
                  {entry.id === current?.id && (
                    <Chip size="small" color="success" label="Current" />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
