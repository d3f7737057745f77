import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { authMessages, mobilePin } from '@portal/contract/auth';
import { storageKeys } from '@portal/contract/storage-keys';
import { useMutation } from '@tanstack/react-query';
import { useForm, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../platform/api.ts';
import { readStored } from '../../platform/storage.ts';
import { notify } from '../../platform/toasts.ts';
import { messageOr } from './AccountPage.tsx';
import { changeMobilePin } from './auth-api.ts';

const pinForm = z
  .object({ mobile_pin: mobilePin, confirm: z.string() })
  .refine((values) => values.mobile_pin === values.confirm.trim(), {
    message: 'The PINs do not match',
    path: ['confirm'],
  });
type PinForm = z.input<typeof pinForm>;
type PinValues = z.output<typeof pinForm>;

/** /mobile-pin-update: the PIN the mobile app signs in with. */
export function MobilePinPage() {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PinForm, unknown, PinValues>({
    resolver: zodResolver(pinForm),
    defaultValues: { mobile_pin: '', confirm: '' },
  });
  const save = useMutation({
    mutationFn: (values: PinValues) =>
      changeMobilePin(Number(readStored(storageKeys.userId)), values.mobile_pin),
    onSuccess: (reply) => {
      notify.success(reply.message);
      reset();
    },
    onError: (error) => {
      const field = error instanceof ApiError ? error.fieldErrors.mobile_pin?.[0] : undefined;
      if (field) setError('mobile_pin', { message: field });
      notify.danger(messageOr(error, authMessages.mobilePinNotUpdated));
    },
  });
  const field = (name: FieldPath<PinForm>, label: string) => {
    const { ref, ...rest } = register(name);
    return (
      <TextField
        {...rest}
        inputRef={ref}
        id={`pin-${name}`}
        label={label}
        type="password"
        autoComplete="off"
        required
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
        error={Boolean(errors[name])}
        helperText={errors[name]?.message}
      />
    );
  };
  return (
    <Stack spacing={3} sx={{ maxWidth: 480 }}>
      <Typography variant="h4" component="h1">
        Mobile pin update
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <Stack
            component="form"
            spacing={2}
            noValidate
            onSubmit={handleSubmit((values) => save.mutate(values))}
          >
            <Typography color="text.secondary">
              The PIN you sign in with on the mobile app: 4 to 6 digits.
            </Typography>
            {field('mobile_pin', 'New PIN')}
            {field('confirm', 'Confirm PIN')}
            <Box>
              <Button type="submit" variant="contained" loading={save.isPending}>
                Update PIN
              </Button>
            </Box>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
