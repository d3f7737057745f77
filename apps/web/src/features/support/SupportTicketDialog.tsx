import { zodResolver } from '@hookform/resolvers/zod';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { supportTicketSubmitSchema } from '@portal/contract/resources/support';
import { storageKeys } from '@portal/contract/storage-keys';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import type { z } from 'zod';
import { readStored } from '../../platform/storage.ts';
import { notify } from '../../platform/toasts.ts';
import { fetchTicketTypes, submitSupportTicket, ticketTypesQueryKey } from './support-api.ts';

const formSchema = supportTicketSubmitSchema.pick({ type_id: true, detail: true });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/** The Support Ticket modal (SPEC.md section 2), loaded when Get Support is first pressed. */
export function SupportTicketDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const titleId = useId();
  const { pathname } = useLocation();
  const types = useQuery({
    queryKey: ticketTypesQueryKey,
    queryFn: ({ signal }) => fetchTicketTypes(signal),
    meta: { errorToast: false },
  });
  const { control, register, handleSubmit, setValue, getValues, formState } = useForm<
    FormInput,
    unknown,
    FormOutput
  >({ resolver: zodResolver(formSchema), defaultValues: { detail: '' } });
  const firstTypeId = types.data?.[0]?.id;
  useEffect(() => {
    // The first type is preselected once the types arrive (SPEC.md section 2).
    if (firstTypeId !== undefined && getValues('type_id') === undefined) {
      setValue('type_id', firstTypeId);
    }
  }, [firstTypeId, getValues, setValue]);

  const submit = useMutation({
    mutationFn: (values: FormOutput) => {
      const storeId = Number(readStored(storageKeys.storeId));
      return submitSupportTicket({
        ...values,
        email,
        store_id: Number.isInteger(storeId) && storeId > 0 ? storeId : null,
        sent_from_route: pathname,
      });
    },
    onSuccess: (reply) => {
      notify.success(reply.message);
      onClose();
    },
    onError: (error) => notify.danger(error.message),
  });
  const { ref: detailRef, ...detail } = register('detail');

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        Support Ticket
      </DialogTitle>
      <IconButton
        aria-label="Close"
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <form noValidate onSubmit={handleSubmit((values) => submit.mutate(values))}>
        <DialogContent dividers>
          <Stack spacing={2}>
            {types.isPending && <CircularProgress aria-label="Loading ticket types" />}
            {types.isError && <Alert severity="error">{types.error.message}</Alert>}
            {types.isSuccess && types.data.length === 0 && (
              <Alert severity="warning">
                Your company has no support ticket types yet. Ask your admin to add one.
              </Alert>
            )}
            {types.isSuccess && types.data.length > 0 && (
              <Controller
                control={control}
                name="type_id"
                render={({ field }) => (
                  <FormControl>
                    <FormLabel id={`${titleId}-type`}>Ticket type</FormLabel>
                    <RadioGroup
                      aria-labelledby={`${titleId}-type`}
                      name={field.name}
                      value={field.value === undefined ? '' : String(field.value)}
                      onChange={(event) => field.onChange(Number(event.target.value))}
                    >
                      {types.data.map((type) => (
                        <FormControlLabel
                          key={type.id}
                          value={String(type.id)}
                          control={<Radio />}
                          label={type.title}
                        />
                      ))}
                    </RadioGroup>
                  </FormControl>
                )}
              />
            )}
            <TextField
              {...detail}
              inputRef={detailRef}
              label="Details"
              required
              multiline
              minRows={4}
              fullWidth
              error={Boolean(formState.errors.detail)}
              helperText={formState.errors.detail?.message}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button
            type="submit"
            variant="contained"
            loading={submit.isPending}
            disabled={!types.isSuccess || types.data.length === 0}
          >
            Submit
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
