import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { timeoffRequestCreateSchema } from '@portal/contract/hr-timeoff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../platform/api.ts';
import { notify } from '../../platform/toasts.ts';
import { fieldProps, useContractForm } from '../../platform/ui/contract-form.ts';
import { timeoffApi, timeoffKeys } from './timeoff/timeoff-api.ts';

/** The request form's values as typed; `requestFormSchema` turns them into the API's body. */
interface RequestFormValues {
  type_id: string;
  start_date: string;
  end_date: string;
  partial: boolean;
  hours: string;
  notes: string;
}
const emptyRequest: RequestFormValues = {
  type_id: '',
  start_date: '',
  end_date: '',
  partial: false,
  hours: '',
  notes: '',
};

/**
 * The form as typed, checked by the contract's create schema: part of a day is one date and its
 * hours, a whole-days request without an end is one day.
 */
const requestFormSchema = z
  .object({
    type_id: z.string().min(1, 'Choose a type'),
    start_date: z.string(),
    end_date: z.string(),
    partial: z.boolean(),
    hours: z.string(),
    notes: z.string(),
  })
  .transform((form): z.input<typeof timeoffRequestCreateSchema> => ({
    type_id: Number(form.type_id),
    start_date: form.start_date,
    end_date: form.partial ? form.start_date : form.end_date || form.start_date,
    hours: form.partial ? Number(form.hours) : null,
    notes: form.notes.trim() || null,
  }))
  .pipe(timeoffRequestCreateSchema);

/** An employee's request for time off: whole days, or hours of one day. */
export function RequestForm() {
  const queryClient = useQueryClient();
  const types = useQuery({
    queryKey: timeoffKeys.types,
    queryFn: ({ signal }) => timeoffApi.types(signal).then((reply) => reply.data.results),
  });
  const form = useContractForm(requestFormSchema, { defaultValues: emptyRequest });
  const { control } = form;
  const partial = form.watch('partial');
  const create = useMutation({
    mutationFn: timeoffApi.create,
    onSuccess: (reply) => {
      notify.success(reply.message);
      form.reset(emptyRequest);
      void queryClient.invalidateQueries({ queryKey: timeoffKeys.all });
    },
    onError: (error) => {
      form.serverErrors(error);
      if (error instanceof ApiError) notify.danger(error.message);
    },
  });
  const submit = form.handleSubmit((body) => create.mutate(body));
  const active = types.data?.filter((type) => type.is_active) ?? [];
  return (
    <Card variant="outlined" component="section" aria-labelledby="new-timeoff">
      {form.guard.dialog}
      <CardContent>
        <Typography id="new-timeoff" variant="h6" component="h2" gutterBottom>
          Request time off
        </Typography>
        <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
            <Controller
              name="type_id"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...fieldProps(field)}
                  select
                  label="Type"
                  error={fieldState.invalid}
                  helperText={fieldState.error?.message ?? ' '}
                  sx={{ minWidth: 180 }}
                >
                  {active.map((type) => (
                    <MenuItem key={type.id} value={String(type.id)}>
                      {type.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              name="start_date"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...fieldProps(field)}
                  type="date"
                  label={partial ? 'Date' : 'From'}
                  slotProps={{ inputLabel: { shrink: true } }}
                  error={fieldState.invalid}
                  helperText={fieldState.error?.message ?? ' '}
                />
              )}
            />
            {!partial && (
              <Controller
                name="end_date"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...fieldProps(field)}
                    type="date"
                    label="To"
                    slotProps={{ inputLabel: { shrink: true } }}
                    error={fieldState.invalid}
                    helperText={fieldState.error?.message ?? 'Whole days count 8 h each'}
                  />
                )}
              />
            )}
            {partial && (
              <Controller
                name="hours"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...fieldProps(field)}
                    type="number"
                    label="Hours"
                    slotProps={{ htmlInput: { min: 0.25, max: 24, step: 0.25 } }}
                    error={fieldState.invalid}
                    helperText={fieldState.error?.message ?? ' '}
                  />
                )}
              />
            )}
          </Stack>
          <Controller
            name="partial"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                  />
                }
                label="Part of a day"
              />
            )}
          />
          <Controller
            name="notes"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...fieldProps(field)}
                fullWidth
                multiline
                minRows={2}
                label="Notes"
                error={fieldState.invalid}
                helperText={fieldState.error?.message}
                sx={{ my: 2 }}
              />
            )}
          />
          <Button type="submit" variant="contained" disabled={create.isPending}>
            Request time off
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
