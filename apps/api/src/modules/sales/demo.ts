import { sql } from 'drizzle-orm';
import { passesLuhn, type Payment } from '@portal/contract/resources/sales';
import type { Tx } from '../../platform/database.ts';
import { storeTaxBps } from '../billing/api.ts';
import { ensureProduct, productIdsBySku, saleProductsOf } from '../catalog/api.ts';
import { addStoreUnits, sellStoreUnits } from '../inventory/api.ts';
import { directory } from '../users/api.ts';
import { activations, customers, saleDependencies, saleLines, sales } from './schema.ts';

/** `prefix` completed with the digit that makes it pass Luhn (IMEIs, ICCIDs). */
export function withCheckDigit(prefix: string): string {
  for (let digit = 0; digit <= 9; digit += 1) {
    const candidate = `${prefix}${String(digit)}`;
    if (passesLuhn(candidate)) return candidate;
  }
  throw new Error('unreachable');
}

const demoCustomers = [
  ['Grace', 'Hodge', '3405550101', 'grace.hodge@example.com', '00802'],
  ['Malik', 'Francis', '3405550102', 'malik.francis@example.com', '00802'],
  ['Sofia', 'Ramirez', '3405550103', null, '00801'],
  ['Daniel', 'Brin', '3405550104', 'dbrin@example.com', '00803'],
] as const;

/** The carrier's plans and features (services: no serial, no stock). */
const demoServices = [
  ['PLN-UNL-PLUS', 'Unlimited Plus', 'plan', 8000],
  ['PLN-UNL-WELCOME', 'Unlimited Welcome', 'plan', 6500],
  ['FTR-HOTSPOT-30', 'Hotspot 30 GB', 'feature', 1000],
  ['FTR-INTL-CALL', 'International Calling', 'feature', 1500],
] as const;

/**
 * Demo Wireless's counter at the store most of its people work at: customers, stock of phones,
 * accessories and SIM kits, plans and features, two completed sales (one today), a held sale, an
 * activation and a feature add-on sold today on its line.
 */
