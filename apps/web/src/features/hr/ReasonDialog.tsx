import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { fieldProps, useContractForm } from '../../platform/ui/contract-form.ts';

const reasonSchemas = {
  required: z.object({ reason: z.string().trim().min(1, 'Give a reason').max(1000) }),
  optional: z.object({ reason: z.string().trim().max(1000) }),
};

/** Asks for a reason (a rejection, a manager's clock-out) before acting. */
export function ReasonDialog({
  open,
  title,
  label,
  confirm,
  required = true,
  busy,
  error,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string;
  label: string;
  confirm: string;
  required?: boolean;
  busy?: boolean;
  error?: string | null;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  // A dialog's reason is not work the page would lose by leaving: no unsaved-changes question.
  const form = useContractForm(reasonSchemas[required ? 'required' : 'optional'], {
    defaultValues: { reason: '' },
    guard: false,
  });
  const typed = form.watch('reason');
  const submit = form.handleSubmit(({ reason }) => onConfirm(reason));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: () => form.reset() } }}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Controller
            name="reason"
            control={form.control}
            render={({ field, fieldState }) => (
              <TextField
                {...fieldProps(field)}
                autoFocus
                fullWidth
                multiline
                minRows={2}
                margin="dense"
                label={label}
                required={required}
                error={Boolean(error ?? fieldState.error)}
                helperText={error ?? fieldState.error?.message ?? ' '}
              />
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy || (required && !typed.trim())}>
            {confirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
