import { isRecord } from '../../platform/is-record.ts';

/** The number of items in a stored cart (SPEC.md section 3: items carry qty or quantity). */
export function cartItemCount(stored: unknown): number {
  if (!Array.isArray(stored)) return 0;
  let count = 0;
  for (const item of stored) {
    if (!isRecord(item)) continue;
    const quantity = Number(item.qty ?? item.quantity ?? 1);
    count += Number.isFinite(quantity) && quantity > 0 ? Math.floor(quantity) : 0;
  }
  return count;
}