export async function seedSalesDemo(tx: Tx, companyId: number) {
  // What must be sold with what: the carrier's rules every activation meets.
  await tx.insert(saleDependencies).values([
    {
      company_id: companyId,
      item_kind: 'plan',
      required_kind: 'device',
      note: 'A plan needs a device',
    },
    {
      company_id: companyId,
      item_kind: 'feature',
      required_kind: 'plan',
      note: 'A feature needs a plan',
    },
  ]);
  const people = (await directory(tx, companyId)).filter((p) => p.store_id !== null);
  const counts = new Map<number, number>();
  for (const person of people)
    if (person.store_id) counts.set(person.store_id, (counts.get(person.store_id) ?? 0) + 1);
  const storeId = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const seller = people.find((person) => person.store_id === storeId);
  const skus = await productIdsBySku(tx, companyId, [
    'APL-IP16-128',
    'SAM-A16-64',
    'APL-CASE-16',
    'BLK-CHG-20W',
    'BLK-GLASS-16',
  ]);
  const [iphone, galaxy, kase, charger, glass] = [
    skus.get('APL-IP16-128'),
    skus.get('SAM-A16-64'),
    skus.get('APL-CASE-16'),
    skus.get('BLK-CHG-20W'),
    skus.get('BLK-GLASS-16'),
  ];
  if (!storeId || !seller || !iphone || !galaxy || !kase || !charger || !glass) return;
  const home: number = storeId;
  const sellerId: number = seller.id;
  const ctx = { companyId, userId: sellerId };
  const sim = await ensureProduct(tx, companyId, {
    sku: 'SIM-KIT-5G',
    name: '5G SIM Kit',
    kind: 'accessory',
    price_cents: 1000,
  });
  // The carrier's plans and features, sold on activations and as add-ons to existing lines.
  const services: Record<string, number> = {};
  for (const [sku, name, kind, price_cents] of demoServices)
    services[sku] = await ensureProduct(tx, companyId, { sku, name, kind, price_cents });
  const international = services['FTR-INTL-CALL'];
  const facts = await saleProductsOf(tx, companyId, [
    iphone,
    galaxy,
    kase,
    charger,
    glass,
    sim,
    ...Object.values(services),
  ]);

  // Stock at the store: phones by IMEI, SIM kits by ICCID, accessories by serial when serialised.
  const serialsOf = new Map<number, string[]>();
  const stock = (productId: number, serials: string[]) => serialsOf.set(productId, serials);
  const base = String(companyId).padStart(3, '0').slice(-3);
  stock(
    iphone,
    [1, 2, 3, 4, 5].map((n) => withCheckDigit(`35${base}10000000${String(n)}`.slice(0, 14))),
  );
  stock(
    galaxy,
    [1, 2, 3, 4].map((n) => withCheckDigit(`35${base}20000000${String(n)}`.slice(0, 14))),
  );
  stock(
    sim,
    [1, 2, 3, 4].map((n) => withCheckDigit(`8901260${base}0000000${String(n)}`)),
  );
  for (const [product, prefix] of [
    [kase, 'CASE'],
    [charger, 'CHG'],
    [glass, 'GLS'],
  ] as const)
    if (facts.get(product)?.is_serialized)
      stock(
        product,
        [1, 2, 3, 4, 5, 6].map((n) => `${prefix}-${base}-${String(n).padStart(4, '0')}`),
      );
  for (const [product, serials] of serialsOf)
    await addStoreUnits(tx, ctx, storeId, product, serials);
  const unit = (product: number, index: number) => serialsOf.get(product)?.[index] ?? null;

  const people4 = await tx
    .insert(customers)
    .values(
      demoCustomers.map(([first_name, last_name, phone, email, zip]) => ({
        company_id: companyId,
        first_name,
        last_name,
        phone,
        email,
        zip,
        store_id: storeId,
      })),
    )
    .returning({ id: customers.id });
  const taxBps = await storeTaxBps(tx, companyId, storeId);

  async function sale(
    customerId: number | null,
    items: { product: number; serial: string | null }[],
    done: { daysAgo: number; payments: (total: number) => Payment[] } | null,
    lineId: number | null = null,
  ) {
    const lines = items.map((item) => {
      const price = facts.get(item.product)?.price_cents ?? 0;
      const tax = Math.round((price * taxBps) / 10_000);
      return { ...item, price, tax, total: price + tax };
    });
    const subtotal = lines.reduce((sum, line) => sum + line.price, 0);
    const tax = lines.reduce((sum, line) => sum + line.tax, 0);
    const total = subtotal + tax;
    const [row] = await tx
      .insert(sales)
      .values({
        company_id: companyId,
        store_id: home,
        customer_id: customerId,
        kind: lineId === null ? 'sale' : 'feature_addon',
        activation_id: lineId,
        status: done ? 'completed' : 'held',
        subtotal_cents: subtotal,
        tax_cents: tax,
        total_cents: total,
        paid_cents: done ? total : 0,
        payments: done ? done.payments(total) : [],
        completed_at: done ? sql`now() - make_interval(days => ${done.daysAgo})` : null,
        created_by: sellerId,
      })
      .returning({ id: sales.id });
    if (!row) return;
    await tx.insert(saleLines).values(
      lines.map((line) => ({
        company_id: companyId,
        sale_id: row.id,
        product_id: line.product,
        serial: line.serial,
        quantity: 1,
        unit_price_cents: line.price,
        tax_cents: line.tax,
        total_cents: line.total,
      })),
    );
    const sold = lines.flatMap((line, index) =>
      line.serial ? [{ serial: line.serial, field: `lines.${String(index)}.serial` }] : [],
    );
    if (done) await sellStoreUnits(tx, ctx, home, sold, `Sold on sale #${String(row.id)}`);
  }

  const [grace, malik, sofia] = people4;
  await sale(
    grace?.id ?? null,
    [
      { product: iphone, serial: unit(iphone, 0) },
      { product: kase, serial: unit(kase, 0) },
    ],
    { daysAgo: 0, payments: (total) => [{ method: 'card', amount_cents: total }] },
  );
  await sale(
    malik?.id ?? null,
    [
      { product: galaxy, serial: unit(galaxy, 0) },
      { product: charger, serial: unit(charger, 0) },
    ],
    {
      daysAgo: 3,
      payments: (total) => [
        { method: 'cash', amount_cents: 10_000 },
        { method: 'card', amount_cents: total - 10_000 },
      ],
    },
  );
  await sale(sofia?.id ?? null, [{ product: glass, serial: unit(glass, 0) }], null);

  const imei = unit(iphone, 1);
  const iccid = unit(sim, 0);
  if (grace && imei && iccid) {
    await sellStoreUnits(
      tx,
      ctx,
      storeId,
      [
        { serial: imei, field: 'imei' },
        { serial: iccid, field: 'iccid' },
      ],
      'Activation of 3405550191',
    );
    const [line] = await tx
      .insert(activations)
      .values({
        company_id: companyId,
        store_id: storeId,
        customer_id: grace.id,
        status: 'active',
        carrier: 'Verizon',
        plan: 'Unlimited Plus',
        features: 'Hotspot 30 GB',
        imei,
        iccid,
        phone_number: '3405550191',
        dealer_code: 'VZ-DW-001',
        created_by: seller.id,
      })
      .returning({ id: activations.id });
    // Grace came back today for international calling on that line: a feature add-on.
    if (line && international)
      await sale(
        grace.id,
        [{ product: international, serial: null }],
        { daysAgo: 0, payments: (total) => [{ method: 'card', amount_cents: total }] },
        line.id,
      );
  }
}
