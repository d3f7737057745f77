import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  breakKinds,
  geofenceModes,
  type BreakKind,
  type BreakSetting,
  type CompanyHrSettings,
  type CompanyHrSettingsUpdate,
  type GeofenceMode,
  type StoreHrSettings,
  type StoreHrSettingsUpdate,
} from '@portal/contract/hr';
import { faceModes, type FaceMode } from '@portal/contract/hr-face';
import type { Database, Executor } from '../../platform/database.ts';
import { preparedQuery } from '../../platform/prepared.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { storeById } from '../organisation/api.ts';
import type { LocationPolicy } from './geofence.ts';
import { hrBreakSettings, hrCompanySettings, hrStoreSettings } from './schema.ts';
import { tenantScope } from '../../db/columns.ts';

const isBreakKind = (value: string): value is BreakKind =>
  (breakKinds as readonly string[]).includes(value);
const isMode = (value: string): value is GeofenceMode =>
  (geofenceModes as readonly string[]).includes(value);
const asMode = (value: string | null | undefined): GeofenceMode | null =>
  value && isMode(value) ? value : null;

const asFaceMode = (value: string | null | undefined): FaceMode | null =>
  value && (faceModes as readonly string[]).includes(value) ? (value as FaceMode) : null;

const companyDefaults = (companyId: number): CompanyHrSettings => ({
  company_id: companyId,
  geolocation_restriction_required: false,
  geofence_mode: 'warn',
  auto_clockout_grace_minutes: 60,
  max_shift_hours: 16,
  face_check_required: false,
  face_check_mode: 'block',
  overtime_daily_minutes: 480,
  overtime_weekly_minutes: 2400,
  week_start_day: 0,
  pay_period: 'biweekly',
  pay_period_anchor: '2026-01-04',
});

const payPeriods = ['weekly', 'biweekly', 'semimonthly'] as const;
const asPayPeriod = (value: string): CompanyHrSettings['pay_period'] =>
  (payPeriods as readonly string[]).includes(value)
    ? (value as CompanyHrSettings['pay_period'])
    : 'biweekly';

export async function getCompanySettings(
  db: Executor,
  companyId: number,
): Promise<CompanyHrSettings> {
  const [row] = await db
    .select()
    .from(hrCompanySettings)
    .where(tenantScope(hrCompanySettings, companyId));
  if (!row) return companyDefaults(companyId);
  return {
    company_id: row.company_id,
    geolocation_restriction_required: row.geolocation_restriction_required,
    geofence_mode: asMode(row.geofence_mode) ?? 'warn',
    auto_clockout_grace_minutes: row.auto_clockout_grace_minutes,
    max_shift_hours: row.max_shift_hours,
    face_check_required: row.face_check_required,
    face_check_mode: asFaceMode(row.face_check_mode) ?? 'block',
    overtime_daily_minutes: row.overtime_daily_minutes,
    overtime_weekly_minutes: row.overtime_weekly_minutes,
    week_start_day: row.week_start_day,
    pay_period: asPayPeriod(row.pay_period),
    pay_period_anchor: row.pay_period_anchor,
  };
}

export async function updateCompanySettings(
  db: Database,
  ctx: RequestContext,
  input: CompanyHrSettingsUpdate,
): Promise<CompanyHrSettings> {
  const values = { ...(await getCompanySettings(db, ctx.companyId)), ...input };
  await db
    .insert(hrCompanySettings)
    .values(values)
    .onConflictDoUpdate({
      target: hrCompanySettings.company_id,
      set: { ...input, updated_at: new Date().toISOString() },
    });
  return getCompanySettings(db, ctx.companyId);
}

/** A store of the caller's company, or a 404 (another company's store is not found either). */
export async function findStore(db: Executor, companyId: number, storeId: number) {
  const store = storeById(db, companyId, storeId);
  const [row] = await db
    .select({
      id: store.id,
      name: store.name,
      time_zone: store.time_zone,
      is_active: store.is_active,
    })
    .from(store);
  if (!row) throw AppError.notFound('Store');
  return row;
}

export async function listBreakSettings(
  db: Executor,
  companyId: number,
  storeId: number,
): Promise<BreakSetting[]> {
  const rows = await db
    .select()
    .from(hrBreakSettings)
    .where(
      and(
        tenantScope(hrBreakSettings, companyId),
        eq(hrBreakSettings.store_id, storeId),
        eq(hrBreakSettings.is_active, true),
      ),
    )
    .orderBy(asc(hrBreakSettings.short_description));
  return rows.flatMap((row) =>
    isBreakKind(row.short_description)
      ? [
          {
            settings_store_id: row.id,
            store_id: row.store_id,
            short_description: row.short_description,
            duration: row.duration,
            is_paid: row.is_paid,
            is_mandatory: row.is_mandatory,
          },
        ]
      : [],
  );
}

