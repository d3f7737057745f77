import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { CompanyChoice, LoginResponse, loginRequestSchema } from '@portal/contract/auth';
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Navigate, Link as RouterLink, useLocation } from 'react-router';
import type { z } from 'zod';
import { FALLBACK_ERROR_MESSAGE } from '../../platform/api.ts';
import { notify } from '../../platform/toasts.ts';
import { FormStack, FormTextField } from '../../platform/ui/form.tsx';
import { AuthCard } from './AuthCard.tsx';
import { typedBeforeHydration } from './prerendered-sign-in.ts';
import { returnPathFrom } from './return-to.ts';
import { isSignedIn, startSession, useSession, type SignedInResponse } from './session.ts';
import { challengeOf, type TwoFactorChallenge } from './two-factor-challenge.ts';

type LoginForm = z.input<typeof loginRequestSchema>;
type LoginValues = z.output<typeof loginRequestSchema>;

// The page's first paint needs none of zod, the auth contract's schemas or the API calls that
// parse with them: they load as the page mounts (bench: npm run bench:bundle -w @portal/bench).
const authApi = () => import('./auth-api.ts');
const loginResolver: Resolver<LoginForm, unknown, LoginValues> = async (values, context, options) =>
  (await import('./login-form.ts')).loginResolver(values, context, options);
const TwoFactorStep = lazy(async () => ({
  default: (await import('./TwoFactorStep.tsx')).TwoFactorStep,
}));
// Only a refused sign-in shows an alert (with its icons and close button): it loads with the first
// sign-in attempt, while the server checks the password.
const loadAlert = () => import('@mui/material/Alert');
const FailureAlert = lazy(loadAlert);
const CompanyChoiceStep = lazy(async () => ({
  default: (await import('./CompanyChoiceStep.tsx')).CompanyChoiceStep,
}));

export const authOptionsQueryKey = ['auth', 'options'] as const;

const subscribeToNothing = () => () => undefined;

/**
 * The sign-in screen (/login), with the company choice when the email and password open accounts
 * in several companies, and the two-factor step when the account needs one.
 */
export function LoginPage() {
  const signedIn = useSession((state) => state.userId !== null);
  const location = useLocation();
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const [choice, setChoice] = useState<CompanyChoice | null>(null);
  // The sign-up link's /auth/options needs zod and the auth contract: asked for once the form has
  // painted, so none of that stands between the visitor and the form (Lighthouse's LCP on mobile).
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // The second frame's callback runs once the first one, holding the form, has been drawn.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setPainted(true));
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  const options = useQuery({
    queryKey: authOptionsQueryKey,
    queryFn: async () => (await authApi()).fetchAuthOptions(),
    enabled: painted,
  });
  const [typed] = useState(typedBeforeHydration);
  // The prerendered form's button stays disabled until React has taken the form over: before
  // that, a click or Enter would submit it the browser's way, as a GET with the password in the
  // address. Hydration draws the server's value, then the client's.
  const interactive = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginForm, unknown, LoginValues>({
    resolver: loginResolver,
    defaultValues: typed,
  });
  const finish = (response: SignedInResponse) => {
    notify.success(response.message);
    startSession(response);
  };
  // A sign-in step's answer: signed in, a company to choose, or a second factor.
  const answer = (response: LoginResponse) => {
    setChoice(null);
    if (isSignedIn(response)) finish(response);
    else if (response.companyChoice) setChoice(response.companyChoice);
    else setChallenge(challengeOf(response));
  };
  const signIn = useMutation({
    mutationFn: async (values: LoginValues) => {
      void loadAlert();
      return (await authApi()).login(values);
    },
    onSuccess: answer,
  });

  // Signed in (now or before): go back where the visitor was headed, or home.
  if (signedIn) return <Navigate to={returnPathFrom(location.state)} replace />;

  if (choice) {
    return (
      <AuthCard title="Choose a company">
        <Suspense fallback={null}>
          <CompanyChoiceStep
            choice={choice}
            onAnswer={answer}
            onCancel={() => {
              setChoice(null);
              signIn.reset();
            }}
          />
        </Suspense>
      </AuthCard>
    );
  }

  if (challenge) {
    return (
      <AuthCard title="Two-factor verification">
        <Suspense fallback={null}>
          <TwoFactorStep
            challenge={challenge}
            onSignedIn={finish}
            onCancel={() => {
              setChallenge(null);
              signIn.reset();
            }}
          />
        </Suspense>
      </AuthCard>
    );
  }

  const failure = signIn.error
    ? signIn.error.message || FALLBACK_ERROR_MESSAGE
    : signIn.data &&
        !isSignedIn(signIn.data) &&
        !challengeOf(signIn.data) &&
        !signIn.data.companyChoice
      ? (signIn.data.reason ?? FALLBACK_ERROR_MESSAGE)
      : null;

  return (
    <AuthCard title="Sign in">
      <FormStack onSubmit={handleSubmit((values) => signIn.mutate(values))}>
        {failure && (
          <Suspense fallback={null}>
            <FailureAlert severity="error">{failure}</FailureAlert>
          </Suspense>
        )}
        <FormTextField
          registration={register('email')}
          error={errors.email}
          id="login-email"
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
        />
        <FormTextField
          registration={register('password')}
          error={errors.password}
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={signIn.isPending}
          disabled={!interactive}
        >
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
      </FormStack>
    </AuthCard>
  );
}
