import { isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { SALES_PORT_PIN_DAYS } from '@portal/contract/resources/sales';
import type { Database } from '../../platform/database.ts';
import { defineJob } from '../../platform/jobs.ts';
import { defineSetting, readSetting } from '../../platform/settings.ts';
import { erasePin } from './activations.ts';
import { activations } from './schema.ts';

/** How many days a port-in transfer PIN is kept when the port has not completed (inherited). */
export const portPinDaysSetting = defineSetting({
  key: SALES_PORT_PIN_DAYS,
  label: 'Days a port-in transfer PIN is kept',
  schema: z.number().int().min(1).max(90),
  default: 30,
});

const BATCH = 500;

/**
 * Erases the transfer PINs kept longer than their store's setting, each erasure in the
 * activation's history (no user: the job). Every company's, on the job's system path.
 */
export async function eraseExpiredPins(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const held = await tx
      .select({
        company_id: activations.company_id,
        id: activations.id,
        store_id: activations.store_id,
        age_days: sql<number>`extract(epoch from now() - ${activations.created_at}) / 86400`,
      })
      .from(activations)
      .where(isNotNull(activations.port_pin_sealed))
      .orderBy(activations.created_at)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const limits = new Map<string, number>();
    let erased = 0;
    for (const row of held) {
      const key = `${String(row.company_id)}:${String(row.store_id)}`;
      let days = limits.get(key);
      if (days === undefined) {
        days = await readSetting(
          tx,
          { companyId: row.company_id },
          portPinDaysSetting,
          row.store_id,
        );
        limits.set(key, days);
      }
      if (Number(row.age_days) < days) continue;
      await erasePin(
        tx,
        { companyId: row.company_id, userId: null },
        row.id,
        `Kept ${String(days)} days without a completed port`,
      );
      erased += 1;
    }
    return erased;
  });
}

/** Hourly: transfer PINs past their days are erased. */
export const pinExpiryJob = defineJob({
  name: 'sales.erase_port_pins',
  intervalSeconds: 3600,
  async handler({ db, log }) {
    const erased = await eraseExpiredPins(db);
    if (erased) log.info({ erased }, 'erased expired port-in transfer PINs');
  },
});
