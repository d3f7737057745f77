import { and, inArray } from 'drizzle-orm';
import type { FieldErrors } from '@portal/contract/envelope';
import type { Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { LinePrice } from '../../platform/resources/lines.ts';
import { products } from './schema.ts';
import { tenantScope } from '../../db/columns.ts';

/**
 * What the catalogue functions other modules use. The warehouse price of each line's product, in
 * the order given: the server's price, whatever a payload says. An unknown or inactive product is
 * a 400 on that line (`lines.N.product_id`).
 */
export async function productPrices(
  db: Executor,
  companyId: number,
  lines: Record<string, unknown>[],
): Promise<LinePrice[]> {
  const ids = [
    ...new Set(
      lines.map((line) => line.product_id).filter((v): v is number => typeof v === 'number'),
    ),
  ];
  const found = ids.length
    ? await db
        .select({ id: products.id, price: products.price_cents, active: products.is_active })
        .from(products)
        .where(and(tenantScope(products, companyId), inArray(products.id, ids)))
    : [];
  const byId = new Map(found.map((product) => [product.id, product]));
  const errors: FieldErrors = {};
  const prices = lines.map((line, index) => {
    const product = byId.get(Number(line.product_id));
    if (!product) errors[`lines.${index}.product_id`] = ['Product not found'];
    else if (!product.active)
      errors[`lines.${index}.product_id`] = ['This product is no longer sold'];
    return { unit_price_cents: product?.price ?? 0 };
  });
  if (Object.keys(errors).length)
    throw AppError.badRequest(Object.values(errors)[0]?.[0] ?? 'Invalid product', errors);
  return prices;
}
