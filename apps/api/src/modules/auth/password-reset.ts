import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { authMessages } from '@portal/contract/auth';
import { BRAND } from '@portal/contract/constants';
import { recordSecurityEvent } from '../../platform/security-events.ts';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mailer } from '../mail/api.ts';
import { sendRecordedMail } from '../notifications/api.ts';
import { companyNameOf } from '../organisation/api.ts';
import { assertPasswordAllowed, hashPassword } from '../../platform/passwords.ts';
import { passwordResets } from './schema.ts';
import {
  activeAccountsByEmail,
  hashToken,
  identitiesToJoin,
  revokeUserSessions,
  setPasswordHash,
} from '../users/api.ts';
import { clearThrottle, limits, loginKeys, recordFailure, throttleState } from './throttle.ts';
import { tenantScope } from '../../db/columns.ts';

export const RESET_LINK_MINUTES = 60;
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/**
 * Mails a reset link to each active user the email signs in as: one mail per company (an email is
 * unique per company, not across them, issue 12), each naming its company, at most 3 per account
 * per hour. The caller answers the same either way, so the reply tells nothing about which emails
 * exist or where.
 */
export async function requestPasswordReset(
  db: Database,
  mailer: Mailer,
  appUrl: string,
  email: string,
): Promise<void> {
  const found = await activeAccountsByEmail(db, email);
  for (const account of found) {
    const company = await companyNameOf(db, account.company_id);
    await mailResetLink(db, mailer, appUrl, email, { ...account, company });
  }
}

/** One account's reset link: the newest only works, and the quota is the account's. */
async function mailResetLink(
  db: Database,
  mailer: Mailer,
  appUrl: string,
  email: string,
  found: { company_id: number; user_id: number; company: string },
) {
  const quota = { key: `reset:${found.company_id}:${email}`, limit: limits.resetMails };
  if ((await throttleState(db, [quota])).blocked.length > 0) return;
  await recordFailure(db, [quota]);

  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    // Only the newest link works: asking again retires the earlier ones.
    await tx
      .update(passwordResets)
      .set({ used_at: sql`now()` })
      .where(
        and(
          tenantScope(passwordResets, found.company_id),
          eq(passwordResets.user_id, found.user_id),
          isNull(passwordResets.used_at),
        ),
      );
    await tx.insert(passwordResets).values({
      token_hash: hashToken(token),
      company_id: found.company_id,
      user_id: found.user_id,
      expires_at: sql`now() + make_interval(mins => ${RESET_LINK_MINUTES})`,
    });
  });
  const link = `${appUrl}/reset-password?token=${token}`;
  const subject = `Reset your ${BRAND} password for ${found.company}`;
  // Recorded in the company's /mail-reports without the link (it takes the account over).
  await sendRecordedMail(
    db,
    mailer,
    {
      to: email,
      companyId: found.company_id,
      subject,
      text:
        `Someone asked to reset the password of your ${BRAND} account (${email}) at ${found.company}.\n\n` +
        `Open this link within 1 hour to choose a new password:\n${link}\n\n` +
        `The link works once. If you did not ask for it, ignore this mail: your password stays as it is.`,
    },
    {
      userId: found.user_id,
      kind: 'password_reset',
      subject,
      summary: 'A password reset link (the link is not kept here)',
    },
  );
}

/**
 * Sets a new password from a reset link: the link must be live and unused, and is used up in the
 * same transaction that changes the password and ends every session of the user.
 */
export async function resetPassword(db: Database, token: string, password: string) {
  const invalid = () => AppError.badRequest(authMessages.resetLinkInvalid);
  if (!TOKEN_FORMAT.test(token)) throw invalid();
  const tokenHash = hashToken(token);
  const identity = identitiesToJoin(db);
  const [link] = await db
    .select({
      id: passwordResets.id,
      company_id: passwordResets.company_id,
      user_id: passwordResets.user_id,
      email: identity.email,
    })
    .from(passwordResets)
    .innerJoin(
      identity,
      and(
        tenantScope(identity, passwordResets.company_id),
        eq(identity.user_id, passwordResets.user_id),
      ),
    )
    .where(
      and(
        eq(passwordResets.token_hash, tokenHash),
        isNull(passwordResets.used_at),
        gt(passwordResets.expires_at, sql`now()`),
      ),
    );
  if (!link) throw invalid();
  // A refused password leaves the link usable for a second try.
  await assertPasswordAllowed(password, 'password', link.email);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResets)
      .set({ used_at: sql`now()` })
      .where(and(eq(passwordResets.id, link.id), isNull(passwordResets.used_at)))
      .returning({ id: passwordResets.id });
    if (!used) throw invalid();
    await setPasswordHash(tx, link.company_id, link.user_id, passwordHash);
    await revokeUserSessions(tx, link.company_id, link.user_id);
    await recordSecurityEvent(tx, {
      kind: 'password_reset',
      companyId: link.company_id,
      userId: link.user_id,
      email: link.email,
    });
  });
  // Whoever holds the mailbox proved it: failed sign-ins counted against the account are forgiven.
  await clearThrottle(db, [loginKeys(link.email, '').account.key]);
}
