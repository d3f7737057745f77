import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { authMessages, signupRequestSchema, type SignupRequest } from '@portal/contract/auth';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm, type FieldPath } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { FALLBACK_ERROR_MESSAGE } from '../../platform/api.ts';
import { PageLoader } from '../../platform/PageLoader.tsx';
import { notify } from '../../platform/toasts.ts';
import { putServerErrors } from '../../platform/ui/contract-form.ts';
import { fetchAuthOptions, signUp } from './auth-api.ts';
import { AuthCard } from './AuthCard.tsx';
import { authOptionsQueryKey } from './LoginPage.tsx';

type Values = z.output<typeof signupRequestSchema>;
const fields: { name: FieldPath<SignupRequest>; label: string; type: string; auto: string }[] = [
  { name: 'first_name', label: 'First name', type: 'text', auto: 'given-name' },
  { name: 'last_name', label: 'Last name', type: 'text', auto: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', auto: 'username' },
  { name: 'password', label: 'Password', type: 'password', auto: 'new-password' },
];

/** /signup: self sign-up, where the deployment allows it (ALLOW_SIGNUP). */
export function SignupPage() {
  const options = useQuery({ queryKey: authOptionsQueryKey, queryFn: fetchAuthOptions });
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignupRequest, unknown, Values>({
    resolver: zodResolver(signupRequestSchema),
    defaultValues: { email: '', password: '', first_name: '', last_name: '' },
  });
  const create = useMutation({
    mutationFn: signUp,
    onSuccess: (reply) => {
      notify.success(reply.message);
      void navigate('/login', { replace: true });
    },
    onError: (error) => {
      putServerErrors(
        error,
        setError,
        fields.map((field) => field.name),
      );
    },
  });

  if (options.isPending) return <PageLoader />;
  if (!options.data?.signup) {
    return (
      <AuthCard title="Create an account">
        <Stack spacing={2}>
          <Alert severity="info">{authMessages.signupDisabled}</Alert>
          <Link component={RouterLink} to="/login">
            Back to sign in
          </Link>
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Create an account">
      <Stack
        component="form"
        spacing={2}
        noValidate
        onSubmit={handleSubmit((values) => create.mutate(values))}
      >
        {create.error && (
          <Alert severity="error">{create.error.message || FALLBACK_ERROR_MESSAGE}</Alert>
        )}
        {fields.map((field) => {
          const { ref, ...rest } = register(field.name);
          return (
            <TextField
              key={field.name}
              {...rest}
              inputRef={ref}
              id={`signup-${field.name}`}
              label={field.label}
              type={field.type}
              autoComplete={field.auto}
              required
              fullWidth
              error={Boolean(errors[field.name])}
              helperText={errors[field.name]?.message}
            />
          );
        })}
        <Button type="submit" variant="contained" size="large" loading={create.isPending}>
          Create account
        </Button>
        <Link component={RouterLink} to="/login">
          Back to sign in
        </Link>
      </Stack>
    </AuthCard>
  );
}
