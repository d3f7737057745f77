import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourcePermissionName } from '@portal/contract/permissions';
import { resourceServices } from '../../src/modules.ts';
import { stockWarehouse } from '../support/warehouse-stock.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { b2bAccount, payB2BInvoice } from './b2b-fixtures.ts';
import {
  completeSale,
  completedSale,
  firstStore,
  makeProduct,
  nextIccid,
  nextImei,
  stockedAccessory,
  stockUnits,
} from './sales-fixtures.ts';

interface Tokens {
  writer: string;
  noPermission: string;
  otherTenant: string;
}

/** What the generic suite needs to know of a resource: a valid create and update payload. */
interface Sample {
  create(t: TestApp, token: string): Promise<Record<string, unknown>>;
  /** A valid change; computed when it names other rows (assignments: another store, region...). */
  update:
    | Record<string, unknown>
    | ((
        t: TestApp,
        token: string,
        created: Record<string, unknown>,
      ) => Promise<Record<string, unknown>>);
  /** Who may write it (companies: only the super admin). */
  writer?: 'super_admin';
  /** Resources with lines: a new line for a payload, and the unit price the server must charge. */
  lines?: {
    line(t: TestApp, token: string): Promise<Record<string, unknown>>;
    unitPrice(t: TestApp, token: string, line: Record<string, unknown>): Promise<number>;
  };
  /** Bodies of the resource's actions, by name (an empty object when left out); built from the row. */
  actions?: Record<
    string,
    | Record<string, unknown>
    | ((
        t: TestApp,
        token: string,
        row: Record<string, unknown>,
      ) => Promise<Record<string, unknown>>)
  >;
  /**
   * Statuses no declared move reaches (a purchase order's received ones come from receipts): how
   * the suite brings a new row there; it checks every move out of them and that none leads in.
   */
  reach?: Record<string, (t: TestApp, token: string, id: number) => Promise<void>>;
  /** Actions not allowed in the initial status: how a new row gets where the action is. */
  actionFrom?: Record<string, (t: TestApp, token: string, id: number) => Promise<void>>;
}

/** The first role the writer may give (GET /user-roles: never one above their own). */
const firstRoleId = async (t: TestApp, token: string) => {
  const roles = await t.call<{ data: { results: { id: number }[] } }>('GET', '/api/user-roles', {
    token,
  });
  return roles.body.data.results[0]?.id;
};

type Ids = { data: { results: { id: number }[] } };
const idsOf = async (t: TestApp, token: string, path: string) =>
  (
    await t.call<Ids>('GET', `/api${path}${path.includes('?') ? '&' : '?'}perPage=1000&sort=id`, {
      token,
    })
  ).body.data.results.map((row) => row.id);

let uniqueCount = 0;

let stockedProduct: number | null = null;

/** A product with warehouse units to spare (a submitted order must fit the available units). */
async function stockedProductId(t: TestApp, token: string): Promise<number> {
  if (stockedProduct !== null) return stockedProduct;
  const created = await t.call<{ data: { id: number } }>('POST', '/api/products', {
    token,
    body: { name: 'Stocked Sample Phone', sku: `STOCKED-${Date.now()}`, price_cents: 1250 },
  });
  stockedProduct = created.body.data.id;
  await stockWarehouse(t, token, stockedProduct, 500, `STOCKED${String(Date.now() % 100_000)}`);
  return stockedProduct;
}

/** An active product of the writer's company (one is created when there is none). */
async function productId(t: TestApp, token: string): Promise<number> {
  const found = await t.call<Ids>('GET', '/api/products?filter[is_active]=true&perPage=1', {
    token,
  });
  const existing = found.body.data.results[0]?.id;
  if (existing) return existing;
  const created = await t.call<{ data: { id: number } }>('POST', '/api/products', {
    token,
    body: { name: 'Sample Charger', sku: `SAMPLE-${Date.now()}`, price_cents: 1250 },
  });
  return created.body.data.id;
}

/** Purchasing samples: a supplier and a warehouse of the writer's company (made when missing). */
async function purchasingBasics(t: TestApp, token: string) {
  const supplier_id =
    (await idsOf(t, token, '/inventory-suppliers'))[0] ??
    (
      await t.call<{ data: { id: number } }>('POST', '/api/inventory-suppliers', {
        token,
        body: { name: `Sample Supplier ${++uniqueCount}` },
      })
    ).body.data.id;
  const warehouses = await t.call<Ids>('GET', '/api/purchasing-warehouses', { token });
  const warehouse_id =
    warehouses.body.data.results[0]?.id ??
    (
      await t.call<{ data: { id: number } }>('POST', '/api/stock-locations', {
        token,
        body: { name: 'Sample Warehouse' },
      })
    ).body.data.id;
  return { supplier_id, warehouse_id };
}

/** Every purchasing sample line costs this much a unit (the buyer's agreed cost). */
const SAMPLE_UNIT_COST = 1500;
const purchaseLine = async (t: TestApp, token: string, quantity = 2) => ({
  product_id: await productId(t, token),
  quantity,
  unit_cost_cents: SAMPLE_UNIT_COST,
});

/**
 * A draft purchase order approved, sent and received in one receipt: every unit (`all`), all but
 * one of each line (`partial`), or all but one declared short (`short`); serialised products get
 * one serial per accepted unit.
 */
async function receivePurchase(
  t: TestApp,
  token: string,
  id: number,
  part: 'all' | 'partial' | 'short',
) {
  for (const to of ['approved', 'sent'])
    await t.call('POST', `/api/inventory-purchase-orders/${id}/transition`, {
      token,
      body: { to },
    });
  const order = await t.call<{
    data: { lines: { id: number; product_id: number; quantity: number }[] };
  }>('GET', `/api/inventory-purchase-orders/${id}`, { token });
  const lines = [];
  for (const line of order.body.data.lines) {
    const product = await t.call<{ data: { is_serialized: boolean } }>(
      'GET',
      `/api/products/${line.product_id}`,
      { token },
    );
    const accepted = part === 'all' ? line.quantity : line.quantity - 1;
    lines.push({
      purchase_order_line_id: line.id,
      accepted_quantity: accepted,
      short_quantity: part === 'short' ? 1 : 0,
      reason: part === 'short' ? 'One unit missing from the carton' : null,
      serials: product.body.data.is_serialized
        ? Array.from({ length: accepted }, (_, n) => `SAMPLE-PO-${line.id}-${n}`)
        : [],
    });
  }
  const receipt = await t.call<{
    data: { id: number; lines: { id: number; short_quantity: number }[] };
  }>('POST', '/api/inventory-purchase-order-receipts', {
    token,
    body: { purchase_order_id: id, lines },
  });
  expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
  return receipt.body.data;
}

