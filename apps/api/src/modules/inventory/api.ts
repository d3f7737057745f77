// The inventory module's public functions for other modules (docs/ARCHITECTURE.md, "Boundaries"):
// serialised units leaving a store's stock (a sale, an activation) and coming back (a return).
import { and, asc, eq, gt, inArray, isNull, notExists, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FieldErrors } from '@portal/contract/envelope';
import { salesMessages } from '@portal/contract/resources/sales';
import type { RequestContext } from '../../platform/context.ts';
import type { Executor, Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { tenantJoin, tenantScope } from '../../db/columns.ts';
import { inventoryItems, stockLocations, stockMovements } from './schema.ts';
import { moveUnits, warehouseStock } from './stock.ts';

/** Whose company, and who moves the units (null: a fixture or a job). */
type Ctx = Pick<RequestContext, 'companyId'> & { userId: number | null };
type Item = typeof inventoryItems.$inferSelect;

/** Where units that left stock are kept track of: one company location per kind. */
export type OutKind = 'sold' | 'defective' | 'vendor' | 'adjusted' | 'internal';
const outNames: Record<OutKind, string> = {
  sold: 'Sold to customers',
  defective: 'Defective (RMA)',
  vendor: 'Returned to vendor',
  adjusted: 'Written off by count',
  internal: 'Kept for internal use',
};

export async function outLocation(tx: Tx, companyId: number, kind: OutKind): Promise<number> {
  const [found] = await tx
    .select({ id: stockLocations.id })
    .from(stockLocations)
    .where(
      and(
        tenantScope(stockLocations, companyId),
        eq(stockLocations.kind, kind),
        isNull(stockLocations.store_id),
      ),
    )
    .orderBy(asc(stockLocations.id))
    .limit(1);
  if (found) return found.id;
  // Two first uses at once may each make one; the oldest is used from then on (orderBy id).
  const [made] = await tx
    .insert(stockLocations)
    .values({ company_id: companyId, kind, name: outNames[kind] })
    .returning({ id: stockLocations.id });
  if (!made) throw new Error(`inventory: ${kind} location not made`);
  return made.id;
}

/** A store's stock location, made on first use. */
export async function storeLocation(tx: Tx, companyId: number, storeId: number): Promise<number> {
  const [found] = await tx
    .select({ id: stockLocations.id })
    .from(stockLocations)
    .where(and(tenantScope(stockLocations, companyId), eq(stockLocations.store_id, storeId)));
  if (found) return found.id;
  const [made] = await tx
    .insert(stockLocations)
    .values({ company_id: companyId, kind: 'store', name: `Store #${storeId}`, store_id: storeId })
    .onConflictDoNothing()
    .returning({ id: stockLocations.id });
  return made?.id ?? storeLocation(tx, companyId, storeId);
}

/** One unit wanted from a store: its serial, the payload field to blame, the product expected. */
export interface WantedUnit {
  serial: string;
  field: string;
  product_id?: number;
}

/**
 * The store's unsold units with these serials, locked until the transaction ends; a unit that is
 * not in stock, sold, in another place or of another product is a 400 naming its field.
 */
export async function lockStoreUnits(
  tx: Tx,
  ctx: Ctx,
  storeId: number,
  wanted: WantedUnit[],
): Promise<Map<string, Item>> {
  if (!wanted.length) return new Map();
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  for (const unit of wanted) {
    if (seen.has(unit.serial)) errors[unit.field] = [salesMessages.serialTwice(unit.serial)];
    seen.add(unit.serial);
  }
  const rows = await tx
    .select({ item: inventoryItems, kind: stockLocations.kind, store: stockLocations.store_id })
    .from(inventoryItems)
    .innerJoin(
      stockLocations,
      and(
        tenantScope(stockLocations, inventoryItems.company_id),
        eq(stockLocations.id, inventoryItems.location_id),
      ),
    )
    .where(
      and(tenantScope(inventoryItems, ctx.companyId), inArray(inventoryItems.serial, [...seen])),
    )
    .orderBy(asc(inventoryItems.id))
    .for('update', { of: inventoryItems });
  const bySerial = new Map(rows.map((row) => [row.item.serial, row]));
  for (const unit of wanted) {
    if (errors[unit.field]) continue;
    const row = bySerial.get(unit.serial);
    const message = !row
      ? salesMessages.unitNotFound(unit.serial)
      : row.kind === 'sold'
        ? salesMessages.unitSold(unit.serial)
        : row.kind !== 'store' || row.store !== storeId
          ? salesMessages.unitElsewhere(unit.serial)
          : unit.product_id !== undefined && row.item.product_id !== unit.product_id
            ? salesMessages.unitWrongProduct(unit.serial)
            : null;
    if (message) errors[unit.field] = [message];
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw AppError.badRequest(first, errors);
  return new Map(rows.map((row) => [row.item.serial, row.item]));
}

/** Units of a store leave its stock for a customer (checked as lockStoreUnits does). */
export async function sellStoreUnits(
  tx: Tx,
  ctx: Ctx,
  storeId: number,
  wanted: WantedUnit[],
  reason: string,
): Promise<Map<string, Item>> {
  const units = await lockStoreUnits(tx, ctx, storeId, wanted);
  await moveUnits(
    tx,
    ctx,
    [...units.values()],
    await outLocation(tx, ctx.companyId, 'sold'),
    reason,
  );
  return units;
}

/** Units of a product wanted from a store by quantity, the field to blame and the moves' reason. */
export interface WantedQuantity {
  product_id: number;
  quantity: number;
  /** the product's name, for the message */
  name: string;
  field: string;
  reason: string;
}

/**
 * Units of products sold by quantity (not by serial) leave a store's stock for a customer, the
 * oldest first, each batch with its own reason (one movement per unit). Only the store's units
 * wanted are locked (a concurrent sale of the same units waits, then takes others); asking for more
 * than the store has (all batches of a product together) is a 409 naming each short batch's field,
 * the item and what is left, and nothing moves: stock never goes below zero.
 */
export async function sellStoreQuantities(
  tx: Tx,
  ctx: Ctx,
  storeId: number,
  wanted: WantedQuantity[],
): Promise<void> {
  if (!wanted.length) return;
  const location = await storeLocation(tx, ctx.companyId, storeId);
  // Per product (in product order, so two sales never wait on each other crosswise), only the
  // units wanted are locked, the oldest first: a unit a concurrent sale took meanwhile is skipped
  // for the next one, and fewer than wanted means that is all the store has.
  const totals = new Map<number, number>();
  for (const batch of wanted)
    totals.set(batch.product_id, (totals.get(batch.product_id) ?? 0) + batch.quantity);
  const pools = new Map<number, Item[]>();
  for (const [productId, total] of [...totals].sort((a, b) => a[0] - b[0]))
    pools.set(productId, await lockUnitsAt(tx, ctx.companyId, location, productId, total));
  const errors: FieldErrors = {};
  const batches: { items: Item[]; reason: string }[] = [];
  for (const batch of wanted) {
    const pool = pools.get(batch.product_id) ?? [];
    if (pool.length < batch.quantity) {
      errors[batch.field] = [salesMessages.notEnoughStock(batch.name, batch.quantity, pool.length)];
      continue;
    }
    batches.push({ items: pool.splice(0, batch.quantity), reason: batch.reason });
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError(409, first, errors);
  const sold = await outLocation(tx, ctx.companyId, 'sold');
  for (const batch of batches) await moveUnits(tx, ctx, batch.items, sold, batch.reason);
}

/**
 * Units sold with one of these reasons (sellStoreUnits, sellStoreQuantities) and still sold come
 * back to the store's stock (at most `limit`, the newest first): a deleted imported invoice or line.
 * Answers how many came back.
 */
export async function unsellUnits(
  tx: Tx,
  ctx: Ctx,
  storeId: number,
  reasons: string[],
  backReason: string,
  limit?: number,
): Promise<number> {
  const items = await returnSoldUnits(tx, ctx, {
    storeId,
    reasons,
    reason: backReason,
    limit,
    to: 'store',
  });
  return items.length;
}

/**
 * Units sold with one of these reasons and still sold come back (at most `limit`, the newest
 * first): to the store's stock (sellable again) or to the defective location (never sellable): a
 * returned line sold by quantity, a voided invoice. Answers the units that moved.
 */
export async function returnSoldUnits(
  tx: Tx,
  ctx: Ctx,
  input: {
    storeId: number;
    reasons: string[];
    reason: string;
    limit?: number | undefined;
    to: 'store' | 'defective';
  },
): Promise<Item[]> {
  const { reasons, limit } = input;
  if (!reasons.length || limit === 0) return [];
  const sold = await outLocation(tx, ctx.companyId, 'sold');
  const later = alias(stockMovements, 'later');
  const query = tx
    .select({ item: inventoryItems })
    .from(inventoryItems)
    .innerJoin(
      stockMovements,
      and(
        tenantScope(stockMovements, inventoryItems.company_id),
        eq(stockMovements.item_id, inventoryItems.id),
      ),
    )
    .where(
      and(
        tenantScope(inventoryItems, ctx.companyId),
        eq(inventoryItems.location_id, sold),
        eq(stockMovements.to_location_id, sold),
        inArray(stockMovements.reason, reasons),
        // that sale is the unit's last move
        notExists(
          tx
            .select({ id: later.id })
            .from(later)
            .where(
              and(
                tenantScope(later, stockMovements.company_id),
                eq(later.item_id, stockMovements.item_id),
                gt(later.id, stockMovements.id),
              ),
            ),
        ),
      ),
    )
    .orderBy(sql`${inventoryItems.id} desc`)
    .for('update', { of: inventoryItems });
  const rows = await (limit === undefined ? query : query.limit(limit));
  const items = rows.map((row) => row.item);
  const to =
    input.to === 'store'
      ? await storeLocation(tx, ctx.companyId, input.storeId)
      : await outLocation(tx, ctx.companyId, 'defective');
  await moveUnits(tx, ctx, items, to, input.reason);
  return items;
}

/**
 * A unit comes back: to the store's stock (sellable again), to the defective location, or to the
 * vendor. A unit not found or not where `from` says (sold to a customer, or in the store's stock)
 * is a 400 naming `field`.
 */
export async function returnUnit(
  tx: Tx,
  ctx: Ctx,
  input: {
    serial: string;
    field: string;
    from: 'sold' | { store_id: number };
    to: 'store' | 'defective' | 'vendor';
    store_id: number;
    reason: string;
  },
): Promise<Item> {
  const [row] = await tx
    .select({ item: inventoryItems, kind: stockLocations.kind, store: stockLocations.store_id })
    .from(inventoryItems)
    .innerJoin(
      stockLocations,
      and(
        tenantScope(stockLocations, inventoryItems.company_id),
        eq(stockLocations.id, inventoryItems.location_id),
      ),
    )
    .where(and(tenantScope(inventoryItems, ctx.companyId), eq(inventoryItems.serial, input.serial)))
    .for('update', { of: inventoryItems });
  const where = input.from;
  const fits =
    row &&
    (where === 'sold' ? row.kind === 'sold' : row.kind === 'store' && row.store === where.store_id);
  if (!row || !fits) {
    const message = !row
      ? salesMessages.unitNotFound(input.serial)
      : where === 'sold'
        ? `Unit ${input.serial} was not sold`
        : salesMessages.unitElsewhere(input.serial);
    throw AppError.badRequest(message, { [input.field]: [message] });
  }
  const to =
    input.to === 'store'
      ? await storeLocation(tx, ctx.companyId, input.store_id)
      : await outLocation(tx, ctx.companyId, input.to);
  await moveUnits(tx, ctx, [row.item], to, input.reason);
  return row.item;
}

/** Units received into a store's stock (demo data, tests): one movement each. */
export async function addStoreUnits(
  tx: Tx,
  ctx: Ctx,
  storeId: number,
  productId: number,
  serials: string[],
): Promise<void> {
  if (!serials.length) return;
  const location = await storeLocation(tx, ctx.companyId, storeId);
  const rows = await tx
    .insert(inventoryItems)
    .values(
      serials.map((serial) => ({
        company_id: ctx.companyId,
        serial,
        product_id: productId,
        location_id: location,
      })),
    )
    .returning();
  await tx.insert(stockMovements).values(
    rows.map((item) => ({
      company_id: ctx.companyId,
      item_id: item.id,
      serial: item.serial,
      product_id: item.product_id,
      from_location_id: null,
      to_location_id: location,
      reason: 'Added to stock',
      user_id: ctx.userId,
    })),
  );
}

/** Where a unit is now: its location's kind and store (null: no such unit in the company). */
export async function unitPlace(
  db: Executor,
  companyId: number,
  serial: string,
): Promise<{ kind: string; store_id: number | null; product_id: number } | null> {
  const [row] = await db
    .select({
      kind: stockLocations.kind,
      store_id: stockLocations.store_id,
      product_id: inventoryItems.product_id,
    })
    .from(inventoryItems)
    .innerJoin(
      stockLocations,
      and(
        tenantScope(stockLocations, inventoryItems.company_id),
        eq(stockLocations.id, inventoryItems.location_id),
      ),
    )
    .where(and(tenantScope(inventoryItems, companyId), eq(inventoryItems.serial, serial)));
  return row ?? null;
}

// --- Receiving from suppliers (the purchasing module, issue 19) -----------------------------

/** The company's warehouses (stock locations of kind warehouse), by name. */
export async function listWarehouses(
  db: Executor,
  companyId: number,
): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: stockLocations.id, name: stockLocations.name })
    .from(stockLocations)
    .where(and(tenantScope(stockLocations, companyId), eq(stockLocations.kind, 'warehouse')))
    .orderBy(asc(stockLocations.name), asc(stockLocations.id));
}

