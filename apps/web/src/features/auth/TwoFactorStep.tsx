import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { twoFactorVerifyRequestSchema } from '@portal/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FALLBACK_ERROR_MESSAGE } from '../../platform/api.ts';
import { notify } from '../../platform/toasts.ts';
import { resendTwoFactor, verifyTwoFactor } from './auth-api.ts';
import { isSignedIn, type SignedInResponse } from './session.ts';
import type { TwoFactorChallenge } from './two-factor-challenge.ts';

const codeForm = twoFactorVerifyRequestSchema.pick({ code: true });
type CodeForm = z.input<typeof codeForm>;
type CodeValues = z.output<typeof codeForm>;

/** Seconds a new code must wait after one was sent (the server's rule; it refuses earlier asks). */
const RESEND_GAP_SECONDS = 30;

/** The second sign-in step: the 6-digit code from the mail or the authenticator app. */
export function TwoFactorStep({
  challenge,
  onSignedIn,
  onCancel,
}: {
  challenge: TwoFactorChallenge;
  onSignedIn: (response: SignedInResponse) => void;
  onCancel: () => void;
}) {
  const [resendIn, setResendIn] = useState(challenge.method === 'email' ? RESEND_GAP_SECONDS : 0);
  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = window.setTimeout(() => setResendIn((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [resendIn]);

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CodeForm, unknown, CodeValues>({
    resolver: zodResolver(codeForm),
    defaultValues: { code: '' },
  });
  const verify = useMutation({
    mutationFn: (code: string) => verifyTwoFactor({ token: challenge.token, code }),
    onSuccess: (response) => {
      if (isSignedIn(response)) onSignedIn(response);
    },
  });
  const resend = useMutation({
    mutationFn: () => resendTwoFactor(challenge.token),
    onSuccess: (reply) => {
      notify.success(reply.message);
      setResendIn(reply.data.resendAfterSeconds);
    },
    onError: (error) => notify.danger(error.message || FALLBACK_ERROR_MESSAGE),
  });
  const { ref: codeRef, ...code } = register('code');

  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={handleSubmit((values) => verify.mutate(values.code))}
    >
      <Typography>
        {challenge.message}
        {challenge.destination ? ` (${challenge.destination}).` : '.'}
      </Typography>
      {verify.error && (
        <Alert severity="error">{verify.error.message || FALLBACK_ERROR_MESSAGE}</Alert>
      )}
      <TextField
        {...code}
        inputRef={codeRef}
        id="two-factor-code"
        label="Code"
        autoComplete="one-time-code"
        autoFocus
        required
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
        error={Boolean(errors.code)}
        helperText={errors.code?.message}
      />
      <Button type="submit" variant="contained" size="large" loading={verify.isPending}>
        Verify
      </Button>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Button onClick={onCancel}>Back to sign in</Button>
        {challenge.method === 'email' && (
          <Button
            onClick={() => resend.mutate()}
            disabled={resendIn > 0}
            loading={resend.isPending}
          >
            {resendIn > 0 ? `Send a new code (${resendIn}s)` : 'Send a new code'}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
