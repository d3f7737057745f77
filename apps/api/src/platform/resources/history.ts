import { and, desc, eq } from 'drizzle-orm';
import type { HistoryEntry } from '@portal/contract/resource';
import type { Executor } from '../database.ts';
import type { RequestContext } from '../context.ts';
import { attachReferences } from './references.ts';
import { resourceHistory } from './schema.ts';

export interface HistoryWrite {
  companyId: number;
  resource: string;
  recordId: number;
  action: string;
  from?: string | null;
  to?: string | null;
  note?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Fields that change on every write or are computed for the caller: not part of a change. */
const ignored = new Set(['updated_at', 'allowed_transitions', 'allowed_actions']);

/** The fields that differ between two versions of a row, before and after (null when none). */
export function changesBetween(before: Record<string, unknown>, after: Record<string, unknown>) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (ignored.has(key)) continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      was[key] = before[key] ?? null;
      now[key] = after[key] ?? null;
    }
  }
  return Object.keys(now).length ? { before: was, after: now } : null;
}

/** A row without the caller-specific fields, as the trail stores it. */
export function snapshot(row: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !ignored.has(key)));
}

/** `ctx`: who made the change (a caller; `userId: null` for a background job). */
export async function recordHistory(
  db: Executor,
  ctx: Pick<RequestContext, 'userId'> | { userId: null },
  entry: HistoryWrite,
) {
  await db.insert(resourceHistory).values({
    company_id: entry.companyId,
    resource: entry.resource,
    record_id: entry.recordId,
    action: entry.action,
    from_status: entry.from ?? null,
    to_status: entry.to ?? null,
    note: entry.note ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    user_id: ctx.userId,
  });
}

/** The trail of one record, newest first, with who made each change by name. */
export async function readHistory(
  db: Executor,
  ctx: RequestContext,
  companyId: number,
  resource: string,
  recordId: number,
): Promise<HistoryEntry[]> {
  const rows = await db
    .select({
      id: resourceHistory.id,
      action: resourceHistory.action,
      from_status: resourceHistory.from_status,
      to_status: resourceHistory.to_status,
      note: resourceHistory.note,
      before: resourceHistory.before,
      after: resourceHistory.after,
      user_id: resourceHistory.user_id,
      created_at: resourceHistory.created_at,
    })
    .from(resourceHistory)
    .where(
      and(
        eq(resourceHistory.company_id, companyId),
        eq(resourceHistory.resource, resource),
        eq(resourceHistory.record_id, recordId),
      ),
    )
    .orderBy(desc(resourceHistory.id));
  const entries: (Record<string, unknown> & (typeof rows)[number])[] = rows.map((row) => ({
    ...row,
  }));
  await attachReferences(db, ctx, entries, {
    user_id: { resource: 'users', as: 'user_name', labelFields: ['first_name', 'last_name'] },
  });
  return entries.map((entry) => ({
    ...entry,
    user_name: typeof entry.user_name === 'string' ? entry.user_name : null,
  }));
}
