import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  InventoryItem,
  ManifestCheck,
  ProductSerial,
  SerialRejection,
  StockMovement,
  StockOnHand,
  inventoryItemsInput,
} from '@portal/contract/inventory';
import type { Database, Executor, Tx } from '../../platform/database.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { tenantScope } from '../../db/columns.ts';
import { productNamesOf } from '../catalog/api.ts';
import { createBackorder, lockOrderForStock, moveOrder, ordersInStatus } from '../orders/api.ts';
import { namesOf } from '../users/api.ts';
import { serialRejections } from './hooks.ts';
import { inventoryItems, orderDiscrepancies, stockLocations, stockMovements } from './schema.ts';

type Kind =
  'warehouse' | 'store' | 'in_transit' | 'sold' | 'defective' | 'vendor' | 'adjusted' | 'internal';
type Item = typeof inventoryItems.$inferSelect;

/** The company's stock locations, warehouses first. */
export async function listLocations(db: Executor, ctx: RequestContext) {
  const rows = await db
    .select()
    .from(stockLocations)
    .where(tenantScope(stockLocations, ctx.companyId))
    .orderBy(asc(stockLocations.kind), asc(stockLocations.id));
  return rows.map((row) => ({ ...row, kind: row.kind as Kind }));
}

export async function createWarehouse(db: Database, ctx: RequestContext, name: string) {
  const [row] = await db
    .insert(stockLocations)
    .values({ company_id: ctx.companyId, kind: 'warehouse', name })
    .returning();
  if (!row) throw AppError.badRequest('Warehouse not created');
  return { ...row, kind: row.kind as Kind };
}

/** A store's location, or an order's in-transit location, made on first use. */
async function locationOf(
  tx: Tx,
  companyId: number,
  key: { store_id: number } | { order_id: number },
) {
  const isStore = 'store_id' in key;
  const where = isStore
    ? eq(stockLocations.store_id, key.store_id)
    : eq(stockLocations.order_id, key.order_id);
  const [found] = await tx
    .select({ id: stockLocations.id })
    .from(stockLocations)
    .where(and(tenantScope(stockLocations, companyId), where));
  if (found) return found.id;
  const [made] = await tx
    .insert(stockLocations)
    .values({
      company_id: companyId,
      kind: isStore ? 'store' : 'in_transit',
      name: isStore ? `Store #${key.store_id}` : `In transit: order #${key.order_id}`,
      ...key,
    })
    .onConflictDoNothing()
    .returning({ id: stockLocations.id });
  if (made) return made.id;
  return locationOf(tx, companyId, key);
}

/**
 * Moves units to a location and writes one movement per unit (what, from, to, why, who). An
 * `orderId` (or null) also sets or clears the order the units travel with; left out, it is kept.
 */
export async function moveUnits(
  tx: Tx,
  ctx: Pick<RequestContext, 'companyId'> & { userId: number | null },
  items: Item[],
  to: number,
  reason: string,
  orderId?: number | null,
) {
  if (!items.length) return;
  await tx
    .update(inventoryItems)
    .set({
      location_id: to,
      ...(orderId === undefined ? {} : { order_id: orderId }),
      updated_at: sql`now()`,
    })
    .where(
      and(
        tenantScope(inventoryItems, ctx.companyId),
        inArray(
          inventoryItems.id,
          items.map((item) => item.id),
        ),
      ),
    );
  await tx.insert(stockMovements).values(
    items.map((item) => ({
      company_id: ctx.companyId,
      item_id: item.id,
      serial: item.serial,
      product_id: item.product_id,
      from_location_id: item.location_id,
      to_location_id: to,
      reason,
      order_id: orderId ?? null,
      user_id: ctx.userId,
    })),
  );
}

