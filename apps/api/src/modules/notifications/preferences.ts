import { and, eq, inArray } from 'drizzle-orm';
import {
  notificationKindInfo,
  notificationKinds,
  type NotificationKind,
  type NotificationPreference,
} from '@portal/contract/notifications';
import { tenantScope } from '../../db/columns.ts';
import type { Executor } from '../../platform/database.ts';
import { notificationPreferences, notificationProfiles } from './schema.ts';

const defaultsOf = (kind: NotificationKind): NotificationPreference => ({
  kind,
  ...notificationKindInfo[kind].defaults,
});

/** Each user's channels for one kind: their choice, or the kind's defaults. */
export async function channelsFor(
  db: Executor,
  companyId: number,
  userIds: readonly number[],
  kind: NotificationKind,
): Promise<Map<number, NotificationPreference>> {
  const chosen = await db
    .select()
    .from(notificationPreferences)
    .where(
      and(
        tenantScope(notificationPreferences, companyId),
        inArray(notificationPreferences.user_id, [...userIds]),
        eq(notificationPreferences.kind, kind),
      ),
    );
  const byUser = new Map(chosen.map((row) => [row.user_id, row]));
  return new Map(
    userIds.map((userId) => {
      const row = byUser.get(userId);
      return [
        userId,
        row ? { kind, in_app: row.in_app, mail: row.mail, sms: row.sms } : defaultsOf(kind),
      ];
    }),
  );
}

/** The SMS numbers of the given users (those who gave one). */
export async function smsPhonesOf(
  db: Executor,
  companyId: number,
  userIds: readonly number[],
): Promise<Map<number, string>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ user_id: notificationProfiles.user_id, sms_phone: notificationProfiles.sms_phone })
    .from(notificationProfiles)
    .where(
      and(
        tenantScope(notificationProfiles, companyId),
        inArray(notificationProfiles.user_id, [...userIds]),
      ),
    );
  return new Map(
    rows.flatMap((row) => (row.sms_phone ? [[row.user_id, row.sms_phone] as const] : [])),
  );
}

/** One user's settings, every kind listed (defaults where they chose nothing). */
export async function preferencesOf(db: Executor, companyId: number, userId: number) {
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(
      and(
        tenantScope(notificationPreferences, companyId),
        eq(notificationPreferences.user_id, userId),
      ),
    );
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  const preferences = notificationKinds.map((kind) => {
    const row = byKind.get(kind);
    return row ? { kind, in_app: row.in_app, mail: row.mail, sms: row.sms } : defaultsOf(kind);
  });
  const phones = await smsPhonesOf(db, companyId, [userId]);
  return { preferences, sms_phone: phones.get(userId) ?? null };
}

/** Saves one user's settings (the kinds given; the rest keep theirs) in one transaction. */
export async function savePreferences(
  db: Executor,
  companyId: number,
  userId: number,
  input: { preferences: readonly NotificationPreference[]; sms_phone: string | null },
) {
  for (const preference of input.preferences) {
    const values = { in_app: preference.in_app, mail: preference.mail, sms: preference.sms };
    await db
      .insert(notificationPreferences)
      .values({ company_id: companyId, user_id: userId, kind: preference.kind, ...values })
      .onConflictDoUpdate({
        target: [
          notificationPreferences.company_id,
          notificationPreferences.user_id,
          notificationPreferences.kind,
        ],
        set: values,
      });
  }
  await db
    .insert(notificationProfiles)
    .values({ company_id: companyId, user_id: userId, sms_phone: input.sms_phone })
    .onConflictDoUpdate({
      target: [notificationProfiles.company_id, notificationProfiles.user_id],
      set: { sms_phone: input.sms_phone },
    });
}