/** The names of these locations of the company (another company's are absent). */
export async function locationNamesOf(
  db: Executor,
  companyId: number,
  ids: number[],
): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: stockLocations.id, name: stockLocations.name, kind: stockLocations.kind })
    .from(stockLocations)
    .where(and(tenantScope(stockLocations, companyId), inArray(stockLocations.id, unique)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Whether `id` is one of the company's warehouses. */
export async function isWarehouse(db: Executor, companyId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: stockLocations.id })
    .from(stockLocations)
    .where(
      and(
        tenantScope(stockLocations, companyId),
        eq(stockLocations.id, id),
        eq(stockLocations.kind, 'warehouse'),
      ),
    );
  return Boolean(row);
}

/** The company's warehouse of this name, made when missing (demo data). */
export async function ensureWarehouse(tx: Tx, companyId: number, name: string): Promise<number> {
  const [found] = await tx
    .select({ id: stockLocations.id })
    .from(stockLocations)
    .where(
      and(
        tenantScope(stockLocations, companyId),
        eq(stockLocations.kind, 'warehouse'),
        eq(stockLocations.name, name),
      ),
    )
    .limit(1);
  if (found) return found.id;
  const [made] = await tx
    .insert(stockLocations)
    .values({ company_id: companyId, kind: 'warehouse', name })
    .returning({ id: stockLocations.id });
  if (!made) throw new Error('inventory: warehouse not made');
  return made.id;
}

