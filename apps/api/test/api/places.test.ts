import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Brand,
  CustomerWarehouse,
  InternalInventory,
  Warehouse,
} from '@portal/contract/resources/places';
import type { Product } from '@portal/contract/resources/catalog';
import type { PurchaseOrder, SkuMatch } from '@portal/contract/resources/purchasing';
import { inventoryItems, stockLocations } from '../../src/modules/inventory/schema.ts';
import { warehouseStockMovements } from '../../src/modules/purchasing/schema.ts';
import { signInPerson, type Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Reply<T> = { success: boolean; message: string; data: T };
type List<T> = { results: T[]; total: number };
let t: TestApp;
let dataDir: string;
let agent: Person;
let warehouseAccount: Person;
let northwind: Person;
let nobody: Person;
let productId: number;
let foreignProductId: number;
let supplierId: number;

const call = <T>(method: string, path: string, who: Person, body?: unknown) =>
  t.call<Reply<T>>(method, `/api${path}`, { token: who.token, body });
const post = <T>(path: string, body: unknown, who: Person = agent) =>
  call<T>('POST', path, who, body);
const patch = <T>(path: string, body: unknown, who: Person = agent) =>
  call<T>('PATCH', path, who, body);
const get = <T>(path: string, who: Person = agent) => call<T>('GET', path, who);
const del = (path: string, who: Person = agent) => call<unknown>('DELETE', path, who);

let unique = 0;
const named = (what: string) => `${what} ${Date.now()}-${++unique}`;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-places-'));
  t = await startTestApp({ DATA_DIR: dataDir });
  [agent, warehouseAccount, northwind, nobody] = await Promise.all([
    signInPerson(t, 'agent@demo.example'),
    signInPerson(t, 'warehouse@demo.example'),
    signInPerson(t, 'admin@northwind.example'),
    signInPerson(t, 'user@demo.example'),
  ]);
  const made = await post<{ id: number }>('/products', {
    name: named('Places Phone'),
    sku: `PLC-${Date.now()}`,
    price_cents: 4999,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  productId = made.body.data.id;
  const foreign = await post<{ id: number }>(
    '/products',
    { name: named('Northwind Phone'), sku: `NW-${Date.now()}`, price_cents: 100 },
    northwind,
  );
  expect(foreign.status, JSON.stringify(foreign.body)).toBe(200);
  foreignProductId = foreign.body.data.id;
  const supplier = await post<{ id: number }>('/inventory-suppliers', {
    name: named('Places Supplier'),
  });
  expect(supplier.status, JSON.stringify(supplier.body)).toBe(200);
  supplierId = supplier.body.data.id;
});

/** A product of the demo company, counted by quantity unless `serialised`. */
async function newProduct(what: string, serialised = false) {
  const made = await post<Product>('/products', {
    name: named(what),
    sku: `PLC-${Date.now().toString(36)}-${++unique}`,
    price_cents: 1500,
    is_serialized: serialised,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.data;
}

/** Counted stock as a user puts it there: a purchase order for it, sent and received whole. */
async function receiveInto(warehouseId: number, product: number, quantity: number) {
  const order = await post<PurchaseOrder>('/inventory-purchase-orders', {
    supplier_id: supplierId,
    warehouse_id: warehouseId,
    lines: [{ product_id: product, quantity, unit_cost_cents: 100 }],
  });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const move = (to: string) =>
    post(`/inventory-purchase-orders/${order.body.data.id}/transition`, { to });
  if (order.body.data.needs_approval) expect((await move('pending_approval')).status).toBe(200);
  expect((await move('approved')).status).toBe(200);
  expect((await move('sent')).status).toBe(200);
  const line = order.body.data.lines?.[0];
  if (!line) throw new Error('order line missing');
  const received = await post('/inventory-purchase-order-receipts', {
    purchase_order_id: order.body.data.id,
    lines: [{ purchase_order_line_id: line.id, accepted_quantity: quantity }],
  });
  expect(received.status, JSON.stringify(received.body)).toBe(200);
}

/** What the warehouses hold of a product, as the stock SKU search shows it. */
async function onHand(product: Product) {
  const found = await get<SkuMatch[]>(
    `/inventory-stock/sku-search?q=${encodeURIComponent(product.sku)}`,
  );
  expect(found.status, JSON.stringify(found.body)).toBe(200);
  return found.body.data.find((row) => row.id === product.id)?.on_hand ?? 0;
}

/** The counted-stock movements of a product, oldest first. */
const movementsOf = (product: number) =>
  t.database.db
    .select({
      location_id: warehouseStockMovements.location_id,
      delta: warehouseStockMovements.delta,
      reason: warehouseStockMovements.reason,
      user_id: warehouseStockMovements.user_id,
    })
    .from(warehouseStockMovements)
    .where(
      and(
        eq(warehouseStockMovements.company_id, agent.companyId),
        eq(warehouseStockMovements.product_id, product),
      ),
    )
    .orderBy(warehouseStockMovements.id);

const warehouseNamed = async (what: string) => {
  const made = await post<Warehouse>('/inventory-warehouses', { name: named(what) });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.data;
};

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('warehouses (/inventory-warehouses)', () => {
  it('creates, lists, searches, views, edits and deletes a warehouse of the company', async () => {
    const name = named('East Dock');
    const made = await post<Warehouse>(
      '/inventory-warehouses',
      { name, contact_name: 'Ed Dock', phone: '+1 555 0101', address: '9 Harbor St' },
      warehouseAccount,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.message).toBe('Warehouse created');
    expect(made.body.data).toMatchObject({ name, contact_name: 'Ed Dock', address: '9 Harbor St' });
    const id = made.body.data.id;

    const listed = await get<List<Warehouse>>(
      `/inventory-warehouses?search=${encodeURIComponent('Harbor')}`,
    );
    expect(listed.body.data.results.map((row) => row.id)).toContain(id);
    // A receiving place for purchase orders at once.
    const receiving = await get<List<{ id: number }>>('/purchasing-warehouses');
    expect(receiving.body.data.results.map((row) => row.id)).toContain(id);

    const edited = await patch<Warehouse>(`/inventory-warehouses/${id}`, {
      phone: '+1 555 0199',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe('Warehouse updated');
    expect((await get<Warehouse>(`/inventory-warehouses/${id}`)).body.data.phone).toBe(
      '+1 555 0199',
    );

    const removed = await del(`/inventory-warehouses/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Warehouse deleted');
    expect((await get(`/inventory-warehouses/${id}`)).status).toBe(404);
  });

  it('refuses a missing name and a second warehouse of the same name', async () => {
    const empty = await post('/inventory-warehouses', { name: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('Name is required');
    const name = named('Twin');
    expect((await post('/inventory-warehouses', { name })).status).toBe(200);
    const twin = await post('/inventory-warehouses', { name: name.toUpperCase() });
    expect(twin.status).toBe(409);
    expect(twin.body.message).toBe(`A warehouse named ${name.toUpperCase()} already exists`);
  });

  it('keeps a warehouse a purchase order names (409), so the order keeps its place', async () => {
    const warehouse = await post<Warehouse>('/inventory-warehouses', { name: named('Inbound') });
    const supplier = await post<{ id: number }>('/inventory-suppliers', {
      name: named('Places Supplier'),
    });
    const order = await post<{ id: number }>('/inventory-purchase-orders', {
      supplier_id: supplier.body.data.id,
      warehouse_id: warehouse.body.data.id,
      lines: [{ product_id: productId, quantity: 2, unit_cost_cents: 1000 }],
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const refused = await del(`/inventory-warehouses/${warehouse.body.data.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `${warehouse.body.data.name} is named by purchase orders; it cannot be deleted`,
    );
    expect((await get(`/inventory-warehouses/${warehouse.body.data.id}`)).status).toBe(200);
  });

  it("shows only warehouses: a store's stock location is not one (404)", async () => {
    const locations = await get<{ id: number; kind: string }[]>('/stock-locations');
    const others = locations.body.data.filter((row) => row.kind !== 'warehouse');
    const listed = await get<List<Warehouse>>('/inventory-warehouses?perPage=500');
    const ids = listed.body.data.results.map((row) => row.id);
    for (const other of others) {
      expect(ids).not.toContain(other.id);
      expect((await get(`/inventory-warehouses/${other.id}`)).status).toBe(404);
    }
  });

  it("answers 404 for another company's warehouse and 403 without the permission", async () => {
    const made = await post<Warehouse>('/inventory-warehouses', { name: named('Private') });
    const id = made.body.data.id;
    expect((await get(`/inventory-warehouses/${id}`, northwind)).status).toBe(404);
    expect((await patch(`/inventory-warehouses/${id}`, { name: 'Taken' }, northwind)).status).toBe(
      404,
    );
    expect((await del(`/inventory-warehouses/${id}`, northwind)).status).toBe(404);
    const theirs = await get<List<Warehouse>>('/inventory-warehouses?perPage=500', northwind);
    expect(theirs.body.data.results.map((row) => row.id)).not.toContain(id);

    expect((await get('/inventory-warehouses', nobody)).status).toBe(403);
    expect((await post('/inventory-warehouses', { name: named('Nope') }, nobody)).status).toBe(403);
  });
});

describe('customer warehouses (/inventory-customer-warehouses)', () => {
  it('creates, finds by customer, edits and deletes', async () => {
    const name = named('Clinic Stockroom');
    const made = await post<CustomerWarehouse>(
      '/inventory-customer-warehouses',
      {
        name,
        customer_name: 'Riverside Clinic',
        email: 'stock@riverside.example',
        address: '5 River Rd',
      },
      warehouseAccount,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.message).toBe('Customer warehouse created');
    const id = made.body.data.id;
    const found = await get<List<CustomerWarehouse>>(
      '/inventory-customer-warehouses?search=Riverside',
    );
    expect(found.body.data.results.map((row) => row.id)).toContain(id);

    const edited = await patch<CustomerWarehouse>(`/inventory-customer-warehouses/${id}`, {
      note: 'Deliveries before 10am',
    });
    expect(edited.body.message).toBe('Customer warehouse updated');
    expect(edited.body.data.note).toBe('Deliveries before 10am');

    expect((await get(`/inventory-customer-warehouses/${id}`, northwind)).status).toBe(404);
    const removed = await del(`/inventory-customer-warehouses/${id}`);
    expect(removed.body.message).toBe('Customer warehouse deleted');
    expect((await get(`/inventory-customer-warehouses/${id}`)).status).toBe(404);
  });

  it('needs a customer and a valid email', async () => {
    const noCustomer = await post<unknown>('/inventory-customer-warehouses', {
      name: named('Orphan'),
    });
    expect(noCustomer.status).toBe(400);
    expect(noCustomer.body.message).toContain('Customer is required');
    const badEmail = await post('/inventory-customer-warehouses', {
      name: named('Bad Mail'),
      customer_name: 'Someone',
      email: 'not-an-email',
    });
    expect(badEmail.status).toBe(400);
    expect((await get('/inventory-customer-warehouses', nobody)).status).toBe(403);
  });
});

describe('brands (/inventory-brands)', () => {
  it('creates, refuses a duplicate, edits and deletes', async () => {
    const name = named('Nokia');
    const made = await post<Brand>('/inventory-brands', { name, website: 'https://nokia.example' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.message).toBe('Brand created');
    const id = made.body.data.id;
    const twin = await post('/inventory-brands', { name });
    expect(twin.status).toBe(409);
    expect(twin.body.message).toBe('A record with these details already exists');
    const badLink = await post('/inventory-brands', {
      name: named('Bad'),
      website: 'javascript:x',
    });
    expect(badLink.status).toBe(400);

    const edited = await patch<Brand>(`/inventory-brands/${id}`, { description: 'Phones' });
    expect(edited.body.message).toBe('Brand updated');
    const listed = await get<List<Brand>>(`/inventory-brands?search=${encodeURIComponent(name)}`);
    expect(listed.body.data.results).toEqual([
      expect.objectContaining({ id, description: 'Phones' }),
    ]);

    expect((await patch(`/inventory-brands/${id}`, { name: 'X' }, northwind)).status).toBe(404);
    expect((await get('/inventory-brands', nobody)).status).toBe(403);
    expect((await del(`/inventory-brands/${id}`)).body.message).toBe('Brand deleted');
  });

  it("names a product's brand in the product list, filters by it, and refuses another company's brand", async () => {
    const brand = await post<Brand>('/inventory-brands', { name: named('Fairphone') });
    expect(brand.status, JSON.stringify(brand.body)).toBe(200);
    const made = await post<Product>('/products', {
      name: named('Branded Phone'),
      sku: `BRD-${Date.now().toString(36)}-${++unique}`,
      price_cents: 30_000,
      brand_id: brand.body.data.id,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({
      brand_id: brand.body.data.id,
      brand_name: brand.body.data.name,
    });
    const listed = await get<List<Product>>(`/products?filter[brand_id]=${brand.body.data.id}`);
    expect(listed.body.data.results.map((row) => [row.id, row.brand_name])).toEqual([
      [made.body.data.id, brand.body.data.name],
    ]);

    const theirs = await post<Brand>('/inventory-brands', { name: named('Nordic') }, northwind);
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    const crossed = await patch(`/products/${made.body.data.id}`, {
      brand_id: theirs.body.data.id,
    });
    expect(crossed.status).toBe(400);
    expect((crossed.body as unknown as { errors: object }).errors).toHaveProperty('brand_id');
    const crossedNew = await post('/products', {
      name: named('Crossed Phone'),
      sku: `BRD-X-${Date.now().toString(36)}-${++unique}`,
      price_cents: 100,
      brand_id: theirs.body.data.id,
    });
    expect(crossedNew.status).toBe(400);
    expect((await get<Product>(`/products/${made.body.data.id}`)).body.data.brand_id).toBe(
      brand.body.data.id,
    );
  });

  it('keeps a brand products name (409 saying how many) until they have another', async () => {
    const brand = await post<Brand>('/inventory-brands', { name: named('Kept Brand') });
    const name = brand.body.data.name;
    const ids: number[] = [];
    for (const n of [1, 2]) {
      const made = await post<Product>('/products', {
        name: named(`Kept Phone ${n}`),
        sku: `KPT-${Date.now().toString(36)}-${++unique}`,
        price_cents: 100,
        brand_id: brand.body.data.id,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      ids.push(made.body.data.id);
    }
    const refused = await del(`/inventory-brands/${brand.body.data.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `${name} is the brand of 2 products; give them another brand first`,
    );
    expect((await get(`/inventory-brands/${brand.body.data.id}`)).status).toBe(200);
    // A deactivated product still names it.
    expect((await patch(`/products/${ids[0]}`, { brand_id: null })).status).toBe(200);
    expect((await del(`/products/${ids[1]}`)).status).toBe(200);
    const still = await del(`/inventory-brands/${brand.body.data.id}`);
    expect(still.body.message).toBe(
      `${name} is the brand of 1 product; give it another brand first`,
    );
    expect((await patch(`/products/${ids[1]}`, { brand_id: null })).status).toBe(200);
    const gone = await del(`/inventory-brands/${brand.body.data.id}`);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(gone.body.message).toBe('Brand deleted');
  });

  it('the demo company has its brands', async () => {
    const listed = await get<List<Brand>>('/inventory-brands?search=Apple');
    expect(listed.body.data.results.map((row) => row.name)).toContain('Apple');
    const apple = listed.body.data.results.find((row) => row.name === 'Apple');
    const phones = await get<List<Product>>(`/products?filter[brand_id]=${apple?.id}`);
    expect(phones.body.data.results.map((row) => row.sku)).toContain('APL-IP16-128');
  });
});

describe('internal inventory (/inventory-internal-inv)', () => {
  it('records stock set aside from a warehouse, with names, and keeps it as written', async () => {
    const warehouse = await post<Warehouse>('/inventory-warehouses', { name: named('Office') });
    await receiveInto(warehouse.body.data.id, productId, 3);
    const made = await post<InternalInventory>(
      '/inventory-internal-inv',
      {
        product_id: productId,
        warehouse_id: warehouse.body.data.id,
        quantity: 3,
        purpose: 'Demo units for the sales floor',
      },
      warehouseAccount,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.message).toBe('Internal inventory created');
    const id = made.body.data.id;
    const view = await get<InternalInventory>(`/inventory-internal-inv/${id}`);
    expect(view.body.data).toMatchObject({
      quantity: 3,
      purpose: 'Demo units for the sales floor',
      warehouse_name: warehouse.body.data.name,
      created_by: warehouseAccount.id,
    });
    expect(view.body.data.product_name).toContain('Places Phone');
    expect(view.body.data.created_by_name).toBeTruthy();
    const listed = await get<List<InternalInventory>>('/inventory-internal-inv');
    expect(listed.body.data.results[0]?.id).toBe(id);

    // No edit or delete route: what was set aside stays on record.
    expect((await patch(`/inventory-internal-inv/${id}`, { quantity: 1 })).status).toBe(404);
    expect((await del(`/inventory-internal-inv/${id}`)).status).toBe(404);
    // Nor can its warehouse go (the stock came by a purchase order, the first reason given).
    const gone = await del(`/inventory-warehouses/${warehouse.body.data.id}`);
    expect(gone.status).toBe(409);
    expect(gone.body.message).toBe(
      `${warehouse.body.data.name} is named by purchase orders; it cannot be deleted`,
    );

    expect((await get(`/inventory-internal-inv/${id}`, northwind)).status).toBe(404);
    expect((await get('/inventory-internal-inv', nobody)).status).toBe(403);
  });

  it('takes the set-aside quantity out of the warehouse stock, with a movement saying why and who', async () => {
    const warehouse = await warehouseNamed('Stockroom');
    const cable = await newProduct('Office Cable');
    await receiveInto(warehouse.id, cable.id, 5);
    expect(await onHand(cable)).toBe(5);
    const made = await post<InternalInventory>(
      '/inventory-internal-inv',
      { product_id: cable.id, warehouse_id: warehouse.id, quantity: 2, purpose: 'Meeting room' },
      warehouseAccount,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(await onHand(cable)).toBe(3);
    expect((await movementsOf(cable.id)).at(-1)).toEqual({
      location_id: warehouse.id,
      delta: -2,
      reason: `Internal inventory #${made.body.data.id}: Meeting room`,
      user_id: warehouseAccount.id,
    });
  });

  it('refuses more than the warehouse holds, naming the quantity, and writes nothing', async () => {
    const warehouse = await warehouseNamed('Small Shelf');
    const cable = await newProduct('Shelf Cable');
    await receiveInto(warehouse.id, cable.id, 2);
    const before = await get<List<InternalInventory>>('/inventory-internal-inv');
    const movements = (await movementsOf(cable.id)).length;
    const refused = await post('/inventory-internal-inv', {
      product_id: cable.id,
      warehouse_id: warehouse.id,
      quantity: 3,
      purpose: 'Too many',
    });
    expect(refused.status).toBe(400);
    const message = `${warehouse.name} holds 2 of ${cable.name}; 3 cannot be set aside`;
    expect(refused.body.message).toBe(message);
    expect((refused.body as unknown as { errors: unknown }).errors).toEqual({
      quantity: [message],
    });
    expect(await onHand(cable)).toBe(2);
    expect(await movementsOf(cable.id)).toHaveLength(movements);
    const after = await get<List<InternalInventory>>('/inventory-internal-inv');
    expect(after.body.data.total).toBe(before.body.data.total);

    // An empty warehouse holds 0.
    const empty = await warehouseNamed('Empty Shelf');
    const none = await post('/inventory-internal-inv', {
      product_id: cable.id,
      warehouse_id: empty.id,
      quantity: 1,
      purpose: 'Nothing there',
    });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(`${empty.name} holds 0 of ${cable.name}; 1 cannot be set aside`);
  });

  it('refuses a serialised product: its units are set aside by serial', async () => {
    const warehouse = await warehouseNamed('Phone Cage');
    const phone = await newProduct('Serial Phone', true);
    const refused = await post('/inventory-internal-inv', {
      product_id: phone.id,
      warehouse_id: warehouse.id,
      quantity: 1,
      purpose: 'Office phone',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      `${phone.name} is tracked by serial number; internal inventory sets aside products counted by quantity only`,
    );
  });

  it('takes units kept one by one (a count) after the counted stock, to the internal location', async () => {
    const warehouse = await warehouseNamed('Count Shelf');
    const adapter = await newProduct('Counted Adapter');
    await receiveInto(warehouse.id, adapter.id, 1);
    const stamp = Date.now().toString(36);
    const added = await post('/inventory-items', {
      product_id: adapter.id,
      location_id: warehouse.id,
      serials: [`ADP-${stamp}-1`, `ADP-${stamp}-2`],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(await onHand(adapter)).toBe(3);
    const made = await post('/inventory-internal-inv', {
      product_id: adapter.id,
      warehouse_id: warehouse.id,
      quantity: 2,
      purpose: 'Front desk',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(await onHand(adapter)).toBe(1);
    const units = await t.database.db
      .select({ serial: inventoryItems.serial, kind: stockLocations.kind })
      .from(inventoryItems)
      .innerJoin(
        stockLocations,
        and(
          eq(stockLocations.company_id, inventoryItems.company_id),
          eq(stockLocations.id, inventoryItems.location_id),
        ),
      )
      .where(
        and(
          eq(inventoryItems.company_id, agent.companyId),
          eq(inventoryItems.product_id, adapter.id),
        ),
      )
      .orderBy(inventoryItems.id);
    // The counted unit went first, then the oldest unit of the count.
    expect(units).toEqual([
      { serial: `ADP-${stamp}-1`, kind: 'internal' },
      { serial: `ADP-${stamp}-2`, kind: 'warehouse' },
    ]);
  });

  it('of two set-asides of the last units at once, one is recorded and the other refused', async () => {
    const warehouse = await warehouseNamed('Last Units');
    const cable = await newProduct('Last Cable');
    await receiveInto(warehouse.id, cable.id, 2);
    const body = (purpose: string) => ({
      product_id: cable.id,
      warehouse_id: warehouse.id,
      quantity: 2,
      purpose,
    });
    const replies = await Promise.all([
      post('/inventory-internal-inv', body('First desk')),
      post('/inventory-internal-inv', body('Second desk'), warehouseAccount),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 400]);
    const refused = replies.find((reply) => reply.status === 400);
    expect(refused?.body.message).toBe(
      `${warehouse.name} holds 0 of ${cable.name}; 2 cannot be set aside`,
    );
    expect(await onHand(cable)).toBe(0);
    const recorded = await get<List<InternalInventory>>(
      `/inventory-internal-inv?filter[product_id]=${cable.id}`,
    );
    expect(recorded.body.data.total).toBe(1);
    expect((await movementsOf(cable.id)).map((row) => row.delta)).toEqual([2, -2]);
  });

  it('refuses bad quantities, a store location, and products of another company', async () => {
    const warehouse = await post<Warehouse>('/inventory-warehouses', { name: named('Spare') });
    const base = {
      product_id: productId,
      warehouse_id: warehouse.body.data.id,
      quantity: 1,
      purpose: 'Office phone',
    };
    const zero = await post('/inventory-internal-inv', { ...base, quantity: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toContain('Quantity must be at least 1');
    const half = await post('/inventory-internal-inv', { ...base, quantity: 1.5 });
    expect(half.status).toBe(400);
    expect(half.body.message).toContain('Enter a whole quantity');
    const noPurpose = await post('/inventory-internal-inv', { ...base, purpose: '' });
    expect(noPurpose.status).toBe(400);
    expect(noPurpose.body.message).toContain('Purpose is required');

    const foreign = await post('/inventory-internal-inv', {
      ...base,
      product_id: foreignProductId,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('Product not found');

    const locations = await get<{ id: number; kind: string }[]>('/stock-locations');
    const store = locations.body.data.find((row) => row.kind !== 'warehouse');
    if (store) {
      const notAWarehouse = await post('/inventory-internal-inv', {
        ...base,
        warehouse_id: store.id,
      });
      expect(notAWarehouse.status).toBe(400);
    }
    const theirs = await post<Warehouse>(
      '/inventory-warehouses',
      { name: named('Northwind Dock') },
      northwind,
    );
    const crossed = await post('/inventory-internal-inv', {
      ...base,
      warehouse_id: theirs.body.data.id,
    });
    expect(crossed.status).toBe(400);
    expect(crossed.body.message).toBe('Warehouse not found');
  });
});
