import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  timeoffTypeCreateSchema,
  timeoffTypeResource,
  type TimeoffType,
} from '@portal/contract/hr-timeoff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import type { DataColumn } from '../../platform/data-table/table-types.ts';
import { notify } from '../../platform/toasts.ts';
import { useContractForm } from '../../platform/ui/contract-form.ts';
import { timeoffApi, timeoffKeys } from './timeoff/timeoff-api.ts';
import { formatHours } from './timeoff/timeoff-ui.tsx';

type TypeForm = z.input<typeof timeoffTypeCreateSchema>;
type TypeValues = z.output<typeof timeoffTypeCreateSchema>;
const { messages } = timeoffTypeResource;

/** Add or edit a type: the contract's schema validates here as on the server. */
function TypeDialog({
  type,
  onClose,
}: {
  /** null: a new type */
  type: TimeoffType | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useContractForm<TypeForm, TypeValues>(timeoffTypeCreateSchema, {
    defaultValues: {
      name: type?.name ?? '',
      is_paid: type?.is_paid ?? true,
      yearly_allowance_hours: type?.yearly_allowance_hours ?? null,
      is_active: type?.is_active ?? true,
    },
  });
  const { errors } = form.formState;
  const save = useMutation({
    mutationFn: (body: TypeValues) =>
      type ? timeoffApi.updateType(type.id, body) : timeoffApi.createType(body),
    onSuccess: (reply) => {
      notify.success(reply.message || (type ? messages.updated : messages.created));
      void queryClient.invalidateQueries({ queryKey: timeoffKeys.all });
      form.guard.allowLeave();
      onClose();
    },
    onError: (error) => {
      notify.danger(error.message || (type ? messages.notUpdated : messages.notCreated));
      form.serverErrors(error);
    },
  });
  const field = (name: 'name' | 'yearly_allowance_hours', asNumber = false) => {
    const { ref, ...rest } = form.register(
      name,
      asNumber ? { setValueAs: (v: unknown) => (v === '' || v === null ? null : Number(v)) } : {},
    );
    return { ...rest, inputRef: ref, error: Boolean(errors[name]) };
  };
  const toggle = (name: 'is_paid' | 'is_active', label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: { value, onChange } }) => (
        <FormControlLabel
          control={<Switch checked={Boolean(value)} onChange={(e) => onChange(e.target.checked)} />}
          label={label}
        />
      )}
    />
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form noValidate onSubmit={(e) => void form.handleSubmit((body) => save.mutate(body))(e)}>
        <DialogTitle>{type ? `Edit ${type.name}` : 'Add a time off type'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label="Name" {...field('name')} helperText={errors.name?.message ?? ' '} />
            <TextField
              type="number"
              label="Yearly allowance (hours)"
              {...field('yearly_allowance_hours', true)}
              helperText={errors.yearly_allowance_hours?.message ?? 'Leave empty for no limit'}
              slotProps={{ htmlInput: { min: 0, step: 1 } }}
            />
            {toggle('is_paid', 'Paid')}
            {toggle('is_active', 'Offered to employees')}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save
          </Button>
        </DialogActions>
      </form>
      {form.guard.dialog}
    </Dialog>
  );
}

const columns: readonly DataColumn<TimeoffType>[] = [
  { id: 'name', header: 'Name', value: (type) => type.name },
  {
    id: 'is_paid',
    header: 'Paid',
    value: (type) => (type.is_paid ? 'Paid' : 'Unpaid'),
    filter: {
      options: [
        { value: 'Paid', label: 'Paid' },
        { value: 'Unpaid', label: 'Unpaid' },
      ],
    },
  },
  {
    id: 'yearly_allowance_hours',
    header: 'Yearly allowance',
    value: (type) => type.yearly_allowance_hours,
    cell: (type) => formatHours(type.yearly_allowance_hours),
    align: 'right',
  },
  {
    id: 'is_active',
    header: 'Offered',
    value: (type) => (type.is_active ? 'Yes' : 'No'),
    filter: {
      options: [
        { value: 'Yes', label: 'Yes' },
        { value: 'No', label: 'No' },
      ],
    },
  },
];

/** The company's time off types, for HR approvers (write_hr_timeoff): add, edit, stop offering. */
export function TimeoffTypesCard() {
  const [editing, setEditing] = useState<TimeoffType | null | undefined>(undefined);
  const types = useQuery({
    queryKey: timeoffKeys.types,
    queryFn: ({ signal }) => timeoffApi.types(signal).then((reply) => reply.data.results),
  });
  return (
    <Card variant="outlined" component="section" aria-labelledby="timeoff-types">
      <CardContent>
        <Typography id="timeoff-types" variant="h6" component="h2">
          {timeoffTypeResource.label.many}
        </Typography>
        <DataTable
          columns={columns}
          rows={types.data ?? []}
          getRowId={(type) => String(type.id)}
          reportName={timeoffTypeResource.label.many}
          loading={types.isPending}
          label={timeoffTypeResource.label.many}
          toolbar={<Button onClick={() => setEditing(null)}>Add type</Button>}
          rowActions={(type) => (
            <Button size="small" onClick={() => setEditing(type)}>
              Edit
            </Button>
          )}
          paginate={false}
        />
        {editing !== undefined && (
          <TypeDialog type={editing} onClose={() => setEditing(undefined)} />
        )}
      </CardContent>
    </Card>
  );
}
