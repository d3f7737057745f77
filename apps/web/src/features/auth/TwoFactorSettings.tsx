import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TotpSetup, TwoFactorStatus } from '@portal/contract/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FALLBACK_ERROR_MESSAGE } from '../../platform/api.ts';
import { notify } from '../../platform/toasts.ts';
import {
  confirmTotpSetup,
  fetchTwoFactorStatus,
  setTwoFactorMethod,
  startTotpSetup,
  twoFactorQueryKey,
} from './auth-api.ts';

function describe(status: TwoFactorStatus): string {
  if (status.effective === 'totp') return 'On: codes from your authenticator app.';
  if (status.effective === 'email')
    return status.method === 'email'
      ? 'On: codes by email.'
      : 'On: your company requires it; codes come by email unless you set up an authenticator app.';
  return 'Off: you sign in with your password alone.';
}

/** Two-factor enrolment on /account: mailed codes, an authenticator app by QR code, or off. */
export function TwoFactorSettings() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: twoFactorQueryKey, queryFn: fetchTwoFactorStatus });
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [pending, setPending] = useState<'email' | 'off' | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');

  const done = (reply: { message: string; data: TwoFactorStatus }) => {
    queryClient.setQueryData(twoFactorQueryKey, reply.data);
    notify.success(reply.message);
    setSetup(null);
    setPending(null);
    setCode('');
    setPassword('');
  };
  const begin = useMutation({
    mutationFn: startTotpSetup,
    onSuccess: (reply) => {
      setPending(null);
      setSetup(reply.data);
    },
    onError: (error) => notify.danger(error.message || FALLBACK_ERROR_MESSAGE),
  });
  const confirm = useMutation({ mutationFn: confirmTotpSetup, onSuccess: done });
  const choose = useMutation({
    mutationFn: (method: 'email' | 'off') => setTwoFactorMethod(method, password),
    onSuccess: done,
  });

  if (status.isPending) return <Typography color="text.secondary">Loading…</Typography>;
  if (status.isError) return <Alert severity="error">{status.error.message}</Alert>;
  const current = status.data;

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code.trim());
  };
  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    if (pending) choose.mutate(pending);
  };

  return (
    <Stack spacing={2}>
      <Typography>{describe(current)}</Typography>
      {setup ? (
        <Stack component="form" spacing={2} noValidate onSubmit={submitCode}>
          <Typography>
            Scan this QR code with an authenticator app (or type the key), then enter the 6-digit
            code it shows.
          </Typography>
          <Box
            component="img"
            src={setup.qrDataUrl}
            alt="QR code for your authenticator app"
            sx={{ width: 200, height: 200, imageRendering: 'pixelated' }}
          />
          <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            Key: {setup.secret}
          </Typography>
          {confirm.error && <Alert severity="error">{confirm.error.message}</Alert>}
          <TextField
            id="totp-code"
            label="Code from the app"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" loading={confirm.isPending}>
              Turn on
            </Button>
            <Button onClick={() => setSetup(null)}>Cancel</Button>
          </Stack>
        </Stack>
      ) : pending ? (
        <Stack component="form" spacing={2} noValidate onSubmit={submitPassword}>
          <Typography>
            {pending === 'email'
              ? 'Sign-in will ask for a code we mail to you. Confirm with your password.'
              : 'Sign-in will no longer ask for a code. Confirm with your password.'}
          </Typography>
          {choose.error && <Alert severity="error">{choose.error.message}</Alert>}
          <TextField
            id="two-factor-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" loading={choose.isPending}>
              Confirm
            </Button>
            <Button onClick={() => setPending(null)}>Cancel</Button>
          </Stack>
        </Stack>
      ) : (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          {current.effective !== 'totp' && (
            <Button variant="outlined" onClick={() => begin.mutate()} loading={begin.isPending}>
              Set up authenticator app
            </Button>
          )}
          {current.method !== 'email' && (
            <Button variant="outlined" onClick={() => setPending('email')}>
              Use codes by email
            </Button>
          )}
          {current.method !== null && (
            <Button color="error" onClick={() => setPending('off')}>
              Turn off
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