export async function getStoreSettings(
  db: Executor,
  companyId: number,
  storeId: number,
): Promise<StoreHrSettings> {
  const store = await findStore(db, companyId, storeId);
  const [row] = await db
    .select()
    .from(hrStoreSettings)
    .where(and(tenantScope(hrStoreSettings, companyId), eq(hrStoreSettings.store_id, storeId)));
  return {
    store_id: store.id,
    store_name: store.name,
    time_zone: store.time_zone,
    geolocation_restriction_required: row?.geolocation_restriction_required ?? null,
    geofence_mode: asMode(row?.geofence_mode),
    geofence_latitude: row?.geofence_latitude ?? null,
    geofence_longitude: row?.geofence_longitude ?? null,
    geofence_radius: row?.geofence_radius ?? null,
    face_check_required: row?.face_check_required ?? null,
    face_check_mode: asFaceMode(row?.face_check_mode),
    breaks: await listBreakSettings(db, companyId, storeId),
  };
}

/** Saves a store's policies and, when given, its break settings, in one transaction. */
export async function updateStoreSettings(
  db: Database,
  ctx: RequestContext,
  input: StoreHrSettingsUpdate,
): Promise<StoreHrSettings> {
  const { store_id, breaks, ...policy } = input;
  await db.transaction(async (tx) => {
    await findStore(tx, ctx.companyId, store_id);
    await tx
      .insert(hrStoreSettings)
      .values({ company_id: ctx.companyId, store_id, ...policy })
      .onConflictDoUpdate({
        target: [hrStoreSettings.company_id, hrStoreSettings.store_id],
        set: { ...policy, updated_at: new Date().toISOString() },
      });
    if (!breaks) return;
    const scope = and(
      tenantScope(hrBreakSettings, ctx.companyId),
      eq(hrBreakSettings.store_id, store_id),
    );
    const kinds = breaks.map((b) => b.short_description);
    // Kinds no longer offered are deactivated, not deleted: past breaks still name them.
    await tx
      .update(hrBreakSettings)
      .set({ is_active: false, updated_at: new Date().toISOString() })
      .where(
        kinds.length ? and(scope, notInArray(hrBreakSettings.short_description, kinds)) : scope,
      );
    for (const setting of breaks) {
      const values = {
        duration: setting.duration,
        is_paid: setting.is_paid ?? false,
        is_mandatory: setting.is_mandatory ?? false,
        is_active: true,
      };
      await tx
        .insert(hrBreakSettings)
        .values({
          company_id: ctx.companyId,
          store_id,
          short_description: setting.short_description,
          ...values,
        })
        .onConflictDoUpdate({
          target: [
            hrBreakSettings.company_id,
            hrBreakSettings.store_id,
            hrBreakSettings.short_description,
          ],
          set: { ...values, updated_at: new Date().toISOString() },
        });
    }
  });
  return getStoreSettings(db, ctx.companyId, store_id);
}

/** A store (placeholders `company`, `store`) with its own and its company's location settings. */
const storePolicyRow = preparedQuery('store_policy', (db) => {
  const store = storeById(db, sql.placeholder('company'), sql.placeholder('store'));
  return db
    .select({
      id: store.id,
      name: store.name,
      time_zone: store.time_zone,
      is_active: store.is_active,
      store_required: hrStoreSettings.geolocation_restriction_required,
      store_mode: hrStoreSettings.geofence_mode,
      latitude: hrStoreSettings.geofence_latitude,
      longitude: hrStoreSettings.geofence_longitude,
      radius: hrStoreSettings.geofence_radius,
      company_required: hrCompanySettings.geolocation_restriction_required,
      company_mode: hrCompanySettings.geofence_mode,
    })
    .from(store)
    .leftJoin(
      hrStoreSettings,
      and(tenantScope(hrStoreSettings, store.company_id), eq(hrStoreSettings.store_id, store.id)),
    )
    .leftJoin(hrCompanySettings, tenantScope(hrCompanySettings, store.company_id));
});

/**
 * A store of the caller's company with the location rules it applies (its own where set, else the
 * company's), in one query: the clock-in path reads it on every punch.
 */
export async function storeWithPolicy(db: Executor, companyId: number, storeId: number) {
  const [row] = await storePolicyRow(db).execute({ company: companyId, store: storeId });
  if (!row) throw AppError.notFound('Store');
  const defaults = companyDefaults(companyId);
  const policy: LocationPolicy = {
    restrictionRequired:
      row.store_required ?? row.company_required ?? defaults.geolocation_restriction_required,
    mode: asMode(row.store_mode) ?? asMode(row.company_mode) ?? defaults.geofence_mode,
    fence:
      row.latitude !== null && row.longitude !== null && row.radius !== null
        ? { latitude: row.latitude, longitude: row.longitude, radius: row.radius }
        : null,
  };
  return {
    store: { id: row.id, name: row.name, time_zone: row.time_zone, is_active: row.is_active },
    policy,
  };
}

/** The location rules a store applies. */
export async function locationPolicy(
  db: Executor,
  companyId: number,
  storeId: number,
): Promise<LocationPolicy> {
  return (await storeWithPolicy(db, companyId, storeId)).policy;
}

/** Break settings by id, for a store (used when a break starts). */
export async function findBreakSetting(
  db: Executor,
  companyId: number,
  storeId: number,
  settingId: number,
) {
  const [row] = await db
    .select()
    .from(hrBreakSettings)
    .where(
      and(
        tenantScope(hrBreakSettings, companyId),
        eq(hrBreakSettings.id, settingId),
        eq(hrBreakSettings.store_id, storeId),
        eq(hrBreakSettings.is_active, true),
        inArray(hrBreakSettings.short_description, [...breakKinds]),
      ),
    );
  return row ?? null;
}