/** Units that entered stock from outside (added, found by a count): one movement each, from nowhere. */
export async function recordArrivals(
  tx: Tx,
  ctx: Pick<RequestContext, 'companyId'> & { userId: number | null },
  items: Item[],
  reason: string,
) {
  if (!items.length) return;
  await tx.insert(stockMovements).values(
    items.map((item) => ({
      company_id: ctx.companyId,
      item_id: item.id,
      serial: item.serial,
      product_id: item.product_id,
      from_location_id: null,
      to_location_id: item.location_id,
      reason,
      user_id: ctx.userId,
    })),
  );
}

/** Serials as scanned: trimmed; a serial listed twice is a 400 naming it. */
function distinctSerials(serials: string[]) {
  const seen = new Set<string>();
  for (const raw of serials) {
    const serial = raw.trim();
    if (seen.has(serial))
      throw AppError.badRequest(`Serial ${serial} is listed twice`, {
        serials: [`Serial ${serial} is listed twice`],
      });
    seen.add(serial);
  }
  return [...seen];
}

/** The caller's company's units with these serials, locked until the transaction ends. */
const lockSerials = (tx: Tx, ctx: RequestContext, serials: string[]) =>
  serials.length
    ? tx
        .select()
        .from(inventoryItems)
        .where(
          and(tenantScope(inventoryItems, ctx.companyId), inArray(inventoryItems.serial, serials)),
        )
        .orderBy(asc(inventoryItems.id))
        .for('update')
    : Promise.resolve([] as Item[]);

async function locationById(tx: Executor, ctx: RequestContext, id: number) {
  const [row] = await tx
    .select()
    .from(stockLocations)
    .where(and(tenantScope(stockLocations, ctx.companyId), eq(stockLocations.id, id)));
  return row;
}

/** Units entering a location (goods received from a supplier, a count): one movement each. */
export async function addItems(
  db: Database,
  ctx: RequestContext,
  input: z.output<typeof inventoryItemsInput>,
) {
  return db.transaction(async (tx) => {
    const location = await locationById(tx, ctx, input.location_id);
    if (!location || (location.kind !== 'warehouse' && location.kind !== 'store'))
      throw AppError.badRequest('Choose a warehouse or a store', {
        location_id: ['Choose a warehouse or a store'],
      });
    const names = await productNamesOf(tx, ctx.companyId, [input.product_id]);
    if (!names.has(input.product_id))
      throw AppError.badRequest('Product not found', { product_id: ['Product not found'] });
    const serials = distinctSerials(input.serials);
    const existing = await lockSerials(tx, ctx, serials);
    if (existing[0])
      throw AppError.conflict(`Serial ${existing[0].serial} is already in stock`, {
        serial: existing[0].serial,
      });
    const rows = await tx
      .insert(inventoryItems)
      .values(
        serials.map((serial) => ({
          company_id: ctx.companyId,
          serial,
          product_id: input.product_id,
          condition: input.condition,
          location_id: location.id,
          cost_cents: input.cost_cents,
          price_cents: input.price_cents,
        })),
      )
      .onConflictDoNothing()
      .returning();
    // A serial another request added meanwhile: the unique constraint kept it out; nothing written.
    if (rows.length !== serials.length) throw AppError.conflict('A serial is already in stock');
    await recordArrivals(tx, ctx, rows, 'Added to stock');
    return presentItems(tx, ctx, rows);
  });
}

async function presentItems(db: Executor, ctx: RequestContext, rows: Item[]) {
  const products = await productNamesOf(
    db,
    ctx.companyId,
    rows.map((row) => row.product_id),
  );
  const locations = new Map((await listLocations(db, ctx)).map((l) => [l.id, l]));
  return rows.map((row): InventoryItem => ({
    id: row.id,
    serial: row.serial,
    product_id: row.product_id,
    product_name: products.get(row.product_id) ?? '',
    condition: row.condition,
    location_id: row.location_id,
    location_name: locations.get(row.location_id)?.name ?? '',
    location_kind: locations.get(row.location_id)?.kind ?? 'warehouse',
    cost_cents: row.cost_cents,
    price_cents: row.price_cents,
    order_id: row.order_id,
    created_at: row.created_at,
  }));
}

