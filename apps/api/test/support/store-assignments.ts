import { eq } from 'drizzle-orm';
import { userStores } from '../../src/modules/assignments/schema.ts';
import { stores } from '../../src/modules/organisation/schema.ts';
import type { TestApp } from './test-app.ts';

/**
 * Assigns people to stores (user_stores, as Store Assignments does): the web clock and the kiosk
 * take a clock-in only at a store the person works at (modules/hr/store-access.ts).
 */
export async function assignStores(
  t: TestApp,
  companyId: number,
  userIds: readonly number[],
  storeIds: readonly number[],
) {
  const rows = userIds.flatMap((user_id) =>
    storeIds.map((store_id) => ({ company_id: companyId, user_id, store_id })),
  );
  if (rows.length) await t.database.db.insert(userStores).values(rows).onConflictDoNothing();
}

/** Zones one hour apart around the globe (real names, so the app's zone checks accept them). */
const zonesByOffset = [
  'Pacific/Pago_Pago',
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Denver',
  'America/Chicago',
  'America/New_York',
  'America/Halifax',
  'America/Sao_Paulo',
  'Atlantic/South_Georgia',
  'Atlantic/Cape_Verde',
  'UTC',
  'Africa/Lagos',
  'Africa/Johannesburg',
  'Europe/Moscow',
  'Asia/Dubai',
  'Asia/Karachi',
  'Asia/Dhaka',
  'Asia/Bangkok',
  'Asia/Singapore',
  'Asia/Tokyo',
  'Australia/Brisbane',
  'Pacific/Noumea',
  'Pacific/Fiji',
];

const hourIn = (timeZone: string, at: Date) =>
  Number(
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(at),
  );

/**
 * Moves a store into a time zone where it is now about midday, so "today" at that store holds
 * shifts from a few hours ago to a few hours ahead whatever the hour the tests run at.
 */
export async function moveStoreToMidday(t: TestApp, storeId: number): Promise<string> {
  const now = new Date();
  const zone = zonesByOffset.reduce((best, z) =>
    Math.abs(hourIn(z, now) - 12) < Math.abs(hourIn(best, now) - 12) ? z : best,
  );
  await t.database.db.update(stores).set({ time_zone: zone }).where(eq(stores.id, storeId));
  return zone;
}