/** A new purchase order of the samples' supplier and warehouse, with one line. */
const draftPurchase = async (t: TestApp, token: string) =>
  (
    await t.call<{ data: { id: number } }>('POST', '/api/inventory-purchase-orders', {
      token,
      body: { ...(await purchasingBasics(t, token)), lines: [await purchaseLine(t, token)] },
    })
  ).body.data.id;

/** A new purchase order approved (it takes payments). */
async function approvedPurchase(t: TestApp, token: string) {
  const id = await draftPurchase(t, token);
  await t.call('POST', `/api/inventory-purchase-orders/${id}/transition`, {
    token,
    body: { to: 'approved' },
  });
  return id;
}

/** A receipt line with one unit short, on a new purchase order. */
async function shortReceiptLine(t: TestApp, token: string) {
  const receipt = await receivePurchase(t, token, await draftPurchase(t, token), 'short');
  return receipt.lines.find((line) => line.short_quantity > 0)?.id;
}

/** An open discrepancy of the writer's company (made when there is none). */
async function openDiscrepancy(t: TestApp, token: string) {
  const open = await idsOf(t, token, '/inventory-receipt-discrepancies?filter[status]=open');
  if (open[0]) return open[0];
  const made = await t.call<{ data: { id: number } }>(
    'POST',
    '/api/inventory-receipt-discrepancies',
    {
      token,
      body: { receipt_line_id: await shortReceiptLine(t, token) },
    },
  );
  return made.body.data.id;
}

/**
 * An (a, b) pair with no row yet in an assignment-like resource: its user and store, region,
 * district, role and field ids come from the writer's company, so each create is unique.
 */
async function freePair(
  t: TestApp,
  token: string,
  resource: string,
  [aField, aPath]: [string, string],
  [bField, bPath]: [string, string],
  skip: { a?: number; b?: number } = {},
): Promise<Record<string, number>> {
  const taken = await t.call<{ data: { results: Record<string, number>[] } }>(
    'GET',
    `/api${resource}?perPage=10000`,
    { token },
  );
  const pairs = new Set(taken.body.data.results.map((row) => `${row[aField]}:${row[bField]}`));
  for (const a of await idsOf(t, token, aPath)) {
    for (const b of await idsOf(t, token, bPath)) {
      if (a !== skip.a && b !== skip.b && !pairs.has(`${a}:${b}`))
        return { [aField]: a, [bField]: b };
    }
  }
  throw new Error(`no free ${aField}/${bField} pair for ${resource}`);
}

/** Users the writer may act on (the rank rule: strictly below the master agent). */
const MANAGEABLE_USERS = '/users?filter[access_level]=1';

/** Counts the sample people made, so each has an email of their own. */
let samplePeople = 0;
// Typed by the resource names, so a new resource does not compile until it has a sample here.
/** A line's unit price as the server sets it: its product's catalogue price. */
async function catalogPrice(t: TestApp, token: string, line: Record<string, unknown>) {
  const product = await t.call<{ data: { price_cents: number } }>(
    'GET',
    `/api/products/${String(line.product_id)}`,
    { token },
  );
  return product.body.data.price_cents;
}

/** Lines of one new accessory each, priced from the catalogue (sales, B2B invoices). */
const accessoryLines: Sample['lines'] = {
  line: async (t, token) => ({ product_id: await stockedAccessory(t, token, 10), quantity: 1 }),
  unitPrice: catalogPrice,
};

