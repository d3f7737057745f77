import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { loginRequestSchema } from '@portal/contract/auth';
import { BRAND } from '@portal/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation } from 'react-router';
import type { z } from 'zod';
import { FALLBACK_ERROR_MESSAGE } from '../../platform/api.ts';
import { notify } from '../../platform/toasts.ts';
import { login } from './auth-api.ts';
import { returnPathFrom } from './return-to.ts';
import { isSignedIn, startSession, useSession } from './session.ts';

type LoginForm = z.input<typeof loginRequestSchema>;
type LoginValues = z.output<typeof loginRequestSchema>;

/** The sign-in screen (/login). */
export function LoginPage() {
  const signedIn = useSession((state) => state.userId !== null);
  const location = useLocation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginForm, unknown, LoginValues>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '' },
  });
  const signIn = useMutation({
    mutationFn: login,
    onSuccess: (response) => {
      if (!isSignedIn(response)) return;
      notify.success(response.message);
      startSession(response);
    },
  });

  // Signed in (now or before): go back where the visitor was headed, or home.
  if (signedIn) return <Navigate to={returnPathFrom(location.state)} replace />;

  const failure = signIn.error
    ? signIn.error.message || FALLBACK_ERROR_MESSAGE
    : signIn.data && !isSignedIn(signIn.data)
      ? (signIn.data.reason ?? 'Two-factor verification is not available yet.')
      : null;
  const { ref: emailRef, ...email } = register('email');
  const { ref: passwordRef, ...password } = register('password');

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
      }}
    >
      <Paper elevation={3} sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
        <Typography variant="h5" component="h1" gutterBottom>
          Sign in
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {BRAND}
        </Typography>
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
        </Stack>
      </Paper>
    </Box>
  );
}
