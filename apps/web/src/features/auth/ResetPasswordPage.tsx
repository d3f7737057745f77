import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { authMessages } from '@portal/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../platform/api.ts';
import { notify } from '../../platform/toasts.ts';
import { FormStack, FormTextField } from '../../platform/ui/form.tsx';
import { resetPassword } from './auth-api.ts';
import { AuthCard } from './AuthCard.tsx';
import { useNewPasswordForm, type NewPasswordForm } from './password-fields.ts';

/** The failure text: the server's message, else SPEC.md section 8's fallback. */
const failureText = (error: Error) =>
  error instanceof ApiError && error.status > 0 && error.message
    ? error.message
    : authMessages.resetFailed;

/** /reset-password?token=...: the page the reset mail links to. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useNewPasswordForm();
  const reset = useMutation({
    mutationFn: (values: NewPasswordForm) => resetPassword(token, values.password),
    onSuccess: (reply) => {
      notify.success(reply.message);
      void navigate('/login', { replace: true });
    },
    onError: (error) => {
      const fieldError = error instanceof ApiError ? error.fieldErrors.password?.[0] : undefined;
      if (fieldError) setError('password', { message: fieldError });
      else notify.danger(failureText(error));
    },
  });

  if (!token) {
    return (
      <AuthCard title="Reset password">
        <Stack spacing={2}>
          <Alert severity="error">{authMessages.resetLinkInvalid}</Alert>
          <Link component={RouterLink} to="/forgot-password">
            Ask for a new link
          </Link>
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Reset password">
      <FormStack onSubmit={handleSubmit((values) => reset.mutate(values))}>
        {reset.error && !errors.password && (
          <Alert severity="error">{failureText(reset.error)}</Alert>
        )}
        <FormTextField
          registration={register('password')}
          error={errors.password}
          id="reset-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          autoFocus
          helperText="At least 8 characters, not a common password"
        />
        <FormTextField
          registration={register('confirm')}
          error={errors.confirm}
          id="reset-confirm"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
        />
        <Button type="submit" variant="contained" size="large" loading={reset.isPending}>
          Set new password
        </Button>
        <Link component={RouterLink} to="/forgot-password">
          Ask for a new link
        </Link>
      </FormStack>
    </AuthCard>
  );
}