export async function listItems(
  db: Database,
  ctx: RequestContext,
  query: {
    location_id?: number;
    product_id?: number;
    search?: string;
    page: number;
    perPage: number;
  },
) {
  const where = and(
    tenantScope(inventoryItems, ctx.companyId),
    query.location_id ? eq(inventoryItems.location_id, query.location_id) : undefined,
    query.product_id ? eq(inventoryItems.product_id, query.product_id) : undefined,
    query.search ? sql`${inventoryItems.serial} ilike ${`%${query.search}%`}` : undefined,
  );
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(inventoryItems)
    .where(where);
  const rows = await db
    .select()
    .from(inventoryItems)
    .where(where)
    .orderBy(desc(inventoryItems.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return { results: await presentItems(db, ctx, rows), total: Number(total?.n ?? 0) };
}

/** Units on hand per location and product (counted units: never below zero). */
export async function stockOnHand(
  db: Database,
  ctx: RequestContext,
  query: { location_id?: number; product_id?: number },
): Promise<StockOnHand[]> {
  const rows = await db
    .select({
      location_id: inventoryItems.location_id,
      product_id: inventoryItems.product_id,
      quantity: sql<number>`count(*)::int`,
    })
    .from(inventoryItems)
    .where(
      and(
        tenantScope(inventoryItems, ctx.companyId),
        query.location_id ? eq(inventoryItems.location_id, query.location_id) : undefined,
        query.product_id ? eq(inventoryItems.product_id, query.product_id) : undefined,
      ),
    )
    .groupBy(inventoryItems.location_id, inventoryItems.product_id)
    .orderBy(asc(inventoryItems.location_id), asc(inventoryItems.product_id));
  const products = await productNamesOf(
    db,
    ctx.companyId,
    rows.map((row) => row.product_id),
  );
  const locations = new Map((await listLocations(db, ctx)).map((l) => [l.id, l]));
  return rows.map((row) => ({
    location_id: row.location_id,
    location_name: locations.get(row.location_id)?.name ?? '',
    location_kind: locations.get(row.location_id)?.kind ?? 'warehouse',
    product_id: row.product_id,
    product_name: products.get(row.product_id) ?? '',
    quantity: Number(row.quantity),
  }));
}

async function presentMovements(
  db: Executor,
  ctx: RequestContext,
  rows: (typeof stockMovements.$inferSelect)[],
): Promise<StockMovement[]> {
  const locations = new Map((await listLocations(db, ctx)).map((l) => [l.id, l.name]));
  const users = await namesOf(
    db,
    ctx.companyId,
    rows.flatMap((row) => (row.user_id ? [row.user_id] : [])),
  );
  return rows.map((row) => ({
    id: row.id,
    item_id: row.item_id,
    serial: row.serial,
    product_id: row.product_id,
    from_location_id: row.from_location_id,
    from_name: row.from_location_id ? (locations.get(row.from_location_id) ?? null) : null,
    to_location_id: row.to_location_id,
    to_name: row.to_location_id ? (locations.get(row.to_location_id) ?? null) : null,
    reason: row.reason,
    order_id: row.order_id,
    user_id: row.user_id,
    user_name: row.user_id ? (users.get(row.user_id) ?? null) : null,
    created_at: row.created_at,
  }));
}

export async function listMovements(
  db: Database,
  ctx: RequestContext,
  query: { serial?: string; order_id?: number; page: number; perPage: number },
) {
  const where = and(
    tenantScope(stockMovements, ctx.companyId),
    query.serial ? eq(stockMovements.serial, query.serial) : undefined,
    query.order_id ? eq(stockMovements.order_id, query.order_id) : undefined,
  );
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(stockMovements)
    .where(where);
  const rows = await db
    .select()
    .from(stockMovements)
    .where(where)
    .orderBy(desc(stockMovements.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return { results: await presentMovements(db, ctx, rows), total: Number(total?.n ?? 0) };
}

/**
 * GET /product-serials: where a serial is now and every move it made, oldest first, and each time
 * it was rejected on a purchase order receipt (serialRejections); a 404 when neither is known.
 */
export async function productSerial(
  db: Database,
  ctx: RequestContext,
  serial: string,
): Promise<ProductSerial> {
  const rejections: SerialRejection[] = [];
  await serialRejections.run(db, ctx.companyId, serial, rejections);
  rejections.sort(
    (a, b) => a.rejected_at.localeCompare(b.rejected_at) || a.receipt_id - b.receipt_id,
  );
  const [item] = await db
    .select()
    .from(inventoryItems)
    .where(and(tenantScope(inventoryItems, ctx.companyId), eq(inventoryItems.serial, serial)));
  if (!item) {
    if (!rejections.length) throw AppError.notFound('Serial');
    return { item: null, history: [], rejections };
  }
  const moves = await db
    .select()
    .from(stockMovements)
    .where(and(tenantScope(stockMovements, ctx.companyId), eq(stockMovements.item_id, item.id)))
    .orderBy(asc(stockMovements.id));
  const [present] = await presentItems(db, ctx, [item]);
  if (!present) throw AppError.notFound('Serial');
  return { item: present, history: await presentMovements(db, ctx, moves), rejections };
}

/** Shipped units per order (units whose order_id is the order). */
async function shippedCounts(db: Executor, ctx: RequestContext, orderIds: number[]) {
  if (!orderIds.length) return new Map<number, number>();
  const rows = await db
    .select({ order_id: inventoryItems.order_id, n: sql<number>`count(*)::int` })
    .from(inventoryItems)
    .where(
      and(tenantScope(inventoryItems, ctx.companyId), inArray(inventoryItems.order_id, orderIds)),
    )
    .groupBy(inventoryItems.order_id);
  return new Map(rows.map((row) => [Number(row.order_id), Number(row.n)]));
}

/** /unfulfilled-orders (submitted, pending shipment) and /fulfilled-orders (shipped and after). */
export async function orderQueue(
  db: Database,
  ctx: RequestContext,
  fulfilled: boolean,
  kind?: string,
) {
  const rows = await ordersInStatus(
    db,
    ctx,
    fulfilled ? ['shipped', 'under_review', 'received'] : ['submitted', 'pending_shipment'],
    kind,
  );
  const shipped = await shippedCounts(
    db,
    ctx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    store_id: row.store_id,
    store_name: row.store_name,
    kind: row.kind,
    status: row.status,
    total_cents: row.total_cents,
    ordered: row.ordered,
    shipped: shipped.get(row.id) ?? 0,
    created_at: row.created_at,
  }));
}

/** Units in the company's warehouses per product (of these products). */
export async function warehouseStock(
  db: Executor,
  companyId: number,
  productIds: number[],
): Promise<Map<number, number>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .select({ product_id: inventoryItems.product_id, n: sql<number>`count(*)::int` })
    .from(inventoryItems)
    .innerJoin(
      stockLocations,
      and(
        tenantScope(stockLocations, inventoryItems.company_id),
        eq(stockLocations.id, inventoryItems.location_id),
      ),
    )
    .where(
      and(
        tenantScope(inventoryItems, companyId),
        eq(stockLocations.kind, 'warehouse'),
        inArray(inventoryItems.product_id, productIds),
      ),
    )
    .groupBy(inventoryItems.product_id);
  return new Map(rows.map((row) => [row.product_id, Number(row.n)]));
}

/** GET /fulfill-order/{id}: each ordered product with what is shipped and what the warehouses hold. */
export async function pickList(db: Database, ctx: RequestContext, id: number) {
  return db.transaction(async (tx) => {
    const order = await lockOrderForStock(tx, ctx, id, false);
    const productIds = [...order.quantities.keys()];
    const names = await productNamesOf(tx, ctx.companyId, productIds);
    const inWarehouse = await warehouseStock(tx, ctx.companyId, productIds);
    const shippedRows = await tx
      .select({ product_id: inventoryItems.product_id, n: sql<number>`count(*)::int` })
      .from(inventoryItems)
      .where(and(tenantScope(inventoryItems, ctx.companyId), eq(inventoryItems.order_id, id)))
      .groupBy(inventoryItems.product_id);
    const shipped = new Map(shippedRows.map((row) => [row.product_id, Number(row.n)]));
    let ordered = 0;
    for (const quantity of order.quantities.values()) ordered += quantity;
    return {
      order: {
        id: order.id,
        store_id: order.store_id,
        store_name: null,
        kind: order.kind,
        status: order.status,
        total_cents: order.total_cents,
        ordered,
        shipped: [...shipped.values()].reduce((a, b) => a + b, 0),
        created_at: order.created_at,
      },
      lines: productIds.map((productId) => ({
        product_id: productId,
        product_name: names.get(productId) ?? '',
        ordered: order.quantities.get(productId) ?? 0,
        shipped: shipped.get(productId) ?? 0,
        in_warehouse: inWarehouse.get(productId) ?? 0,
      })),
    };
  });
}

/**
 * POST /fulfill-order/{id}: the picked serials leave the warehouse for the order's in-transit
 * location and the order moves (Accept if submitted, then Ship) in one transaction. The order and
 * the units are locked (FOR UPDATE): two clerks cannot ship one serial twice. Each product's count
 * must equal its ordered quantity, or be at most it when `partial`: then what is not picked stays
 * on order as a backorder (orders/api.ts createBackorder) in the same transaction; the answer
 * names it (`backorder_id`, null when none).
 */
export async function fulfilOrder(
  db: Database,
  ctx: RequestContext,
  id: number,
  input: { serials: string[]; partial: boolean },
) {
  return db.transaction(async (tx) => {
    const order = await lockOrderForStock(tx, ctx, id);
    if (order.status !== 'submitted' && order.status !== 'pending_shipment')
      throw AppError.conflict(
        `Order #${id} is ${order.status.replace('_', ' ')}; it cannot be fulfilled`,
      );
    const serials = distinctSerials(input.serials);
    const items = await lockSerials(tx, ctx, serials);
    const bySerial = new Map(items.map((item) => [item.serial, item]));
    const unknown = serials.find((serial) => !bySerial.has(serial));
    if (unknown)
      throw AppError.badRequest(`Serial ${unknown} not found`, {
        serials: [`Serial ${unknown} not found`],
      });
    const locations = new Map((await listLocations(tx, ctx)).map((l) => [l.id, l]));
    const names = await productNamesOf(tx, ctx.companyId, [
      ...order.quantities.keys(),
      ...items.map((item) => item.product_id),
    ]);
    const picked = new Map<number, number>();
    for (const item of items) {
      if (locations.get(item.location_id)?.kind !== 'warehouse')
        throw AppError.conflict(`Serial ${item.serial} is not in the warehouse`, {
          serial: item.serial,
        });
      if (!order.quantities.has(item.product_id))
        throw AppError.badRequest(
          `Serial ${item.serial} is a ${names.get(item.product_id) ?? 'product'}, not on this order`,
          { serials: [`Serial ${item.serial} is not on this order`] },
        );
      picked.set(item.product_id, (picked.get(item.product_id) ?? 0) + 1);
    }
    for (const [productId, quantity] of order.quantities) {
      const count = picked.get(productId) ?? 0;
      const name = names.get(productId) ?? `product #${productId}`;
      if (count > quantity)
        throw AppError.badRequest(
          `Too many units of ${name}: ${quantity} ordered, ${count} picked`,
        );
      if (!input.partial && count !== quantity)
        throw AppError.badRequest(`Pick ${quantity} units of ${name} (${count} picked)`);
    }
    const inTransit = await locationOf(tx, ctx.companyId, { order_id: id });
    await moveUnits(tx, ctx, items, inTransit, 'Shipped to store', id);
    if (order.status === 'submitted') await moveOrder(tx, ctx, id, 'pending_shipment');
    const remaining = new Map(
      [...order.quantities].map(([productId, quantity]) => [
        productId,
        quantity - (picked.get(productId) ?? 0),
      ]),
    );
    const backorderId = input.partial ? await createBackorder(tx, ctx, id, remaining) : null;
    const shippedNote = `${items.length} unit${items.length === 1 ? '' : 's'} shipped`;
    const note = !input.partial
      ? shippedNote
      : backorderId === null
        ? `${shippedNote} (partial)`
        : `${shippedNote} (partial); the rest on backorder #${backorderId}`;
    const shipped = await moveOrder(tx, ctx, id, 'shipped', note);
    return { order: shipped, backorder_id: backorderId };
  });
}

/** The serials shipped on an order that are still in its in-transit location (its manifest). */
async function manifestOf(tx: Executor, ctx: RequestContext, orderId: number) {
  const [transit] = await tx
    .select({ id: stockLocations.id })
    .from(stockLocations)
    .where(and(tenantScope(stockLocations, ctx.companyId), eq(stockLocations.order_id, orderId)));
  if (!transit) return [] as Item[];
  return tx
    .select()
    .from(inventoryItems)
    .where(
      and(tenantScope(inventoryItems, ctx.companyId), eq(inventoryItems.location_id, transit.id)),
    )
    .orderBy(asc(inventoryItems.serial));
}

/** Classes scanned serials against the manifest: matched, missing, unexpected, wrong product. */
function classify(
  manifest: Item[],
  scanned: string[],
  known: Map<string, Item>,
  ordered: Map<number, number>,
): ManifestCheck {
  const onManifest = new Set(manifest.map((item) => item.serial));
  const seen = new Set(scanned);
  const result: ManifestCheck = { matched: [], missing: [], unexpected: [], wrong_product: [] };
  for (const serial of scanned) {
    if (onManifest.has(serial)) result.matched.push(serial);
    else {
      const item = known.get(serial);
      if (item && !ordered.has(item.product_id)) result.wrong_product.push(serial);
      else result.unexpected.push(serial);
    }
  }
  result.missing = manifest.map((item) => item.serial).filter((serial) => !seen.has(serial));
  return result;
}

/** POST /receive-order/{id}/check: the classes so far, nothing written (the screen as you scan). */
export async function checkReceipt(
  db: Database,
  ctx: RequestContext,
  id: number,
  serials: string[],
) {
  return db.transaction(async (tx) => {
    const order = await lockOrderForStock(tx, ctx, id, false);
    const scanned = distinctSerials(serials);
    const manifest = await manifestOf(tx, ctx, id);
    const known = new Map(
      (scanned.length
        ? await tx
            .select()
            .from(inventoryItems)
            .where(
              and(
                tenantScope(inventoryItems, ctx.companyId),
                inArray(inventoryItems.serial, scanned),
              ),
            )
        : []
      ).map((item) => [item.serial, item]),
    );
    return classify(manifest, scanned, known, order.quantities);
  });
}

/**
 * POST /receive-order/{id}: the store's scan against the manifest. Matched units enter the store's
 * stock; all matched and nothing else: the order is received; otherwise it goes under review with
 * a discrepancy record. One transaction; the order and the units are locked.
 */
export async function receiveOrder(
  db: Database,
  ctx: RequestContext,
  id: number,
  serials: string[],
) {
  return db.transaction(async (tx) => {
    const order = await lockOrderForStock(tx, ctx, id);
    if (order.status !== 'shipped')
      throw AppError.conflict(
        `Order #${id} is ${order.status.replace('_', ' ')}; it cannot be received`,
      );
    const scanned = distinctSerials(serials);
    const manifest = await manifestOf(tx, ctx, id);
    const known = new Map((await lockSerials(tx, ctx, scanned)).map((item) => [item.serial, item]));
    const check = classify(manifest, scanned, known, order.quantities);
    const store = await locationOf(tx, ctx.companyId, { store_id: order.store_id });
    const matched = new Set(check.matched);
    await moveUnits(
      tx,
      ctx,
      manifest.filter((item) => matched.has(item.serial)),
      store,
      'Received by store',
      id,
    );
    const clean = !check.missing.length && !check.unexpected.length && !check.wrong_product.length;
    let discrepancyId: number | null = null;
    if (!clean) {
      const [row] = await tx
        .insert(orderDiscrepancies)
        .values({
          company_id: ctx.companyId,
          order_id: id,
          missing: check.missing,
          unexpected: check.unexpected,
          wrong_product: check.wrong_product,
          reported_by: ctx.userId,
        })
        .returning({ id: orderDiscrepancies.id });
      discrepancyId = row?.id ?? null;
    }
    const note = clean
      ? `${check.matched.length} received`
      : `${check.matched.length} received, ${check.missing.length} missing, ${check.unexpected.length} unexpected, ${check.wrong_product.length} wrong product`;
    const moved = await moveOrder(tx, ctx, id, clean ? 'received' : 'under_review', note);
    return { ...check, status: String(moved.status), discrepancy_id: discrepancyId };
  });
}

export async function discrepancyOf(db: Database, ctx: RequestContext, orderId: number) {
  const [row] = await db
    .select()
    .from(orderDiscrepancies)
    .where(
      and(tenantScope(orderDiscrepancies, ctx.companyId), eq(orderDiscrepancies.order_id, orderId)),
    );
  if (!row) throw AppError.notFound('Discrepancy');
  return presentDiscrepancy(row);
}

const presentDiscrepancy = (row: typeof orderDiscrepancies.$inferSelect) => ({
  id: row.id,
  order_id: row.order_id,
  missing: row.missing,
  unexpected: row.unexpected,
  wrong_product: row.wrong_product,
  resolution: row.resolution as 'reship' | 'credit' | 'accept' | null,
  created_at: row.created_at,
});

/**
 * The warehouse resolves an order under review: re-ship (the missing units go back to the
 * warehouse, to be shipped again), credit or accept (they stay recorded in transit, lost); the
 * order becomes received (the Resolve move).
 */
export async function resolveDiscrepancy(
  db: Database,
  ctx: RequestContext,
  orderId: number,
  resolution: 'reship' | 'credit' | 'accept',
) {
  return db.transaction(async (tx) => {
    const order = await lockOrderForStock(tx, ctx, orderId);
    const [row] = await tx
      .select()
      .from(orderDiscrepancies)
      .where(
        and(
          tenantScope(orderDiscrepancies, ctx.companyId),
          eq(orderDiscrepancies.order_id, orderId),
        ),
      )
      .for('update');
    if (!row) throw AppError.notFound('Discrepancy');
    if (row.resolution || order.status !== 'under_review')
      throw AppError.conflict('This discrepancy is already resolved');
    if (resolution === 'reship') {
      const missing = await lockSerials(tx, ctx, row.missing);
      const [warehouse] = (await listLocations(tx, ctx)).filter((l) => l.kind === 'warehouse');
      if (!warehouse) throw AppError.conflict('The company has no warehouse');
      await moveUnits(tx, ctx, missing, warehouse.id, 'Returned for re-shipment', null);
    }
    const [updated] = await tx
      .update(orderDiscrepancies)
      .set({ resolution, resolved_by: ctx.userId, updated_at: sql`now()` })
      .where(and(tenantScope(orderDiscrepancies, ctx.companyId), eq(orderDiscrepancies.id, row.id)))
      .returning();
    await moveOrder(tx, ctx, orderId, 'received', `Discrepancy resolved: ${resolution}`);
    if (!updated) throw AppError.notFound('Discrepancy');
    return presentDiscrepancy(updated);
  });
}