const samples: Record<ResourcePermissionName, Sample> = {
  companies: {
    create: async () => ({ name: 'Generic Co' }),
    update: { name: 'Generic Co Renamed' },
    writer: 'super_admin',
  },
  regions: {
    create: async () => ({ name: 'Generic Region' }),
    update: { name: 'Generic Region Renamed' },
  },
  districts: {
    create: async () => ({ name: 'Generic District' }),
    update: { name: 'Generic District Renamed' },
  },
  stores: {
    create: async () => ({ name: 'Generic Store', time_zone: 'America/Chicago' }),
    update: { name: 'Generic Store Renamed' },
  },
  roles: {
    create: async () => ({ name: 'Generic Role', base_role: 'sub_agent_employee' }),
    update: { name: 'Generic Role Renamed' },
  },
  permission_groups: {
    create: async () => ({ name: 'Generic Group', permissions: ['read_stores'] }),
    update: { name: 'Generic Group Renamed' },
  },
  users: {
    // Sign-in emails are unique: each sample person gets their own (the suites create several).
    create: async (t, token) => ({
      email: `generic.person.${++samplePeople}@demo.example`,
      first_name: 'Generic',
      last_name: 'Person',
      role_id: await firstRoleId(t, token),
      password: 'Correct-Horse-9',
    }),
    update: { first_name: 'Generic Renamed' },
  },
  sidebar_items: {
    create: async () => ({ name: 'Generic Item', route: '/users' }),
    update: { name: 'Generic Item Renamed' },
  },
  required_fields: {
    create: async () => ({ type: 'Employee', title: 'Generic Field' }),
    update: { title: 'Generic Field Renamed' },
  },
  user_stores: {
    create: async (t, token) => ({
      ...(await freePair(
        t,
        token,
        '/user-stores',
        ['user_id', MANAGEABLE_USERS],
        ['store_id', '/stores'],
      )),
      is_primary: false,
    }),
    update: { is_primary: true },
  },
  user_regions: {
    create: (t, token) =>
      freePair(t, token, '/user-regions', ['user_id', MANAGEABLE_USERS], ['region_id', '/regions']),
    update: async (t, token, created) => ({
      region_id: (
        await freePair(
          t,
          token,
          '/user-regions',
          ['user_id', MANAGEABLE_USERS],
          ['region_id', '/regions'],
          {
            b: Number(created.region_id),
          },
        )
      ).region_id,
    }),
  },
  user_districts: {
    create: (t, token) =>
      freePair(
        t,
        token,
        '/user-districts',
        ['user_id', MANAGEABLE_USERS],
        ['district_id', '/districts'],
      ),
    update: async (t, token, created) => ({
      district_id: (
        await freePair(
          t,
          token,
          '/user-districts',
          ['user_id', MANAGEABLE_USERS],
          ['district_id', '/districts'],
          { b: Number(created.district_id) },
        )
      ).district_id,
    }),
  },
  categories: {
    create: async () => ({ name: 'Generic Category', description: 'Things' }),
    update: { name: 'Generic Category Renamed' },
  },
  embeds: {
    create: async () => ({
      slug: 'generic-embed',
      title: 'Generic Embed',
      url: 'https://example.com/generic',
    }),
    update: { title: 'Generic Embed Renamed' },
  },
  support_ticket_types: {
    create: async () => ({ title: 'Generic Ticket Type' }),
    update: { title: 'Generic Ticket Type Renamed' },
  },
  support_tickets: {
    create: async (t, token) => ({
      type_id: (await idsOf(t, token, '/support-ticket-types'))[0],
      detail: 'Generic problem with the printer',
      sent_from_route: '/users',
    }),
    update: { status: 'closed' },
  },
  tax_info: {
    create: async () => ({ name: 'Generic Tax', rate_bps: 825 }),
    update: { rate_bps: 900 },
  },
  company_assets: {
    create: async () => ({
      name: 'Generic Asset',
      kind: 'document',
      url: 'https://example.com/handbook.pdf',
    }),
    update: { name: 'Generic Asset Renamed' },
  },
  company_carriers: {
    create: async (t, token) => {
      const linked = await t.call<{ data: { results: { carrier_id: number }[] } }>(
        'GET',
        '/api/company-carriers?perPage=1000',
        { token },
      );
      const used = new Set(linked.body.data.results.map((row) => row.carrier_id));
      const free = (await idsOf(t, token, '/carriers')).find((carrierId) => !used.has(carrierId));
      return { carrier_id: free, account_number: 'GEN-ACCOUNT-1' };
    },
    update: { account_number: 'GEN-ACCOUNT-2' },
  },
  module_fields: {
    create: async () => ({ module: 'generic', field_key: 'generic_field', label: 'Generic Label' }),
    update: { label: 'Generic Label Renamed' },
  },
  role_based_fields: {
    create: (t, token) =>
      freePair(
        t,
        token,
        '/role-based-fields',
        ['role_id', '/roles'],
        ['module_field_id', '/module-fields-admin'],
      ),
    update: { is_visible: false },
  },
  // Served on SPEC.md's own paths by hand-mounted routes, so not in resourceServices: the suite
  // never runs this sample; apps/api/test/api/admin-resources.test.ts covers payment accounts.
  payment_accounts: {
    create: async () => ({}),
    update: {},
  },
  hr_shift_templates: {
    create: async (t, token) => ({
      store_id: (await idsOf(t, token, '/stores'))[0],
      name: 'Generic Shift',
      start_time: '09:00',
      end_time: '17:00',
    }),
    update: { name: 'Generic Shift Renamed', end_time: '18:00' },
  },
  adjustment_reasons: {
    create: async () => ({ name: 'Generic Damage', description: 'Broken in transit' }),
    update: { name: 'Generic Damage Renamed' },
  },
  manufacturers: {
    create: async () => ({ name: 'Generic Maker', website: 'https://maker.example' }),
    update: { name: 'Generic Maker Renamed' },
  },
  products: {
    create: async (t, token) => ({
      name: 'Generic Phone',
      sku: `GEN-PHONE-${++uniqueCount}`,
      price_cents: 19999,
      manufacturer_id: (await idsOf(t, token, '/manufacturers'))[0] ?? null,
      category_id: (await idsOf(t, token, '/categories'))[0] ?? null,
    }),
    update: { name: 'Generic Phone Renamed', price_cents: 20999 },
  },
  orders: {
    create: async (t, token) => ({
      store_id: (await idsOf(t, token, '/stores'))[0],
      note: 'Generic weekly order',
      lines: [{ product_id: await stockedProductId(t, token), quantity: 2 }],
    }),
    update: { note: 'Generic weekly order, changed' },
    lines: {
      line: async (t, token) => ({ product_id: await stockedProductId(t, token), quantity: 3 }),
      unitPrice: catalogPrice,
    },
  },
  tickets: {
    create: async (t, token) => ({
      subject: 'Generic broken till',
      detail: 'The till does not open',
      store_id: (await idsOf(t, token, '/stores'))[0] ?? null,
    }),
    update: { subject: 'Generic broken till, again' },
  },
  ticket_types: {
    create: async () => ({ name: 'Generic Repair', description: 'Something broke' }),
    update: { name: 'Generic Repair Renamed' },
  },
  ticket_priorities: {
    create: async () => ({ name: 'Generic Urgent', description: null }),
    update: { name: 'Generic Urgent Renamed' },
  },
  ticket_templates: {
    create: async (t, token) => ({
      name: 'Generic Broken Door',
      type_id: (await idsOf(t, token, '/ticket-types'))[0],
      subject: 'Door does not close',
      fields: [{ key: 'door', label: 'Which door', kind: 'text', required: true }],
    }),
    update: { name: 'Generic Broken Door Renamed' },
  },
  suppliers: {
    create: async () => ({
      name: `Generic Supplier ${++uniqueCount}`,
      contact_name: 'Sam Seller',
      contact_email: 'sam@supplier.example',
      terms: 'Net 30',
      lead_time_days: 5,
      price_tolerance_percent: 5,
    }),
    update: { name: 'Generic Supplier Renamed', lead_time_days: 9 },
  },
  vendors: {
    create: async () => ({
      name: `Generic Vendor ${++uniqueCount}`,
      email: 'vendor@generic.example',
      phone: '+1 555 0100',
    }),
    update: { name: 'Generic Vendor Renamed', note: 'Weekly pickups' },
  },
  warehouses: {
    create: async () => ({
      name: `Generic Warehouse ${++uniqueCount}`,
      contact_name: 'Wanda Keeper',
      phone: '+1 555 0111',
      address: '1 Dock Rd',
    }),
    update: { name: 'Generic Warehouse Renamed', phone: '+1 555 0112' },
  },
  customer_warehouses: {
    create: async () => ({
      name: `Generic Customer Site ${++uniqueCount}`,
      customer_name: 'Generic Customer',
      email: 'site@customer.example',
    }),
    update: { name: 'Generic Customer Site Renamed', note: 'Dock at the back' },
  },
  brands: {
    create: async () => ({
      name: `Generic Brand ${++uniqueCount}`,
      website: 'https://brand.example',
    }),
    update: { name: 'Generic Brand Renamed', description: 'Phones and cases' },
  },
  // List, get and create only (tested in places.test.ts); the generic suite skips it.
  inventory_stock: {
    // A new counted product each time: one record per product and warehouse.
    create: async (t, token) => ({
      product_id: await makeProduct(t, token, 'accessory'),
      location_id: (await purchasingBasics(t, token)).warehouse_id,
      reorder_point: 3,
      cost_cents: 250,
    }),
    update: { reorder_point: 5, cost_cents: 300 },
    actions: {
      move: async (t, token) => ({
        quantity: 2,
        reason_id:
          (await idsOf(t, token, '/adjustment-reasons'))[0] ??
          (
            await t.call<{ data: { id: number } }>('POST', '/api/adjustment-reasons', {
              token,
              body: { name: `Sample reason ${++uniqueCount}` },
            })
          ).body.data.id,
      }),
    },
  },
  internal_inventory: {
    create: async (t, token) => ({
      product_id: (await idsOf(t, token, '/products'))[0],
      warehouse_id: (await purchasingBasics(t, token)).warehouse_id,
      quantity: 1,
      purpose: 'Demo unit',
    }),
    update: { purpose: 'Office phone' },
  },
  purchase_orders: {
    create: async (t, token) => ({
      ...(await purchasingBasics(t, token)),
      reference: `GEN-PO-${++uniqueCount}`,
      note: 'Generic restock',
      lines: [await purchaseLine(t, token)],
    }),
    update: { note: 'Generic restock, changed' },
    lines: {
      line: (t, token) => purchaseLine(t, token, 3),
      unitPrice: async () => SAMPLE_UNIT_COST,
    },
    reach: {
      partially_received: async (t, token, id) => {
        await receivePurchase(t, token, id, 'partial');
      },
      received: async (t, token, id) => {
        await receivePurchase(t, token, id, 'all');
      },
    },
  },
  // Not in the generic suites (its POST is the module's own): purchasing.test.ts covers it.
  purchase_order_receipts: {
    create: async () => ({}),
    update: { note: 'Generic receipt note' },
  },
  receipt_discrepancies: {
    create: async (t, token) => ({
      receipt_line_id: await shortReceiptLine(t, token),
      description: 'Generic carton came one short',
    }),
    update: { description: 'Generic carton one short, supplier asked', resolution: 'credit' },
  },
  discrepancy_comments: {
    create: async (t, token) => ({
      discrepancy_id: await openDiscrepancy(t, token),
      body: 'Generic comment on the short carton',
    }),
    update: { body: 'Generic comment, edited' },
  },
  purchase_order_payments: {
    create: async (t, token) => ({
      purchase_order_id: await approvedPurchase(t, token),
      amount_cents: 100,
      paid_on: '2030-01-15',
      method: 'bank_transfer',
      reference: `GEN-PAY-${++uniqueCount}`,
    }),
    update: { note: 'Generic payment, checked' },
  },
  receipt_payments: {
    create: async (t, token) => ({
      receipt_id: (await receivePurchase(t, token, await draftPurchase(t, token), 'all')).id,
      amount_cents: 100,
      paid_on: '2030-01-15',
      method: 'check',
      reference: `GEN-RPAY-${++uniqueCount}`,
    }),
    update: { note: 'Generic receipt payment, checked' },
  },
  // Not in the generic suites (list, get and create only): supplier-bills.test.ts covers it.
  supplier_bills: {
    create: async () => ({}),
    update: { note: 'Generic bill note' },
  },
  customers: {
    create: async () => {
      uniqueCount += 1;
      return {
        first_name: 'Generic',
        last_name: `Customer ${uniqueCount}`,
        phone: `5${String(uniqueCount % 1000).padStart(3, '0')}${String(Date.now() % 1e6).padStart(6, '0')}`,
        email: `generic.customer.${Date.now()}.${uniqueCount}@example.com`,
      };
    },
    update: { notes: 'Prefers text messages' },
  },
  sales: {
    create: async (t, token) => ({
      store_id: (await firstStore(t, token)).storeId,
      note: 'Generic counter sale',
      // A completed sale takes its accessories from the store's shelf.
      lines: [{ product_id: await stockedAccessory(t, token, 2), quantity: 2 }],
    }),
    update: { note: 'Generic counter sale, changed' },
    lines: accessoryLines,
    actions: {
      complete: async (_t, _token, row) => ({
        payments: [{ method: 'cash', amount_cents: Number(row.total_cents) }],
      }),
    },
    reach: {
      completed: async (t, token, id) => completeSale(t, token, id),
      returned: async (t, token, id) => {
        await completeSale(t, token, id);
        const sale = await t.call<{ data: { lines: { id: number }[] } }>(
          'GET',
          `/api/sales/${String(id)}`,
          { token },
        );
        for (const line of sale.body.data.lines)
          await t.call('POST', '/api/sale-returns', {
            token,
            body: { type: 'bre', sale_id: id, sale_line_id: line.id, reason: 'Changed mind' },
          });
      },
    },
  },
  activations: {
    create: async (t, token) => {
      const where = await firstStore(t, token);
      const imei = nextImei();
      const iccid = nextIccid();
      await stockUnits(t, where, await makeProduct(t, token, 'device'), [imei, iccid]);
      uniqueCount += 1;
      const customer = await t.call<{ data: { id: number } }>('POST', '/api/customers', {
        token,
        body: {
          first_name: 'Activation',
          last_name: `Customer ${uniqueCount}`,
          phone: `6${String(uniqueCount % 1000).padStart(3, '0')}${String(Date.now() % 1e6).padStart(6, '0')}`,
        },
      });
      return {
        store_id: where.storeId,
        customer_id: customer.body.data.id,
        carrier: 'Verizon',
        plan: 'Unlimited Welcome',
        imei,
        iccid,
        phone_number: `340${String(Date.now() % 1e7).padStart(7, '0')}`,
      };
    },
    update: { plan: 'Unlimited Plus' },
  },
  sale_returns: {
    create: async (t, token) => {
      const { saleId, lineId } = await completedSale(t, token);
      return { type: 'bre', sale_id: saleId, sale_line_id: lineId, reason: 'Changed mind' };
    },
    update: { reason: 'Changed mind, again' },
  },
  // List and get only: payments are taken by POST /bill-payments (idempotent, billpay.test.ts);
  // the generic suite skips it.
  bill_payments: {
    create: async (t, token) => ({
      store_id: (await firstStore(t, token)).storeId,
      carrier: 'Verizon',
      account_number: '3405557781',
      amount_cents: 5_000,
      payments: [{ method: 'cash', amount_cents: 5_000 }],
    }),
    update: { account_holder: 'Generic Holder' },
  },
  sale_dependencies: {
    // A category of its own per rule: no product is in it, so no other sample's ring-up is refused.
    create: async (t, token) => {
      const category = await t.call<{ data: { id: number } }>('POST', '/api/categories', {
        token,
        body: { name: `Generic Rule Category ${++uniqueCount} ${Date.now()}` },
      });
      return {
        item_kind: 'accessory',
        item_category_id: category.body.data.id,
        required_kind: 'device',
        note: 'Generic rule',
      };
    },
    update: { note: 'Generic rule, changed' },
  },
  device_type_fields: {
    // A category of its own per field: no product is in it, so no product write is checked by it.
    create: async (t, token) => {
      const category = await t.call<{ data: { id: number } }>('POST', '/api/categories', {
        token,
        body: { name: `Generic Device Type ${++uniqueCount} ${Date.now()}` },
      });
      return {
        category_id: category.body.data.id,
        key: 'storage',
        label: 'Storage',
        field_type: 'select',
        options: ['128GB', '256GB'],
      };
    },
    update: { label: 'Storage size' },
  },
  static_accessories: {
    create: async (t, token) => ({
      product_id: await makeProduct(t, token, 'accessory'),
      quantity: 3,
      // Searched by its first 12 characters: unique, so the new row is among the first found.
      note: `${Date.now().toString(36)}${++uniqueCount} generic static accessory`,
    }),
    update: { quantity: 4 },
  },
  stock_minimums: {
    create: async (t, token) => ({
      store_id: (await firstStore(t, token)).storeId,
      product_id: await makeProduct(t, token, 'device'),
      min_quantity: 2,
    }),
    update: { min_quantity: 5 },
  },
  bulletins: {
    create: async () => {
      uniqueCount += 1;
      return { title: `Generic bulletin ${uniqueCount}`, body: 'Read me', ack_mode: 'read' };
    },
    update: { title: 'Generic bulletin, retitled' },
  },
  recipient_lists: {
    create: async () => {
      uniqueCount += 1;
      return { name: `Generic list ${uniqueCount}-${Date.now().toString(36)}` };
    },
    update: { description: 'Generic list, described' },
  },
  bulletin_templates: {
    create: async () => {
      uniqueCount += 1;
      return {
        name: `Generic template ${uniqueCount}-${Date.now().toString(36)}`,
        title: 'Generic title',
        body: 'Read me',
      };
    },
    update: { title: 'Generic template, retitled' },
  },
  commission_plans: {
    // One plan per role and category: each sample on a role of its own.
    create: async (t, token) => {
      const role = await t.call<{ data: { id: number } }>('POST', '/api/roles', {
        token,
        body: { name: `Generic Commission Role ${++uniqueCount}`, base_role: 'sub_agent_employee' },
      });
      return {
        name: 'Generic plan',
        role_id: role.body.data.id,
        category: 'accessory',
        rate_type: 'percent',
        rate: 500,
      };
    },
    update: { rate: 750 },
  },
  commission_carrier_rates: {
    create: async () => ({
      carrier: `Generic Carrier ${++uniqueCount} ${Date.now()}`,
      expected_cents: 4_500,
    }),
    update: { expected_cents: 5_000 },
  },
  b2b_accounts: {
    create: async () => ({
      company_name: `Generic Business ${++uniqueCount}`,
      billing_contact: 'Generic Payables',
      billing_email: `ap.${Date.now()}.${uniqueCount}@example.com`,
      payment_terms: 'net_15',
    }),
    update: { tax_id: '66-0000001' },
  },
  b2b_invoices: {
    create: async (t, token) => ({
      store_id: (await firstStore(t, token)).storeId,
      account_id: await b2bAccount(t, token),
      po_number: `GEN-PO-${++uniqueCount}`,
      // A sent invoice takes its accessories from the store's shelf.
      lines: [{ product_id: await stockedAccessory(t, token, 3), quantity: 3 }],
    }),
    update: { note: 'Generic B2B invoice, changed' },
    lines: accessoryLines,
    actions: {
      record_payment: async (_t, _token, row) => ({
        method: 'check',
        amount_cents: Number(row.total_cents),
      }),
    },
    actionFrom: {
      record_payment: async (t, token, id) => {
        await t.call('POST', `/api/b2b-invoices/${String(id)}/transition`, {
          token,
          body: { to: 'sent' },
        });
      },
    },
    reach: {
      partially_paid: async (t, token, id) => payB2BInvoice(t, token, id, 'part'),
      paid: async (t, token, id) => payB2BInvoice(t, token, id, 'all'),
    },
  },
};

