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
  type CompensationCreate,
} from '@portal/contract/hr-records';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { notify } from '../../platform/toasts.ts';
import { fieldProps, useContractForm } from '../../platform/ui/contract-form.ts';
import { hasPermission } from '../auth/session.ts';
import { failureOf, recordKeys, recordsApi } from './records-api.ts';

const money = (rate: number) =>
  rate.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const describe = (entry: Compensation) =>
  `${entry.pay_type === 'hourly' ? 'Hourly' : 'Salaried'} · ${money(entry.rate)} ${entry.pay_type === 'hourly' ? 'per hour' : 'per year'}`;

/** The add form's values as typed; `compensationForm` turns them into the API's body. */
interface CompensationFormValues {
  pay_type: (typeof payTypes)[number];
  rate: string;
  effective_from: string;
  note: string;
}

/** The form as typed, checked by the contract's create schema (a blank rate is no number: "Enter the rate"). */
const compensationForm = z
  .object({
    pay_type: z.enum(payTypes),
    rate: z.string(),
    effective_from: z.string(),
    note: z.string(),
  })
  .transform((form): z.input<typeof compensationCreateSchema> => ({
    pay_type: form.pay_type,
    rate: form.rate.trim() === '' ? Number.NaN : Number(form.rate),
    effective_from: form.effective_from,
    note: form.note || null,
  }))
  .pipe(compensationCreateSchema);

function AddCompensation({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  // No unsaved-changes guard: the panel sits in the employee form's page, whose guard is the one.
  const form = useContractForm(compensationForm, {
    defaultValues: {
      pay_type: 'hourly',
      rate: '',
      effective_from: new Date().toISOString().slice(0, 10),
      note: '',
    } satisfies CompensationFormValues,
    guard: false,
  });
  const { control } = form;
  const payType = form.watch('pay_type');
  const add = useMutation({
    mutationFn: (body: CompensationCreate) => recordsApi.addCompensation(userId, body),
    onSuccess: (reply) => {
      notify.success(reply.message);
      queryClient.setQueryData(recordKeys.compensation(userId), reply.data);
      // The next entry keeps the pay type and date; the rate and note start over.
      form.reset({ ...form.getValues(), rate: '', note: '' });
    },
    onError: (error) => {
      form.serverErrors(error);
      notify.danger(failureOf(error, recordMessages.compensationNotAdded));
    },
  });
  const submit = form.handleSubmit((body) => add.mutate(body));
  return (
    <Stack
      component="form"
      onSubmit={(event) => void submit(event)}
      noValidate
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      aria-label="Add compensation"
    >
      <Controller
        name="pay_type"
        control={control}
        render={({ field }) => (
          <TextField
            {...fieldProps(field)}
            select
            label="Pay type"
            onChange={(event) =>
              field.onChange(event.target.value === 'salaried' ? 'salaried' : 'hourly')
            }
            sx={{ minWidth: 140 }}
          >
            {payTypes.map((type) => (
              <MenuItem key={type} value={type}>
                {type === 'hourly' ? 'Hourly' : 'Salaried'}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        name="rate"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...fieldProps(field)}
            label={payType === 'hourly' ? 'Rate per hour' : 'Salary per year'}
            type="number"
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
            slotProps={{ htmlInput: { min: 0, step: '0.01' } }}
            required
          />
        )}
      />
      <Controller
        name="effective_from"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...fieldProps(field)}
            label="Effective from"
            type="date"
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
            slotProps={{ inputLabel: { shrink: true } }}
            required
          />
        )}
      />
      <Controller
        name="note"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...fieldProps(field)}
            label="Note"
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
          />
        )}
      />
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
