import type { FieldErrors } from '@portal/contract/envelope';
import { passesLuhn, salesMessages } from '@portal/contract/resources/sales';
import type { Executor } from '../../platform/database.ts';
import type { WantedQuantity } from '../inventory/api.ts';
import { AppError } from '../../platform/errors.ts';
import { saleProductsOf } from '../catalog/api.ts';

const isImei = (value: string) => /^\d{15}$/.test(value) && passesLuhn(value);

type SaleProduct =
  Awaited<ReturnType<typeof saleProductsOf>> extends Map<number, infer P> ? P : never;

/**
 * The product of each line of a priced document (a sale, a B2B invoice), checked as at the
 * counter: an active product; a serialised one needs one unit's serial (a device's an IMEI, its
 * quantity 1), anything else none. 400 naming the first problem, each line's on its field.
 */
export async function productsOfLines(
  db: Executor,
  companyId: number,
  lines: readonly Record<string, unknown>[],
): Promise<SaleProduct[]> {
  const products = await saleProductsOf(
    db,
    companyId,
    lines.map((line) => Number(line.product_id)),
  );
  const errors: FieldErrors = {};
  const found = lines.map((line, index) => {
    const product = products.get(Number(line.product_id));
    const serial = typeof line.serial === 'string' && line.serial ? line.serial : null;
    const field = (name: string) => `lines.${String(index)}.${name}`;
    if (!product) errors[field('product_id')] = ['Product not found'];
    else if (!product.is_active) errors[field('product_id')] = ['This product is no longer sold'];
    else if (product.is_serialized && !serial)
      errors[field('serial')] = [salesMessages.serialRequired];
    else if (!product.is_serialized && serial)
      errors[field('serial')] = [salesMessages.serialNotSerialised];
    else if (serial && product.kind === 'device' && !isImei(serial))
      errors[field('serial')] = [salesMessages.imeiInvalid];
    else if (serial && Number(line.quantity) !== 1)
      errors[field('quantity')] = [salesMessages.serialQuantity];
    return product;
  });
  const first = Object.values(errors)[0]?.[0];
  if (first) throw AppError.badRequest(first, errors);
  return found.filter((product) => product !== undefined);
}

/** The serialised units a document's saved lines name, each with its line's field for a problem. */
export const unitsOfLines = (lines: readonly { serial: string | null; product_id: number }[]) =>
  lines.flatMap((line, index) =>
    line.serial
      ? [
          {
            serial: line.serial,
            field: `lines.${String(index)}.serial`,
            product_id: line.product_id,
          },
        ]
      : [],
  );

/** Why a counter sale's line sold by quantity took its units (a return finds them by it). */
export const soldOnSaleLine = (saleId: number, lineId: number) =>
  `Sold on sale #${String(saleId)} (line #${String(lineId)})`;

/** Devices and accessories are stocked; plans, features and other services are not. */
export const isStocked = (kind: string | undefined) => kind === 'device' || kind === 'accessory';

/**
 * The units a document's saved lines take by quantity from the store's stock: each stocked line
 * without a serial (an accessory, a device sold by quantity), its quantity on the line's field, the
 * moves' reason naming the line (`reasonOf`), which is how a return or a void finds them again.
 */
export async function quantitiesOfLines(
  db: Executor,
  companyId: number,
  lines: readonly { id: number; serial: string | null; product_id: number; quantity: number }[],
  reasonOf: (lineId: number) => string,
): Promise<WantedQuantity[]> {
  const products = await saleProductsOf(
    db,
    companyId,
    lines.map((line) => line.product_id),
  );
  return lines.flatMap((line, index) => {
    const product = products.get(line.product_id);
    if (line.serial || !product || !isStocked(product.kind)) return [];
    return [
      {
        product_id: line.product_id,
        quantity: line.quantity,
        name: product.name,
        field: `lines.${String(index)}.quantity`,
        reason: reasonOf(line.id),
      },
    ];
  });
}