let t: TestApp;
let tokens: Tokens;
let superAdmin: string;
beforeAll(async () => {
  t = await startTestApp();
  tokens = {
    writer: await t.login('agent@demo.example'),
    noPermission: await t.login('user@demo.example'),
    otherTenant: await t.login('admin@northwind.example'),
  };
  superAdmin = await t.login('admin@demo.example');
});
afterAll(() => t.close());

type Data<T> = { data: T };

/**
 * The resources with every standard route on their own path and their own permissions: the generic
 * suites' subjects. Parent-scoped ones, those with fewer routes or other permissions (employee
 * records, kiosks, time off types) are covered by their own tests and by the engine checks below.
 */
const standardServices = resourceServices.filter(
  ({ definition: d }) => !d.parent && !d.operations && !d.access,
);
const sampleOf = (name: string): Sample => {
  const sample = (samples as Partial<Record<string, Sample>>)[name];
  if (!sample) throw new Error(`no sample for ${name}`);
  return sample;
};

describe.each(standardServices.map((service) => [service.definition.name, service] as const))(
  'resource %s',
  (name, service) => {
    const { path, messages, deleteMode, searchFields } = service.definition;
    const sample = sampleOf(name);
    const writer = () => (sample.writer === 'super_admin' ? superAdmin : tokens.writer);
    let id: number;
    let created: Record<string, unknown>;
    let update: Record<string, unknown>;

    it('creates with its message and lists, counts, gets, searches the new row', async () => {
      const body = await sample.create(t, writer());
      const res = await t.call<Data<Record<string, unknown> & { id: number }>>(
        'POST',
        `/api/${path.slice(1)}`,
        { token: writer(), body },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ success: true, message: messages.created });
      id = res.body.data.id;
      created = res.body.data;
      update =
        typeof sample.update === 'function'
          ? await sample.update(t, writer(), created)
          : sample.update;

      const got = await t.call<Data<{ id: number }>>('GET', `/api${path}/${id}`, {
        token: writer(),
      });
      expect(got.body.data).toMatchObject({ id });

      // A resource without search fields refuses `search=` (400) rather than ignoring it.
      const field = searchFields[0];
      const query = field
        ? `search=${encodeURIComponent(String(created[field]).slice(0, 12))}`
        : `filter[id]=${id}`;
      if (!field) {
        const refused = await t.call('GET', `/api${path}?search=x`, { token: writer() });
        expect(refused.status).toBe(400);
      }
      const list = await t.call<Data<{ results: { id: number }[]; total: number }>>(
        'GET',
        `/api${path}?${query}&perPage=5&page=0`,
        { token: writer() },
      );
      expect(list.status).toBe(200);
      expect(list.body.data.results.map((row) => row.id)).toContain(id);
      expect(list.body.data.total).toBeGreaterThanOrEqual(1);

      const count = await t.call<Data<{ total: number }>>(
        'GET',
        `/api${path}/count?filter[id]=${id}`,
        { token: writer() },
      );
      expect(count.body.data.total).toBe(1);
    });

    it('pages and sorts', async () => {
      const asc = await t.call<Data<{ results: { id: number }[]; total: number }>>(
        'GET',
        `/api${path}?sort=id&perPage=2&page=0`,
        { token: writer() },
      );
      const desc = await t.call<Data<{ results: { id: number }[] }>>(
        'GET',
        `/api${path}?sort=-id&perPage=2&page=0`,
        { token: writer() },
      );
      expect(asc.body.data.results.length).toBeLessThanOrEqual(2);
      const ascIds = asc.body.data.results.map((row) => row.id);
      const descIds = desc.body.data.results.map((row) => row.id);
      expect(ascIds).toEqual([...ascIds].sort((a, b) => a - b));
      expect(descIds).toEqual([...descIds].sort((a, b) => b - a));
      if (asc.body.data.total > 2) {
        const next = await t.call<Data<{ results: { id: number }[] }>>(
          'GET',
          `/api${path}?sort=id&perPage=2&page=1`,
          { token: writer() },
        );
        expect(next.body.data.results[0]?.id).toBeGreaterThan(ascIds[1] ?? 0);
      }
    });

    it('updates with its message', async () => {
      const res = await t.call<Data<Record<string, unknown>>>('PATCH', `/api${path}/${id}`, {
        token: writer(),
        body: update,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        message: messages.updated,
        data: update,
      });
    });

    it('refuses invalid input with field errors and stores nothing', async () => {
      const before = await t.call<Data<{ total: number }>>('GET', `/api${path}/count`, {
        token: writer(),
      });
      const res = await t.call('POST', `/api${path}`, { token: writer(), body: {} });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors ?? {}).length).toBeGreaterThan(0);
      const after = await t.call<Data<{ total: number }>>('GET', `/api${path}/count`, {
        token: writer(),
      });
      expect(after.body.data.total).toBe(before.body.data.total);
    });

    it('answers 404 for a missing id', async () => {
      const res = await t.call('GET', `/api${path}/987654321`, { token: writer() });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(`${service.definition.label.one} not found`);
    });

    it('hides the row from another company (404) and leaves it unchanged', async () => {
      const other = tokens.otherTenant;
      expect((await t.call('GET', `/api${path}/${id}`, { token: other })).status).toBe(404);
      expect(
        (await t.call('PATCH', `/api${path}/${id}`, { token: other, body: update })).status,
      ).toBe(sample.writer ? 403 : 404);
      expect((await t.call('DELETE', `/api${path}/${id}`, { token: other })).status).toBe(
        sample.writer ? 403 : 404,
      );
      const list = await t.call<Data<{ results: { id: number }[] }>>(
        'GET',
        `/api${path}?perPage=1000`,
        { token: other },
      );
      expect(list.body.data.results.map((row) => row.id)).not.toContain(id);
      const still = await t.call<Data<Record<string, unknown>>>('GET', `/api${path}/${id}`, {
        token: writer(),
      });
      expect(still.body.data).toMatchObject(update);
    });

    it('refuses writes without the permission (403)', async () => {
      const res = await t.call('PATCH', `/api${path}/${id}`, {
        token: tokens.noPermission,
        body: update,
      });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        success: false,
        message: 'You do not have permission to do this',
      });
    });

    it(`deletes as it declares (${deleteMode}) with its message`, async () => {
      const res = await t.call<Data<Record<string, unknown>>>('DELETE', `/api${path}/${id}`, {
        token: writer(),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.message).toBe(messages.deleted);
      const after = await t.call<Data<Record<string, unknown>>>('GET', `/api${path}/${id}`, {
        token: writer(),
      });
      if (deleteMode === 'remove') expect(after.status).toBe(404);
      if (deleteMode === 'flag') expect(after.body.data).toMatchObject({ is_deleted: true });
      if (deleteMode === 'deactivate') {
        expect(after.body.data).toMatchObject({ is_active: false });
        const activated = await t.call<Data<Record<string, unknown>>>(
          'DELETE',
          `/api${path}/activate/${id}`,
          { token: writer() },
        );
        expect(activated.body).toMatchObject({
          success: true,
          message: messages.activated,
          data: { is_active: true },
        });
      }
    });
  },
);

