import { z } from 'zod';
import {
  SALES_REMORSE_DAYS,
  SALES_REQUIRE_CLOCK_IN,
  SALES_RESTOCKING_FEE,
  salesMessages,
} from '@portal/contract/resources/sales';
import { clockStatus } from '@portal/contract/hr';
import type { RequestContext } from '../../platform/context.ts';
import type { Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { defineSetting, readSetting } from '../../platform/settings.ts';
import { sessionOf } from '../hr/api.ts';

/** Whether a sale or an activation needs its associate clocked in at the store (inherited). */
export const requireClockInSetting = defineSetting({
  key: SALES_REQUIRE_CLOCK_IN,
  label: 'Sales need the associate clocked in at the store',
  schema: z.boolean(),
  default: false,
});

/**
 * Days after a sale in which a return needs no manager override (inherited). Per carrier too
 * (`sales.remorse_window_days.<carrier>`, settingVariantKey): a carrier's rule beats the general
 * one at the same level, and the nearest level wins.
 */
export const remorseDaysSetting = defineSetting({
  key: SALES_REMORSE_DAYS,
  label: 'Return window (days)',
  schema: z.number().int().min(0).max(365),
  default: 14,
  variants: true,
});

/**
 * The restocking fee of a buyer's remorse return, in percent of the returned line (inherited down
 * the org tree; a DOA or OBF unit is the maker's fault and pays none). Per carrier too, like the
 * return window.
 */
export const restockingFeeSetting = defineSetting({
  key: SALES_RESTOCKING_FEE,
  label: 'Restocking fee on buyers remorse returns (%)',
  schema: z.number().min(0).max(100),
  default: 0,
  variants: true,
});

/**
 * Refuses (403 with the message) a ring-up by someone not clocked in, and working, at this store
 * when the store's inherited setting requires it.
 */
export async function assertMaySell(db: Executor, ctx: RequestContext, storeId: number) {
  if (!(await readSetting(db, ctx, requireClockInSetting, storeId))) return;
  const session = await sessionOf(db, ctx.companyId, ctx.userId);
  if (session.status !== clockStatus.clockedIn || session.activeSession?.store.id !== storeId)
    throw AppError.forbidden(salesMessages.notClockedIn);
}
