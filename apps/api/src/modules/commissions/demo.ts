import type { Tx } from '../../platform/database.ts';
import { demoContext } from '../orders/api.ts';
import { directory } from '../users/api.ts';
import { computePeriod, periodOf } from './compute.ts';
import { commissionPlanService } from './plans.ts';

/** What the counter's role earns: flat cents per unit, or basis points of the net. */
const demoPlans = [
  { name: 'Activation commission', category: 'activation', rate_type: 'flat', rate: 2_500 },
  { name: 'Upgrade commission', category: 'upgrade', rate_type: 'flat', rate: 1_000 },
  { name: 'Accessory commission', category: 'accessory', rate_type: 'percent', rate: 1_000 },
  { name: 'Bill pay commission', category: 'bill_pay', rate_type: 'flat', rate: 100 },
] as const;

/**
 * Demo Wireless's commission plans for the role of the associate who rang up the demo sales and
 * bill payments (the sales and billpay demos' seller: the first person of the store most people
 * work at), each saved through the plan service so it has its rule version; then the months of
 * those sales and payments are computed, so the statements show their lines on a fresh start.
 */
export async function seedCommissionsDemo(tx: Tx, companyId: number) {
  const people = (await directory(tx, companyId)).filter((p) => p.store_id !== null);
  const counts = new Map<number, number>();
  for (const person of people)
    if (person.store_id) counts.set(person.store_id, (counts.get(person.store_id) ?? 0) + 1);
  const storeId = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const seller = people.find((person) => person.store_id === storeId);
  if (!seller) return;
  const ctx = { ...demoContext(companyId), userId: seller.id };
  for (const plan of demoPlans)
    await commissionPlanService.create(tx, ctx, {
      ...plan,
      role_id: seller.role_id,
      is_active: true,
    });
  // The demo's sales and payments reach back three days: that month and this one.
  const day = 86_400_000;
  const months = new Set([periodOf(new Date(Date.now() - 3 * day)), periodOf(new Date())]);
  for (const period of months) await computePeriod(tx, ctx, period);
}
