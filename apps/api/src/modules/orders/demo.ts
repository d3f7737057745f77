import type { ProductKind } from '@portal/contract/resources/catalog';
import type { OrderStatus } from '@portal/contract/resources/orders';
import type { RequestContext } from '../../platform/context.ts';
import type { DemoContext } from '../../platform/module.ts';
import type { Tx } from '../../platform/database.ts';
import { productsBySku } from '../catalog/api.ts';
import { scopeOptions } from '../oneview/api.ts';
import { directory } from '../users/api.ts';
import { orderLines, orders } from './schema.ts';

/** The store the demo lives in (the manager's home store, seed/demo.ts DEMO_HOME_STORE). */
const HOME_STORE = 'Charlotte Amalie';

/** The demo's orders: store (0 the home store, then others by name), kind, status, lines by SKU. */
const demoOrders: {
  store: number;
  kind: ProductKind;
  status: OrderStatus;
  note: string;
  lines: [string, number][];
}[] = [
  {
    store: 0,
    kind: 'device',
    status: 'open',
    note: 'Weekend restock (draft)',
    lines: [
      ['APL-IP16-128', 2],
      ['SAM-A16-64', 3],
    ],
  },
  {
    store: 0,
    kind: 'device',
    status: 'submitted',
    note: 'Flagship launch',
    lines: [
      ['APL-IP16P-256', 2],
      ['SAM-S25-128', 2],
    ],
  },
  {
    store: 1,
    kind: 'accessory',
    status: 'submitted',
    note: 'Chargers and cases',
    lines: [
      ['BLK-CHG-20W', 10],
      ['APL-CASE-16', 6],
    ],
  },
  { store: 1, kind: 'device', status: 'pending_shipment', note: '', lines: [['MOT-GPWR-128', 3]] },
  {
    store: 0,
    kind: 'device',
    status: 'shipped',
    note: 'Low on iPhones',
    lines: [
      ['APL-IP16-128', 2],
      ['SAM-S25-128', 1],
    ],
  },
  { store: 2, kind: 'device', status: 'received', note: '', lines: [['SAM-A16-64', 2]] },
  {
    store: 2,
    kind: 'accessory',
    status: 'canceled',
    note: 'Ordered twice',
    lines: [['ANK-PB-10K', 5]],
  },
];

/** A company-wide reader of the demo company, for the functions other modules offer. */
export const demoContext = (companyId: number): RequestContext => ({
  sessionId: 0,
  companyId,
  userId: 0,
  baseRole: 'master_agent',
  accessLevel: 4,
  permissions: {},
});

/** The demo stores in the order the demo orders name them: the home store first. */
export async function demoStores(tx: Tx, companyId: number) {
  const { stores } = await scopeOptions(tx, demoContext(companyId));
  const home = stores.find((store) => store.name === HOME_STORE);
  return home ? [home, ...stores.filter((store) => store !== home)] : stores;
}

/**
 * Orders of the main demo company in every status but under review, priced from the catalogue
 * (the inventory demo ships and receives the shipped and received ones), made by the manager.
 */
async function seedDemoOrders(tx: Tx, companyId: number) {
  const stores = await demoStores(tx, companyId);
  const products = await productsBySku(
    tx,
    companyId,
    demoOrders.flatMap((order) => order.lines.map(([sku]) => sku)),
  );
  const manager = (await directory(tx, companyId)).find((p) => p.name === 'Mina Manager');
  for (const [index, demo] of demoOrders.entries()) {
    const store = stores[demo.store % Math.max(stores.length, 1)];
    if (!store) return;
    const lines = demo.lines.flatMap(([sku, quantity]) => {
      const product = products.get(sku);
      if (!product) return [];
      const subtotal = quantity * product.price_cents;
      const tax = Math.round((subtotal * product.tax_bps) / 10_000);
      return [{ product, quantity, subtotal, tax }];
    });
    const subtotal = lines.reduce((sum, line) => sum + line.subtotal, 0);
    const tax = lines.reduce((sum, line) => sum + line.tax, 0);
    const daysAgo = demoOrders.length - index;
    const [order] = await tx
      .insert(orders)
      .values({
        company_id: companyId,
        store_id: store.id,
        kind: demo.kind,
        status: demo.status,
        note: demo.note || null,
        subtotal_cents: subtotal,
        tax_cents: tax,
        total_cents: subtotal + tax,
        created_by: manager?.id ?? null,
        created_at: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
      })
      .returning({ id: orders.id });
    if (!order) return;
    await tx.insert(orderLines).values(
      lines.map((line) => ({
        company_id: companyId,
        order_id: order.id,
        product_id: line.product.id,
        quantity: line.quantity,
        unit_price_cents: line.product.price_cents,
        tax_cents: line.tax,
        total_cents: line.subtotal + line.tax,
      })),
    );
  }
}

export async function seedOrdersDemo({ tx, companyId, demoCompany }: DemoContext) {
  if (demoCompany) await seedDemoOrders(tx, companyId);
}
