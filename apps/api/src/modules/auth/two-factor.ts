import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { authMessages, type TotpSetup, type TwoFactorMethod } from '@portal/contract/auth';
import { BRAND } from '@portal/contract/constants';
import type { Database, Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import type { Mailer } from '../mail/api.ts';
import { sendRecordedMail } from '../notifications/api.ts';
import { twoFactorChallenges } from './schema.ts';
import {
  hashToken,
  identitiesWithTotpNotStartingWith,
  identityOfUser,
  updateIdentity,
  useTotpStep,
} from '../users/api.ts';

/** How long a sign-in may wait for its code, and how many codes and guesses it gets. */
export const twoFactorRules = {
  challengeMinutes: 10,
  maxAttempts: 5,
  maxSends: 5,
  resendGapSeconds: 30,
} as const;

const TOTP_PERIOD = 30;

/** The second factor a sign-in needs: the user's choice, else a mailed code if the company requires one. */
export function twoFactorMethodFor(
  identity: { two_factor_method: string | null; totp_secret: string | null },
  companyRequired: boolean,
): TwoFactorMethod | null {
  if (identity.two_factor_method === 'totp' && identity.totp_secret) return 'totp';
  if (identity.two_factor_method === 'email' || companyRequired) return 'email';
  return null;
}

/** `agent@demo.example` -> `a****@demo.example`: enough for people to recognise their mailbox. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(3, local.length - 1))}@${domain}`;
}

// The code is hashed with the challenge token as salt: the table alone cannot confirm a guess.
const codeHash = (token: string, code: string) =>
  createHash('sha256').update(`${token}:${code}`).digest('base64url');

const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

function codeMail(to: string, code: string, companyId: number) {
  return {
    to,
    companyId,
    subject: `${BRAND} sign-in code: ${code}`,
    text:
      `Your ${BRAND} sign-in code is ${code}.\n\n` +
      `It expires in ${twoFactorRules.challengeMinutes} minutes. If you did not try to sign in, ` +
      `change your password now.`,
  };
}

/** Opens a challenge (and mails its code for the `email` method); returns the client's token. */
export async function startChallenge(
  db: Database,
  mailer: Mailer,
  who: { companyId: number; userId: number; email: string; method: TwoFactorMethod; ip: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const code = who.method === 'email' ? newCode() : null;
  await db.insert(twoFactorChallenges).values({
    token_hash: hashToken(token),
    company_id: who.companyId,
    user_id: who.userId,
    method: who.method,
    code_hash: code ? codeHash(token, code) : null,
    sends: code ? 1 : 0,
    last_sent_at: code ? sql`now()` : null,
    expires_at: sql`now() + make_interval(mins => ${twoFactorRules.challengeMinutes})`,
    ip: who.ip,
  });
  if (code) await sendOrFail(db, mailer, codeMail(who.email, code, who.companyId), who.userId);
  return token;
}

/** Mails the code, recorded in the company's /mail-reports without the code. */
async function sendOrFail(
  db: Executor,
  mailer: Mailer,
  mail: ReturnType<typeof codeMail>,
  userId: number,
) {
  try {
    await sendRecordedMail(db, mailer, mail, {
      userId,
      kind: 'sign_in_code',
      subject: `${BRAND} sign-in code`,
      summary: 'A sign-in code (the code is not kept here)',
    });
  } catch {
    throw new AppError(503, authMessages.twoFactorMailFailed);
  }
}

export type VerifyResult =
  | { ok: true; companyId: number; userId: number }
  | { ok: false; reason: string; countsAsFailure: boolean; companyId?: number; userId?: number };

const live = () =>
  and(isNull(twoFactorChallenges.consumed_at), gt(twoFactorChallenges.expires_at, sql`now()`));

/**
 * Checks a code against a challenge. Each call first reserves one of the challenge's attempts in a
 * single conditional update, so parallel guesses cannot exceed the limit; a right code consumes the
 * challenge, so it works once.
 */
export async function verifyChallenge(
  db: Database,
  secrets: SecretBox,
  token: string,
  code: string,
): Promise<VerifyResult> {
  const tokenHash = hashToken(token);
  const [reserved] = await db
    .update(twoFactorChallenges)
    .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
    .where(
      and(
        eq(twoFactorChallenges.token_hash, tokenHash),
        live(),
        lt(twoFactorChallenges.attempts, twoFactorRules.maxAttempts),
      ),
    )
    .returning();
  if (!reserved) {
    const [row] = await db
      .select({ attempts: twoFactorChallenges.attempts })
      .from(twoFactorChallenges)
      .where(and(eq(twoFactorChallenges.token_hash, tokenHash), live()));
    return {
      ok: false,
      countsAsFailure: false,
      reason: row ? authMessages.twoFactorTooManyCodes : authMessages.twoFactorExpired,
    };
  }
  const who = { companyId: reserved.company_id, userId: reserved.user_id };
  const right =
    reserved.method === 'totp'
      ? await acceptTotp(db, secrets, who, code)
      : reserved.code_hash !== null && sameHash(reserved.code_hash, codeHash(token, code));
  if (!right) {
    const exhausted = reserved.attempts >= twoFactorRules.maxAttempts;
    if (exhausted)
      await db
        .update(twoFactorChallenges)
        .set({ consumed_at: sql`now()` })
        .where(eq(twoFactorChallenges.id, reserved.id));
    return {
      ok: false,
      countsAsFailure: true,
      reason: exhausted ? authMessages.twoFactorTooManyCodes : authMessages.twoFactorBadCode,
      ...who,
    };
  }
  const [consumed] = await db
    .update(twoFactorChallenges)
    .set({ consumed_at: sql`now()` })
    .where(and(eq(twoFactorChallenges.id, reserved.id), isNull(twoFactorChallenges.consumed_at)))
    .returning({ id: twoFactorChallenges.id });
  if (!consumed)
    return { ok: false, countsAsFailure: false, reason: authMessages.twoFactorExpired };
  return { ok: true, ...who };
}

function sameHash(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const totpFor = (secret: string, label: string) =>
  new TOTP({
    issuer: BRAND,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secret),
  });

/** The time step a code belongs to, if it is valid now (one step of clock drift either way). */
function totpStep(secret: string, code: string): number | null {
  const delta = totpFor(secret, 'check').validate({ token: code, window: 1 });
  return delta === null ? null : TOTP.counter({ period: TOTP_PERIOD }) + delta;
}

/** A TOTP code is accepted once: the step it belongs to must be later than the last one used. */
async function acceptTotp(
  db: Executor,
  secrets: SecretBox,
  who: { companyId: number; userId: number },
  code: string,
): Promise<boolean> {
  const identity = await identityOfUser(db, who.companyId, who.userId);
  const secret = identity?.totp_secret;
  const step = secret ? totpStep(openSecret(secrets, secret), code) : null;
  if (step === null) return false;
  return useTotpStep(db, who.companyId, who.userId, step);
}

/** Mails a fresh code for a live `email` challenge, at most every 30 s and 5 times in all. */
export async function resendCode(db: Database, mailer: Mailer, token: string): Promise<number> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({
      id: twoFactorChallenges.id,
      method: twoFactorChallenges.method,
      sends: twoFactorChallenges.sends,
      company_id: twoFactorChallenges.company_id,
      user_id: twoFactorChallenges.user_id,
      // Seconds since the last code; a large number when none was sent (TOTP challenges).
      since: sql<number>`coalesce(extract(epoch from now() - ${twoFactorChallenges.last_sent_at})::float8, 1e9)`,
    })
    .from(twoFactorChallenges)
    .where(and(eq(twoFactorChallenges.token_hash, tokenHash), live()));
  if (!row) throw new AppError(401, authMessages.twoFactorExpired);
  if (row.method !== 'email') throw AppError.badRequest(authMessages.twoFactorResendTotp);
  if (row.sends >= twoFactorRules.maxSends)
    throw new AppError(429, authMessages.twoFactorResendLimit);
  const wait = Math.ceil(twoFactorRules.resendGapSeconds - Number(row.since));
  if (wait > 0) throw new AppError(429, authMessages.twoFactorResendWait(wait));

  const code = newCode();
  const [updated] = await db
    .update(twoFactorChallenges)
    .set({
      code_hash: codeHash(token, code),
      sends: sql`${twoFactorChallenges.sends} + 1`,
      last_sent_at: sql`now()`,
      expires_at: sql`now() + make_interval(mins => ${twoFactorRules.challengeMinutes})`,
    })
    .where(
      and(eq(twoFactorChallenges.id, row.id), eq(twoFactorChallenges.sends, row.sends), live()),
    )
    .returning({ id: twoFactorChallenges.id });
  // Another resend won the race: it mailed a code, so this one is the too-early request.
  if (!updated)
    throw new AppError(429, authMessages.twoFactorResendWait(twoFactorRules.resendGapSeconds));
  const identity = await identityOfUser(db, row.company_id, row.user_id);
  if (!identity) throw new AppError(401, authMessages.twoFactorExpired);
  await sendOrFail(db, mailer, codeMail(identity.email, code, row.company_id), row.user_id);
  return twoFactorRules.resendGapSeconds;
}

/** A stored authenticator secret, sealed (or plain, in a row from before sealing). */
const openSecret = (secrets: SecretBox, stored: string) =>
  secrets.isSealed(stored) ? secrets.open(stored) : stored;

/**
 * Seals the authenticator secrets stored in plain by earlier releases (run at start, idempotent):
 * afterwards the table holds none in plain.
 */
export async function sealPlainTotpSecrets(db: Database, secrets: SecretBox): Promise<number> {
  const plain = await identitiesWithTotpNotStartingWith(db, 'v1.');
  const seal = (value: string | null) =>
    value === null || secrets.isSealed(value) ? value : secrets.seal(value);
  for (const row of plain) {
    await updateIdentity(db, row.company_id, row.user_id, {
      totp_secret: seal(row.secret),
      totp_pending_secret: seal(row.pending),
    });
  }
  return plain.length;
}

/**
 * Starts authenticator enrolment: a new pending secret (stored sealed) and its QR code. The
 * secret is shown this once, for typing into the app; no reply carries it again.
 */
export async function beginTotpSetup(
  db: Executor,
  secrets: SecretBox,
  who: { companyId: number; userId: number; email: string },
): Promise<TotpSetup> {
  const secret = new Secret({ size: 20 }).base32;
  await updateIdentity(db, who.companyId, who.userId, {
    totp_pending_secret: secrets.seal(secret),
  });
  const otpauthUrl = totpFor(secret, who.email).toString();
  return { secret, otpauthUrl, qrDataUrl: await QRCode.toDataURL(otpauthUrl, { margin: 1 }) };
}

/** Confirms enrolment with a code from the app: the pending secret becomes the one sign-in uses. */
export async function confirmTotpSetup(
  db: Executor,
  secrets: SecretBox,
  who: { companyId: number; userId: number },
  code: string,
): Promise<void> {
  const identity = await identityOfUser(db, who.companyId, who.userId);
  const pending = identity?.totp_pending_secret;
  if (!pending) throw AppError.badRequest(authMessages.twoFactorSetupFirst);
  const step = totpStep(openSecret(secrets, pending), code);
  if (step === null)
    throw AppError.badRequest(authMessages.twoFactorBadCode, {
      code: [authMessages.twoFactorBadCode],
    });
  await updateIdentity(db, who.companyId, who.userId, {
    two_factor_method: 'totp',
    totp_secret: secrets.isSealed(pending) ? pending : secrets.seal(pending),
    totp_pending_secret: null,
    totp_last_step: step,
  });
}
