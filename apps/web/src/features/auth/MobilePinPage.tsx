import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { authMessages, mobilePin } from '@portal/contract/auth';
import { storageKeys } from '@portal/contract/storage-keys';
import { useMutation } from '@tanstack/react-query';
import { useForm, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { readStored } from '../../platform/storage.ts';
import { notify } from '../../platform/toasts.ts';
import { putServerErrors } from '../../platform/ui/contract-form.ts';
import { FormStack, FormTextField } from '../../platform/ui/form.tsx';
import { FormSection } from '../../platform/ui/settings-form.tsx';
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
      putServerErrors(error, setError, ['mobile_pin']);
      notify.danger(messageOr(error, authMessages.mobilePinNotUpdated));
    },
  });
  const field = (name: FieldPath<PinForm>, label: string) => (
    <FormTextField
      registration={register(name)}
      error={errors[name]}
      id={`pin-${name}`}
      label={label}
      type="password"
      autoComplete="off"
      htmlInput={{ inputMode: 'numeric', maxLength: 6 }}
    />
  );
  return (
    <Stack spacing={3} sx={{ maxWidth: 480 }}>
      <Typography variant="h4" component="h1">
        Mobile pin update
      </Typography>
      <FormSection>
        <FormStack onSubmit={handleSubmit((values) => save.mutate(values))}>
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
        </FormStack>
      </FormSection>
    </Stack>
  );
}
