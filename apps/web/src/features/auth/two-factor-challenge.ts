import type { LoginResponse } from '@portal/contract/auth';

/**
 * A sign-in waiting for its second factor, as the login reply described it. Free of zod (types
 * only), so the sign-in page reads it before the form's schemas have loaded.
 */
export interface TwoFactorChallenge {
  token: string;
  method: 'email' | 'totp';
  destination: string | null;
  message: string;
}

/** The challenge in a login reply without a user (SPEC.md section 8), if there is one. */
export function challengeOf(response: LoginResponse): TwoFactorChallenge | null {
  if (!response.twoFactor || !response.twoFactorToken || !response.twoFactorMethod) return null;
  return {
    token: response.twoFactorToken,
    method: response.twoFactorMethod,
    destination: response.twoFactorDestination,
    message: response.message,
  };
}
