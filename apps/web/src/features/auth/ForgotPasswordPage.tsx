import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { forgotPasswordRequestSchema } from '@portal/contract/auth';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { FALLBACK_ERROR_MESSAGE } from '../../platform/api.ts';
import { notify } from '../../platform/toasts.ts';
import { FormStack, FormTextField } from '../../platform/ui/form.tsx';
import { fetchAuthOptions, forgotPassword } from './auth-api.ts';
import { AuthCard } from './AuthCard.tsx';
import { authOptionsQueryKey } from './LoginPage.tsx';

type Form = z.input<typeof forgotPasswordRequestSchema>;
type Values = z.output<typeof forgotPasswordRequestSchema>;

/** /forgot-password: asks for a reset link by mail. */
export function ForgotPasswordPage() {
  const options = useQuery({ queryKey: authOptionsQueryKey, queryFn: fetchAuthOptions });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Form, unknown, Values>({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { email: '' },
  });
  const send = useMutation({
    mutationFn: (values: Values) => forgotPassword(values.email),
    onSuccess: (reply) => notify.success(reply.message),
  });

  return (
    <AuthCard title="Forgot password">
      <FormStack onSubmit={handleSubmit((values) => send.mutate(values))}>
        <Typography color="text.secondary">
          Enter the email you sign in with. If it belongs to an account, we send a link to choose a
          new password; it works once, within 1 hour.
        </Typography>
        {send.error && (
          <Alert severity="error">{send.error.message || FALLBACK_ERROR_MESSAGE}</Alert>
        )}
        {send.isSuccess && (
          <Alert severity="success">
            {send.data.message}
            {options.data?.devMailbox && (
              <>
                {' '}
                (no mail server here: see the{' '}
                <Link component={RouterLink} to="/dev/mailbox">
                  dev mailbox
                </Link>
                )
              </>
            )}
          </Alert>
        )}
        <FormTextField
          registration={register('email')}
          error={errors.email}
          id="forgot-email"
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
        />
        <Button type="submit" variant="contained" size="large" loading={send.isPending}>
          Send reset link
        </Button>
        <Link component={RouterLink} to="/login">
          Back to sign in
        </Link>
      </FormStack>
    </AuthCard>
  );
}
