import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { loginRequestSchema } from '@portal/contract/auth';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, Link as RouterLink, useLocation } from 'react-router';
import type { z } from 'zod';
import { FALLBACK_ERROR_MESSAGE } from '../../platform/api.ts';
import { notify } from '../../platform/toasts.ts';
import { fetchAuthOptions, login } from './auth-api.ts';
import { AuthCard } from './AuthCard.tsx';
import { returnPathFrom } from './return-to.ts';
import { isSignedIn, startSession, useSession, type SignedInResponse } from './session.ts';
import { challengeOf, TwoFactorStep, type TwoFactorChallenge } from './TwoFactorStep.tsx';

type LoginForm = z.input<typeof loginRequestSchema>;
type LoginValues = z.output<typeof loginRequestSchema>;

export const authOptionsQueryKey = ['auth', 'options'] as const;

/** The sign-in screen (/login), with the two-factor step when the account needs one. */
export function LoginPage() {
  const signedIn = useSession((state) => state.userId !== null);
  const location = useLocation();
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const options = useQuery({ queryKey: authOptionsQueryKey, queryFn: fetchAuthOptions });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginForm, unknown, LoginValues>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '' },
  });
  const finish = (response: SignedInResponse) => {
    notify.success(response.message);
    startSession(response);
  };
  const signIn = useMutation({
    mutationFn: login,
    onSuccess: (response) => {
      if (isSignedIn(response)) finish(response);
      else setChallenge(challengeOf(response));
    },
  });

  // Signed in (now or before): go back where the visitor was headed, or home.
  if (signedIn) return <Navigate to={returnPathFrom(location.state)} replace />;

  if (challenge) {
    return (
      <AuthCard title="Two-factor verification">
        <TwoFactorStep
          challenge={challenge}
          onSignedIn={finish}
          onCancel={() => {
            setChallenge(null);
            signIn.reset();
          }}
        />
      </AuthCard>
    );
  }

  const failure = signIn.error
    ? signIn.error.message || FALLBACK_ERROR_MESSAGE
    : signIn.data && !isSignedIn(signIn.data) && !challengeOf(signIn.data)
      ? (signIn.data.reason ?? FALLBACK_ERROR_MESSAGE)
      : null;
  const { ref: emailRef, ...email } = register('email');
  const { ref: passwordRef, ...password } = register('password');

  return (
    <AuthCard title="Sign in">
      <Stack
        component="form"
        spacing={2}
        noValidate
        onSubmit={handleSubmit((values) => signIn.mutate(values))}
      >
        {failure && <Alert severity="error">{failure}</Alert>}
        <TextField
          {...email}
          inputRef={emailRef}
          id="login-email"
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
          required
          fullWidth
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
        />
        <TextField
          {...password}
          inputRef={passwordRef}
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          fullWidth
          error={Boolean(errors.password)}
          helperText={errors.password?.message}
        />
        <Button type="submit" variant="contained" size="large" loading={signIn.isPending}>
          Sign in
        </Button>
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Link component={RouterLink} to="/forgot-password">
            Forgot password?
          </Link>
          {options.data?.signup && (
            <Link component={RouterLink} to="/signup">
              Create an account
            </Link>
          )}
        </Stack>
      </Stack>
    </AuthCard>
  );
}
