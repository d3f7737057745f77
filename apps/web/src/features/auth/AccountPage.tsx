import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { accountUpdateSchema, authMessages, type AccountUpdate } from '@portal/contract/auth';
import { storageKeys } from '@portal/contract/storage-keys';
import { useMutation } from '@tanstack/react-query';
import { useForm, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../platform/api.ts';
import { writeStoredJson } from '../../platform/storage.ts';
import { notify } from '../../platform/toasts.ts';
import { putServerErrors } from '../../platform/ui/contract-form.ts';
import { FormStack, FormTextField } from '../../platform/ui/form.tsx';
import { FormSection as Section } from '../../platform/ui/settings-form.tsx';
import { changePassword, updateAccount } from './auth-api.ts';
import { changePasswordForm, type ChangePasswordForm } from './password-fields.ts';
import { TwoFactorSettings } from './TwoFactorSettings.tsx';
import { useSessionUser } from './useSessionUser.ts';

/** The server's message when it gave one, else SPEC.md section 8's fallback. */
export const messageOr = (error: Error, fallback: string) =>
  error instanceof ApiError && error.status > 0 && error.message ? error.message : fallback;

type AccountValues = z.output<typeof accountUpdateSchema>;

function EditAccount({ initial }: { initial: AccountUpdate }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AccountUpdate, unknown, AccountValues>({
    resolver: zodResolver(accountUpdateSchema),
    defaultValues: initial,
  });
  const save = useMutation({
    mutationFn: updateAccount,
    onSuccess: (reply) => {
      writeStoredJson(storageKeys.user, reply.data);
      // SPEC.md section 7: updating the account reloads the page; the toast shows after it.
      notify.successAfterReload(reply.message);
      window.location.reload();
    },
    onError: (error) => notify.danger(messageOr(error, authMessages.accountNotUpdated)),
  });
  const field = (name: FieldPath<AccountUpdate>, label: string) => (
    <FormTextField
      registration={register(name)}
      error={errors[name]}
      id={`account-${name}`}
      label={label}
    />
  );
  return (
    <FormStack onSubmit={handleSubmit((values) => save.mutate(values))}>
      {field('first_name', 'First name')}
      {field('last_name', 'Last name')}
      <Box>
        <Button type="submit" variant="contained" loading={save.isPending}>
          Update account
        </Button>
      </Box>
    </FormStack>
  );
}

function ChangePassword() {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: { current_password: '', new_password: '', confirm: '' },
  });
  const save = useMutation({
    mutationFn: (values: ChangePasswordForm) =>
      changePassword({
        current_password: values.current_password,
        new_password: values.new_password,
      }),
    onSuccess: (reply) => {
      notify.success(reply.message);
      reset();
    },
    onError: (error) => {
      putServerErrors(error, setError, ['current_password', 'new_password']);
      notify.danger(messageOr(error, authMessages.passwordNotUpdated));
    },
  });
  const field = (name: FieldPath<ChangePasswordForm>, label: string, auto: string) => (
    <FormTextField
      registration={register(name)}
      error={errors[name]}
      id={`password-${name}`}
      label={label}
      type="password"
      autoComplete={auto}
    />
  );
  return (
    <FormStack onSubmit={handleSubmit((values) => save.mutate(values))}>
      {field('current_password', 'Current password', 'current-password')}
      {field('new_password', 'New password', 'new-password')}
      {field('confirm', 'Confirm new password', 'new-password')}
      <Typography variant="body2" color="text.secondary">
        Your other signed-in browsers are signed out when the password changes.
      </Typography>
      <Box>
        <Button type="submit" variant="contained" loading={save.isPending}>
          Change password
        </Button>
      </Box>
    </FormStack>
  );
}

/** /account: Edit Account, password change and two-factor sign-in. */
export function AccountPage() {
  const { data: user } = useSessionUser();
  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <Typography variant="h4" component="h1">
        Edit Account
      </Typography>
      {user ? (
        <Section title="Profile">
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {user.email}
          </Typography>
          <EditAccount
            key={`${user.first_name} ${user.last_name}`}
            initial={{ first_name: user.first_name, last_name: user.last_name }}
          />
        </Section>
      ) : (
        <Alert severity="info">Loading your account…</Alert>
      )}
      <Section title="Password">
        <ChangePassword />
      </Section>
      <Section title="Two-factor sign-in">
        <TwoFactorSettings />
      </Section>
    </Stack>
  );
}
