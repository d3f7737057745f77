import type { SecurityEventKind } from '@portal/contract/security-events';
import { sql } from 'drizzle-orm';
import type { Executor } from './database.ts';
import { preparedQuery } from './prepared.ts';
import { securityEvents } from './schema.ts';

export interface SecurityEventInput {
  kind: SecurityEventKind;
  /** the account's company; null for a failed sign-in to an email no account has */
  companyId: number | null;
  userId?: number | null;
  /** who did it, when not the account itself */
  actorId?: number | null;
  email?: string | null;
  ip?: string | null;
  detail?: Record<string, string | number | boolean | null>;
}

const insertSecurityEvent = preparedQuery('insert_security_event', (db) =>
  db.insert(securityEvents).values({
    company_id: sql.placeholder('company_id'),
    kind: sql.placeholder('kind'),
    user_id: sql.placeholder('user_id'),
    actor_id: sql.placeholder('actor_id'),
    email: sql.placeholder('email'),
    ip: sql.placeholder('ip'),
    detail: sql.placeholder('detail'),
  }),
);

/**
 * Records a security event (sign-ins, failures, lockouts, password, email, role and permission
 * changes). Called inside the transaction of the change it records, so one is never without
 * the other.
 */
export async function recordSecurityEvent(db: Executor, event: SecurityEventInput): Promise<void> {
  await insertSecurityEvent(db).execute({
    company_id: event.companyId,
    kind: event.kind,
    user_id: event.userId ?? null,
    actor_id: event.actorId ?? null,
    email: event.email ?? null,
    ip: event.ip ?? null,
    detail: event.detail ?? null,
  });
}

// The list of security events (GET /security-events) names people, so it lives with their table:
// modules/users/security-events.ts.