/**
 * Serialised units received from a supplier enter a warehouse: one new unit and one movement
 * each, in the caller's transaction. A serial the company already has (anywhere) is a 400 naming
 * its payload field; nothing is written then (the caller's transaction rolls back).
 */
export async function receiveWarehouseUnits(
  tx: Tx,
  ctx: Ctx,
  input: {
    location_id: number;
    product_id: number;
    cost_cents: number;
    serials: { serial: string; field: string }[];
    reason: string;
  },
): Promise<number> {
  if (!input.serials.length) return 0;
  const serials = input.serials.map((unit) => unit.serial);
  const known = await tx
    .select({ serial: inventoryItems.serial })
    .from(inventoryItems)
    .where(
      and(tenantScope(inventoryItems, ctx.companyId), inArray(inventoryItems.serial, serials)),
    );
  const taken = new Set(known.map((row) => row.serial));
  const errors: FieldErrors = {};
  for (const unit of input.serials)
    if (taken.has(unit.serial)) errors[unit.field] = [`Serial ${unit.serial} is already in stock`];
  const first = Object.values(errors)[0]?.[0];
  if (first) throw AppError.badRequest(first, errors);
  const rows = await tx
    .insert(inventoryItems)
    .values(
      serials.map((serial) => ({
        company_id: ctx.companyId,
        serial,
        product_id: input.product_id,
        location_id: input.location_id,
        cost_cents: input.cost_cents,
      })),
    )
    .onConflictDoNothing()
    .returning();
  // A serial another request added meanwhile: the unique key kept it out; the caller rolls back.
  if (rows.length !== serials.length) throw AppError.conflict('A serial is already in stock');
  await tx.insert(stockMovements).values(
    rows.map((item) => ({
      company_id: ctx.companyId,
      item_id: item.id,
      serial: item.serial,
      product_id: item.product_id,
      from_location_id: null,
      to_location_id: input.location_id,
      reason: input.reason,
      user_id: ctx.userId,
    })),
  );
  return rows.length;
}

