import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Brand,
  CustomerWarehouse,
  InternalInventory,
  Warehouse,
} from '@portal/contract/resources/places';
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
});

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

  it('the demo company has its brands', async () => {
    const listed = await get<List<Brand>>('/inventory-brands?search=Apple');
    expect(listed.body.data.results.map((row) => row.name)).toContain('Apple');
  });
});

describe('internal inventory (/inventory-internal-inv)', () => {
  it('records stock set aside from a warehouse, with names, and keeps it as written', async () => {
    const warehouse = await post<Warehouse>('/inventory-warehouses', { name: named('Office') });
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
    // Nor can its warehouse go.
    const gone = await del(`/inventory-warehouses/${warehouse.body.data.id}`);
    expect(gone.status).toBe(409);
    expect(gone.body.message).toBe(
      `${warehouse.body.data.name} is named by internal inventory; it cannot be deleted`,
    );

    expect((await get(`/inventory-internal-inv/${id}`, northwind)).status).toBe(404);
    expect((await get('/inventory-internal-inv', nobody)).status).toBe(403);
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
