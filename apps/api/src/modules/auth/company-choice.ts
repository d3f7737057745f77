import type { CompanyChoice } from '@portal/contract/auth';
import type { Executor } from '../../platform/database.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import { companyNamesOf } from '../organisation/api.ts';
import { identitiesOf, type Identity } from '../users/api.ts';

export { identitiesOf, type Identity };

/**
 * An email is unique within a company, not across companies (issue 12), so a sign-in may find an
 * identity in several companies. Every one is checked against the password; when several match,
 * the login reply offers those companies (only those: nothing is told to someone without the
 * password) with a choice token, and POST /auth/login/company continues into the chosen one.
 */

/** How long the choice token of a login reply is good for. */
export const CHOICE_MINUTES = 5;

/** What a choice token carries: the email and, per matched identity, who and since when its password. */
interface ChoicePayload {
  v: 1;
  email: string;
  expires: number;
  identities: { company_id: number; user_id: number; password_changed_at: string }[];
}

/**
 * The choice token: sealed with the secret box (AES-256-GCM, authenticated), so it cannot be forged
 * or altered, and it says nothing readable about the companies.
 */
export async function companyChoiceFor(
  db: Executor,
  secrets: SecretBox,
  email: string,
  matched: readonly Identity[],
  now = Date.now(),
): Promise<CompanyChoice> {
  const payload: ChoicePayload = {
    v: 1,
    email,
    expires: now + CHOICE_MINUTES * 60_000,
    identities: matched.map((identity) => ({
      company_id: identity.company_id,
      user_id: identity.user_id,
      password_changed_at: identity.password_changed_at,
    })),
  };
  const names = await companyNamesOf(
    db,
    matched.map((identity) => identity.company_id),
  );
  return { token: secrets.seal(JSON.stringify(payload)), companies: names };
}

/**
 * The identity a choice token names for `companyId`, if the token is genuine, live, names that
 * company, and the identity's password has not changed since; otherwise null.
 */
export async function chosenIdentity(
  db: Executor,
  secrets: SecretBox,
  token: string,
  companyId: number,
  now = Date.now(),
): Promise<Identity | null> {
  let payload: ChoicePayload;
  try {
    payload = JSON.parse(secrets.open(token)) as ChoicePayload;
  } catch {
    return null; // forged, altered, or sealed with another key
  }
  if (payload.v !== 1 || typeof payload.expires !== 'number' || payload.expires <= now) return null;
  const named = payload.identities.find((identity) => identity.company_id === companyId);
  if (!named) return null;
  const identity = (await identitiesOf(db, payload.email)).find(
    (found) => found.company_id === named.company_id && found.user_id === named.user_id,
  );
  if (!identity || identity.password_changed_at !== named.password_changed_at) return null;
  return identity;
}