type Row = Record<string, unknown> & { id: number; status?: string };
type LineRow = Record<string, unknown> & {
  id: number;
  quantity: number;
  unit_price_cents: number;
  tax_cents: number;
  total_cents: number;
};

/** Engine 2 features, for the resources that declare them (statuses, actions, history, lines, references). */
describe.each(
  standardServices
    .filter(({ definition: d }) => d.statuses || d.actions || d.history || d.lines || d.references)
    .map((service) => [service.definition.name, service] as const),
)('resource %s, declared features', (name, service) => {
  const definition = service.definition;
  const { path, statuses: machine, label } = definition;
  const sample = sampleOf(name);
  const writer = () => (sample.writer === 'super_admin' ? superAdmin : tokens.writer);
  const create = async (): Promise<Row> => {
    const res = await t.call<Data<Row>>('POST', `/api${path}`, {
      token: writer(),
      body: await sample.create(t, writer()),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const get = async (id: number) =>
    (await t.call<Data<Row>>('GET', `/api${path}/${id}`, { token: writer() })).body.data;
  const move = (id: number, to: string, token = writer()) =>
    t.call<Data<Row>>('POST', `/api${path}/${id}/transition`, {
      token,
      body: { to, note: `to ${to}` },
    });
  const history = async (id: number) =>
    (
      await t.call<Data<Record<string, unknown>[]>>('GET', `/api${path}/${id}/history`, {
        token: writer(),
      })
    ).body.data;

  describe.runIf(machine)('statuses', () => {
    if (!machine) return;
    const targets = (from: string) => [
      ...new Set(machine.transitions.filter((m) => m.from.includes(from)).map((m) => m.to)),
    ];
    // The shortest way from the initial status to each status (or from one the sample reaches).
    const paths = new Map<string, { via?: string; steps: string[] }>([
      [machine.initial, { steps: [] }],
    ]);
    for (const state of Object.keys(sample.reach ?? {}))
      paths.set(state, { via: state, steps: [] });
    for (const [state, way] of paths) {
      for (const next of targets(state))
        if (!paths.has(next)) paths.set(next, { via: way.via, steps: [...way.steps, next] });
    }
    const reach = async (state: string) => {
      const row = await create();
      const way = paths.get(state);
      if (way?.via) await sample.reach?.[way.via]?.(t, writer(), row.id);
      for (const step of way?.steps ?? []) {
        const res = await move(row.id, step);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      return row;
    };

    it('starts in the initial status with the moves the caller may make on the row', async () => {
      const row = await create();
      expect(row.status).toBe(machine.initial);
      expect([...(row.allowed_transitions as string[])].sort()).toEqual(
        targets(machine.initial).sort(),
      );
      const listed = await t.call<Data<{ results: Row[] }>>(
        'GET',
        `/api${path}?filter[id]=${row.id}`,
        { token: writer() },
      );
      expect(listed.body.data.results[0]?.allowed_transitions).toEqual(row.allowed_transitions);
      // Without the permission the route is closed (403), and another company does not see it.
      expect(
        (await move(row.id, targets(machine.initial)[0] ?? '', tokens.noPermission)).status,
      ).toBe(403);
      expect(
        (await move(row.id, targets(machine.initial)[0] ?? '', tokens.otherTenant)).status,
      ).toBe(404);
      expect((await move(row.id, 'no_such_status')).status).toBe(400);
    });

    it('PATCH cannot change the status', async () => {
      const row = await create();
      const other = machine.states.find((state) => state !== machine.initial);
      const res = await t.call('PATCH', `/api${path}/${row.id}`, {
        token: writer(),
        body: { status: other },
      });
      expect(res.status).toBe(400);
      expect((await get(row.id)).status).toBe(machine.initial);
    });

    it('makes every declared move, refuses every other with a 409, and records each move', async () => {
      expect([...paths.keys()].sort(), 'every status is reachable').toEqual(
        [...machine.states].sort(),
      );
      for (const from of machine.states) {
        const allowed = targets(from);
        const row = await reach(from);
        expect((await get(row.id)).allowed_transitions).toEqual(expect.arrayContaining(allowed));
        for (const to of machine.states.filter((state) => !allowed.includes(state))) {
          const refused = await move(row.id, to);
          expect(refused.status, `${from} -> ${to}`).toBe(409);
          expect(refused.body.message).toMatch(
            new RegExp(`^${label.one} (cannot go from|is already)`),
          );
          expect((await get(row.id)).status).toBe(from);
        }
        for (const to of allowed) {
          const fresh = await reach(from);
          const moved = await move(fresh.id, to);
          expect(moved.status, `${from} -> ${to}: ${JSON.stringify(moved.body)}`).toBe(200);
          expect(moved.body).toMatchObject({
            message: machine.messages.moved,
            data: { status: to },
          });
          const [last] = await history(fresh.id);
          expect(last).toMatchObject({
            action: 'transition',
            from_status: from,
            to_status: to,
            note: `to ${to}`,
          });
          expect(last?.user_name).toEqual(expect.any(String));
        }
      }
    });

    it.runIf(machine.editableIn)(
      'is changed or deleted only in its editable statuses (409)',
      async () => {
        const locked = machine.states.find((state) => !machine.editableIn?.includes(state));
        if (!locked) return;
        const row = await reach(locked);
        const update =
          typeof sample.update === 'function'
            ? await sample.update(t, writer(), row)
            : sample.update;
        const patched = await t.call('PATCH', `/api${path}/${row.id}`, {
          token: writer(),
          body: update,
        });
        expect(patched.status).toBe(409);
        expect(patched.body.message).toBe(machine.messages.notEditable);
        const deleted = await t.call('DELETE', `/api${path}/${row.id}`, { token: writer() });
        expect(deleted.status).toBe(409);
        expect((await get(row.id)).status).toBe(locked);
      },
    );
  });

  describe.runIf(definition.actions)('actions', () => {
    for (const [action, declared] of Object.entries(definition.actions ?? {})) {
      it(`${action}: runs with its message, refuses without the permission or across companies`, async () => {
        // An action allowed only later (a B2B payment: once sent) starts from there.
        const ready = sample.actionFrom?.[action];
        const made = await create();
        if (ready) await ready(t, writer(), made.id);
        const row = ready ? await get(made.id) : made;
        expect(row.allowed_actions).toContain(action);
        const given = sample.actions?.[action] ?? {};
        const body = typeof given === 'function' ? await given(t, writer(), row) : given;
        const url = `/api${path}/${row.id}/${action}`;
        expect((await t.call('POST', url, { token: tokens.noPermission, body })).status).toBe(403);
        expect((await t.call('POST', url, { token: tokens.otherTenant, body })).status).toBe(404);
        const res = await t.call<Data<Row>>('POST', url, { token: writer(), body });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.message).toBe(declared.messages.done);
        if (definition.history || machine) {
          const [last] = await history(row.id);
          expect(last).toMatchObject({ action });
        }
      });
    }
  });

  it.runIf(definition.history)(
    'keeps a history of changes: before, after, who and when',
    async () => {
      const row = await create();
      const update =
        typeof sample.update === 'function' ? await sample.update(t, writer(), row) : sample.update;
      const patched = await t.call('PATCH', `/api${path}/${row.id}`, {
        token: writer(),
        body: update,
      });
      expect(patched.status).toBe(200);
      const [updated, created] = await history(row.id);
      expect(created).toMatchObject({ action: 'created', before: null });
      expect(updated).toMatchObject({ action: 'updated', after: update });
      for (const key of Object.keys(update))
        expect(updated?.before).toHaveProperty(key, row[key] ?? null);
      expect(updated?.user_name).toEqual(expect.any(String));
      expect(Date.parse(String(updated?.created_at))).not.toBeNaN();
      const other = await t.call('GET', `/api${path}/${row.id}/history`, {
        token: tokens.otherTenant,
      });
      expect(other.status).toBe(404);
    },
  );

  describe.runIf(definition.lines && sample.lines)('lines', () => {
    const lines = sample.lines;
    if (!lines) return;
    const lineOf = (row: Row) => row.lines as LineRow[];
    const expectTotals = async (row: Row) => {
      let subtotal = 0;
      let tax = 0;
      for (const line of lineOf(row)) {
        expect(line.unit_price_cents).toBe(await lines.unitPrice(t, writer(), line));
        expect(line.total_cents).toBe(line.quantity * line.unit_price_cents + line.tax_cents);
        subtotal += line.quantity * line.unit_price_cents;
        tax += line.tax_cents;
      }
      expect(row).toMatchObject({
        subtotal_cents: subtotal,
        tax_cents: tax,
        total_cents: subtotal + tax,
      });
    };

    it('creates the row with its lines in one go, priced and totalled on the server', async () => {
      const body = await sample.create(t, writer());
      const extra = await lines.line(t, writer());
      // Prices and totals a browser sends are not the server's business.
      body.lines = [
        ...(body.lines as Record<string, unknown>[]),
        { ...extra, unit_price_cents: 1, total_cents: 1 },
      ];
      const res = await t.call<Data<Row>>('POST', `/api${path}`, { token: writer(), body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(lineOf(res.body.data)).toHaveLength(2);
      await expectTotals(res.body.data);
      const got = await get(res.body.data.id);
      expect(lineOf(got)).toEqual(lineOf(res.body.data));
      await expectTotals(got);
      // Lists leave lines out.
      const listed = await t.call<Data<{ results: Row[] }>>(
        'GET',
        `/api${path}?filter[id]=${got.id}`,
        { token: writer() },
      );
      expect(listed.body.data.results[0]).not.toHaveProperty('lines');
    });

    it('updates lines with the row: kept ones by id, missing ones removed, new ones added', async () => {
      const row = await create();
      const [first] = lineOf(await get(row.id));
      if (!first) throw new Error('sample creates no line');
      const added = await lines.line(t, writer());
      const res = await t.call<Data<Row>>('PATCH', `/api${path}/${row.id}`, {
        token: writer(),
        body: { lines: [{ ...added }, { ...added, quantity: 1 }] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(lineOf(res.body.data).map((line) => line.id)).not.toContain(first.id);
      expect(lineOf(res.body.data)).toHaveLength(2);
      await expectTotals(res.body.data);

      const [kept] = lineOf(res.body.data);
      if (!kept) throw new Error('no line');
      const again = await t.call<Data<Row>>('PATCH', `/api${path}/${row.id}`, {
        token: writer(),
        body: { lines: [{ ...added, id: kept.id, quantity: kept.quantity + 4, total_cents: 5 }] },
      });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(lineOf(again.body.data)).toMatchObject([{ id: kept.id, quantity: kept.quantity + 4 }]);
      await expectTotals(again.body.data);

      // A PATCH without lines keeps them.
      const update =
        typeof sample.update === 'function' ? await sample.update(t, writer(), row) : sample.update;
      const untouched = await t.call<Data<Row>>('PATCH', `/api${path}/${row.id}`, {
        token: writer(),
        body: update,
      });
      expect(lineOf(untouched.body.data)).toEqual(lineOf(again.body.data));
    });

    it('refuses a bad line with its field error and writes nothing (one transaction)', async () => {
      const row = await get((await create()).id);
      const update =
        typeof sample.update === 'function' ? await sample.update(t, writer(), row) : sample.update;
      const good = await lines.line(t, writer());
      const fields = Object.keys(good).filter((key) => key !== 'quantity');
      const badReference = await t.call('PATCH', `/api${path}/${row.id}`, {
        token: writer(),
        body: { ...update, lines: [good, { ...good, [fields[0] ?? 'id']: 987654321 }] },
      });
      expect(badReference.status).toBe(400);
      expect(Object.keys(badReference.body.errors ?? {})).toEqual([`lines.1.${fields[0]}`]);
      const foreignLine = await t.call('PATCH', `/api${path}/${row.id}`, {
        token: writer(),
        body: { ...update, lines: [{ ...good, id: 987654321 }] },
      });
      expect(foreignLine.status).toBe(400);
      expect(foreignLine.body.errors).toHaveProperty('lines.0.id');
      const zero = await t.call('PATCH', `/api${path}/${row.id}`, {
        token: writer(),
        body: { ...update, lines: [{ ...good, quantity: 0 }] },
      });
      expect(zero.status).toBe(400);
      expect(await get(row.id)).toEqual(row);
    });
  });

  describe.runIf(definition.references || definition.lines?.references)('references', () => {
    const pathOf = (resource: string) =>
      resourceServices.find((other) => other.definition.name === resource)?.definition.path;
    const nameOf = async (
      resource: string,
      id: unknown,
      labelFields: readonly string[] = ['name'],
    ) => {
      const found = await t.call<Data<Record<string, unknown>>>(
        'GET',
        `/api${pathOf(resource)}/${String(id)}`,
        {
          token: superAdmin,
        },
      );
      return labelFields.map((field) => found.body.data[field]).join(' ');
    };

    it('list and view rows carry the referenced names; lines carry theirs', async () => {
      const row = await create();
      const listed = await t.call<Data<{ results: Row[] }>>(
        'GET',
        `/api${path}?filter[id]=${row.id}`,
        {
          token: writer(),
        },
      );
      const inList = listed.body.data.results[0];
      for (const [field, reference] of Object.entries(definition.references ?? {})) {
        if (row[field] === null || row[field] === undefined) continue;
        const expected = await nameOf(reference.resource, row[field], reference.labelFields);
        expect(inList?.[reference.as], field).toBe(expected);
        expect(row[reference.as], field).toBe(expected);
      }
      for (const [field, reference] of Object.entries(definition.lines?.references ?? {})) {
        for (const line of (await get(row.id)).lines as Record<string, unknown>[]) {
          expect(line[reference.as]).toBe(
            await nameOf(reference.resource, line[field], reference.labelFields),
          );
        }
      }
    });

    it("refuses another company's row in a reference field (400 on that field)", async () => {
      for (const [field, reference] of Object.entries(definition.references ?? {})) {
        const theirs = await t.call<Data<{ results: { id: number }[] }>>(
          'GET',
          `/api${pathOf(reference.resource)}?perPage=1`,
          {
            token: tokens.otherTenant,
          },
        );
        const foreign = theirs.body.data.results[0]?.id;
        if (!foreign) continue;
        const body = { ...(await sample.create(t, writer())), [field]: foreign };
        const res = await t.call('POST', `/api${path}`, { token: writer(), body });
        // A field the payload cannot set (who created it) is refused as unknown instead.
        expect(res.status, field).toBe(400);
        if (field in definition.create.shape) expect(res.body.errors, field).toHaveProperty(field);
      }
    });
  });
});