/**
 * Up to `limit` units of a product at one location, oldest first, locked until the transaction
 * ends (a second request for the same units waits, then sees them gone).
 */
export async function lockUnitsAt(
  tx: Tx,
  companyId: number,
  locationId: number,
  productId: number,
  limit: number,
): Promise<Item[]> {
  return tx
    .select()
    .from(inventoryItems)
    .where(
      and(
        tenantScope(inventoryItems, companyId),
        eq(inventoryItems.location_id, locationId),
        eq(inventoryItems.product_id, productId),
      ),
    )
    .orderBy(asc(inventoryItems.id))
    .limit(limit)
    .for('update');
}

/** Units leave stock for the company's own use (internal inventory): one movement each. */
export async function setAsideUnits(tx: Tx, ctx: Ctx, units: Item[], reason: string) {
  if (!units.length) return;
  await moveUnits(tx, ctx, units, await outLocation(tx, ctx.companyId, 'internal'), reason);
}

/** Serialised units per product in the company's warehouses (the SKU search's on-hand figure). */
export const warehouseUnitCounts = warehouseStock;

/**
 * Per product, a store's units on hand (its stock location) and in transit to it (the in-transit
 * locations of the given orders of the store): the suggested order's stock.
 */
export async function storeUnitCounts(
  db: Executor,
  companyId: number,
  storeId: number,
  orderIds: readonly number[],
): Promise<{ onHand: Map<number, number>; inTransit: Map<number, number> }> {
  const count = async (where: SQL | undefined) => {
    const rows = await db
      .select({ product_id: inventoryItems.product_id, n: sql<number>`count(*)::int` })
      .from(inventoryItems)
      .innerJoin(
        stockLocations,
        tenantJoin(stockLocations, inventoryItems.company_id, inventoryItems.location_id),
      )
      .where(and(tenantScope(inventoryItems, companyId), where))
      .groupBy(inventoryItems.product_id);
    return new Map(rows.map((row) => [row.product_id, Number(row.n)]));
  };
  return {
    onHand: await count(
      and(eq(stockLocations.kind, 'store'), eq(stockLocations.store_id, storeId)),
    ),
    inTransit: orderIds.length
      ? await count(
          and(
            eq(stockLocations.kind, 'in_transit'),
            inArray(stockLocations.order_id, [...orderIds]),
          ),
        )
      : new Map(),
  };
}
