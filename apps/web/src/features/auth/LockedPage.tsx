import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CompanyChoice, LoginResponse } from '@portal/contract/auth';
import { storageKeys } from '@portal/contract/storage-keys';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { FALLBACK_ERROR_MESSAGE, LOGIN_PATH } from '../../platform/api.ts';
import { clearStorage, readStored } from '../../platform/storage.ts';
import { notify } from '../../platform/toasts.ts';
import { login } from './auth-api.ts';
import { CompanyChoiceStep } from './CompanyChoiceStep.tsx';
import { AuthCard } from './AuthCard.tsx';
import { clearLock, isLocked, readLockedUser, safeRedirect } from './lock.ts';
import { isSignedIn, startSession, type SignedInResponse } from './session.ts';
import { challengeOf, type TwoFactorChallenge } from './two-factor-challenge.ts';
import { TwoFactorStep } from './TwoFactorStep.tsx';

/** The lock flag as another tab changes it (this tab changes it only by leaving the page). */
function subscribeLocked(onChange: () => void) {
  const listener = (event: StorageEvent) => {
    if (event.key === storageKeys.locked || event.key === null) onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/**
 * /locked: the screen of a locked session (SPEC.md sections 2 and 4). It shows who was signed in
 * and signs back in with their password, then returns to redirect_url.
 */
export function LockedPage() {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect_url'));
  const navigate = useNavigate();
  const locked = useSyncExternalStore(subscribeLocked, isLocked);
  const [lockedUser] = useState(readLockedUser);
  const [password, setPassword] = useState('');
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const [choice, setChoice] = useState<CompanyChoice | null>(null);

  // Unlocked in another tab: this one follows, signed in with the new session.
  useEffect(() => {
    if (!locked && readStored(storageKeys.userId)) void navigate(redirect, { replace: true });
  }, [locked, navigate, redirect]);

  const finish = (response: SignedInResponse) => {
    // The new session is stored before the lock lifts, so other tabs find it when they follow.
    startSession(response);
    clearLock();
    notify.success(response.message);
    void navigate(redirect, { replace: true });
  };
  const answer = (response: LoginResponse) => {
    setChoice(null);
    if (isSignedIn(response)) finish(response);
    else if (response.companyChoice) setChoice(response.companyChoice);
    else setChallenge(challengeOf(response));
  };
  const unlock = useMutation({
    mutationFn: (email: string) => login({ email, password }),
    onSuccess: answer,
  });

  if (!lockedUser) return <Navigate to={LOGIN_PATH} replace />;

  const signInAsSomeoneElse = () => {
    clearStorage();
    window.location.replace(LOGIN_PATH);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) unlock.mutate(lockedUser.email);
  };

  return (
    <AuthCard title="Locked">
      <Stack spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
        <Avatar
          src={lockedUser.profile_photo ?? undefined}
          alt={lockedUser.name}
          sx={{ width: 72, height: 72 }}
        >
          {lockedUser.name.slice(0, 1)}
        </Avatar>
        <Typography variant="h6" component="p">
          {lockedUser.name}
        </Typography>
        <Typography color="text.secondary">{lockedUser.email}</Typography>
      </Stack>
      {choice ? (
        <CompanyChoiceStep
          choice={choice}
          onAnswer={answer}
          onCancel={() => {
            setChoice(null);
            unlock.reset();
          }}
        />
      ) : challenge ? (
        <TwoFactorStep
          challenge={challenge}
          onSignedIn={finish}
          onCancel={() => {
            setChallenge(null);
            unlock.reset();
          }}
        />
      ) : (
        <Stack component="form" spacing={2} noValidate onSubmit={submit}>
          {unlock.error && (
            <Alert severity="error">{unlock.error.message || FALLBACK_ERROR_MESSAGE}</Alert>
          )}
          <TextField
            id="locked-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            autoFocus
            required
            fullWidth
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={unlock.isPending}
            disabled={!password}
          >
            Unlock
          </Button>
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Link component="button" type="button" onClick={signInAsSomeoneElse}>
              Sign in as someone else
            </Link>
            <Link component={RouterLink} to="/forgot-password">
              Forgot password?
            </Link>
          </Stack>
        </Stack>
      )}
    </AuthCard>
  );
}
