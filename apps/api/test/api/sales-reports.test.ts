import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import type { SalesDetails, SalesReport, SalesReportRow } from '@portal/contract/sales-reports';
import { salesReportMessages } from '@portal/contract/sales-reports';
import { categories, products } from '../../src/modules/catalog/schema.ts';
import { hrTimecards } from '../../src/modules/hr/schema.ts';
import { stores } from '../../src/modules/organisation/schema.ts';
import {
  activations,
  customers,
  saleLines,
  saleReturns,
  sales,
} from '../../src/modules/sales/schema.ts';
import { signInPerson, signInStoreStaff, type StoreStaff } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { nextIccid, nextImei } from './sales-fixtures.ts';

type Reply<T> = { success: boolean; message: string; data: T; errors?: Record<string, string[]> };

let t: TestApp;
/** Sales Associate of the demo home store: sees that store only. */
let associate: StoreStaff;
/** The company's master agent: the whole company. */
let agent: { token: string; id: number };
let otherTenant: string;
let home: number;
let other: number;

const get = <T>(path: string, token: string) => t.call<Reply<T>>('GET', `/api${path}`, { token });
const report = (query: string, token = agent.token) =>
  get<SalesReport>(`/sales-reports?${query}`, token);
const rowOf = (rows: SalesReportRow[], key: number | string) =>
  rows.find((row) => row.key === String(key));

// Every fact of this file lies in January 2025 (the demo's sales are recent), in New York time.
const RANGE = 'from=2025-01-10&to=2025-01-12';

/** The seeded sales, line by line: what the report's totals must add up to. */
const seeded: {
  store: number;
  seller: number;
  lines: { product: number; qty: number; total: number }[];
}[] = [];

async function sale(
  store: number,
  seller: number,
  completedAt: string,
  lines: { product: number; qty: number; total: number }[],
  status: 'completed' | 'held' | 'voided' = 'completed',
) {
  const db = t.database.db;
  const total = lines.reduce((sum, line) => sum + line.total, 0);
  const [row] = await db
    .insert(sales)
    .values({
      company_id: associate.companyId,
      store_id: store,
      status,
      subtotal_cents: total,
      total_cents: total,
      paid_cents: status === 'completed' ? total : 0,
      completed_at: status === 'held' ? null : completedAt,
      created_by: seller,
    })
    .returning({ id: sales.id });
  const saleId = row?.id ?? 0;
  const ids = await db
    .insert(saleLines)
    .values(
      lines.map((line) => ({
        company_id: associate.companyId,
        sale_id: saleId,
        product_id: line.product,
        quantity: line.qty,
        unit_price_cents: Math.round(line.total / line.qty),
        total_cents: line.total,
      })),
    )
    .returning({ id: saleLines.id });
  if (status === 'completed') seeded.push({ store, seller, lines });
  return { saleId, lineIds: ids.map((r) => r.id) };
}

let device: number;
let accessory: number;
let caseCategory: number;
let returnedLine: number;

beforeAll(async () => {
  t = await startTestApp();
  associate = await signInStoreStaff(t, 'employee@demo.example');
  const master = await signInPerson(t, 'agent@demo.example');
  agent = { token: master.token, id: master.id };
  otherTenant = await t.login('admin@northwind.example');
  const db = t.database.db;
  const c = associate.companyId;
  home = associate.storeId;
  const [second] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.company_id, c), ne(stores.id, home), eq(stores.is_active, true)))
    .limit(1);
  other = second?.id ?? 0;
  await db
    .update(stores)
    .set({ time_zone: 'America/New_York' })
    .where(and(eq(stores.company_id, c), eq(stores.id, home)));
  await db
    .update(stores)
    .set({ time_zone: 'America/Los_Angeles' })
    .where(and(eq(stores.company_id, c), eq(stores.id, other)));
  const [category] = await db
    .insert(categories)
    .values({ company_id: c, name: `Report cases ${String(Date.now())}` })
    .returning({ id: categories.id });
  caseCategory = category?.id ?? 0;
  const made = await db
    .insert(products)
    .values([
      {
        company_id: c,
        name: 'Report phone',
        sku: `RPT-PH-${String(Date.now())}`,
        kind: 'device',
        price_cents: 80_000,
      },
      {
        company_id: c,
        name: 'Report case',
        sku: `RPT-CS-${String(Date.now())}`,
        kind: 'accessory',
        price_cents: 2_000,
        category_id: caseCategory,
      },
    ])
    .returning({ id: products.id });
  device = made[0]?.id ?? 0;
  accessory = made[1]?.id ?? 0;

  // Jan 11, 10:00 in New York: a phone and a case (attached), by the associate.
  const first = await sale(home, associate.id, '2025-01-11T15:00:00Z', [
    { product: device, qty: 1, total: 86_600 },
    { product: accessory, qty: 2, total: 4_330 },
  ]);
  returnedLine = first.lineIds[1] ?? 0;
  // Jan 10, 23:30 in New York (Jan 11 UTC): a case, by the agent.
  await sale(home, agent.id, '2025-01-11T04:30:00Z', [
    { product: accessory, qty: 1, total: 2_165 },
  ]);
  // Jan 12 in Los Angeles, by the associate at the other store: a phone alone.
  await sale(other, associate.id, '2025-01-12T20:00:00Z', [
    { product: device, qty: 1, total: 86_600 },
  ]);
  // Not sales of the range: held, voided, and one of Jan 13 in New York (Jan 13 04:00 UTC is Jan 12
  // 23:00 there: it counts) against one of Jan 13 05:30 UTC (00:30 on the 13th: it does not).
  await sale(
    home,
    associate.id,
    '2025-01-11T16:00:00Z',
    [{ product: device, qty: 1, total: 1 }],
    'held',
  );
  await sale(
    home,
    associate.id,
    '2025-01-11T16:00:00Z',
    [{ product: device, qty: 1, total: 1 }],
    'voided',
  );
  await sale(home, associate.id, '2025-01-13T04:00:00Z', [
    { product: accessory, qty: 1, total: 2_165 },
  ]);
  await sale(home, associate.id, '2025-01-13T05:30:00Z', [
    { product: accessory, qty: 1, total: 999 },
  ]);
  seeded.pop();

  // The associate returns one case on Jan 12 (refund 2,165).
  await db.insert(saleReturns).values({
    company_id: c,
    store_id: home,
    sale_id: first.saleId,
    sale_line_id: returnedLine,
    type: 'bre',
    reason: 'Changed mind',
    refund_cents: 2_165,
    created_by: associate.id,
    created_at: '2025-01-12T15:00:00Z',
  });
  // One Verizon activation by the associate on Jan 11; a canceled one does not count.
  const [customer] = await db
    .insert(customers)
    .values({ company_id: c, first_name: 'Rita', last_name: 'Report', phone: '5550109911' })
    .returning({ id: customers.id });
  for (const status of ['active', 'canceled'])
    await db.insert(activations).values({
      company_id: c,
      store_id: home,
      customer_id: customer?.id ?? 0,
      status,
      carrier: 'Verizon',
      plan: 'Unlimited',
      imei: nextImei(),
      iccid: nextIccid(),
      phone_number: '5550109912',
      created_by: associate.id,
      created_at: '2025-01-11T17:00:00Z',
    });
  // The associate worked 7.5 hours at the home store on Jan 11.
  await db.insert(hrTimecards).values({
    company_id: c,
    user_id: associate.id,
    store_id: home,
    time_zone: 'America/New_York',
    clock_in: '2025-01-11T14:00:00Z',
    clock_out: '2025-01-11T21:30:00Z',
  });
});
afterAll(() => t.close());

const lineSum = (pick: (s: (typeof seeded)[number]) => boolean = () => true) =>
  seeded
    .filter(pick)
    .flatMap((s) => s.lines)
    .reduce((sum, l) => ({ total: sum.total + l.total, qty: sum.qty + l.qty }), {
      total: 0,
      qty: 0,
    });

describe('GET /sales-reports', () => {
  it('totals are the sum of the seeded sales; returns reduce net; canceled activations do not count', async () => {
    const res = await report(`${RANGE}&level=company&group_by=store`);
    expect(res.status).toBe(200);
    const { totals, rows } = res.body.data;
    const all = lineSum();
    expect(totals.sales_count).toBe(seeded.length);
    expect(totals.revenue_cents).toBe(all.total);
    expect(totals.units).toBe(all.qty);
    expect(totals.refunds_cents).toBe(2_165);
    expect(totals.returns_count).toBe(1);
    expect(totals.net_cents).toBe(all.total - 2_165);
    expect(totals.activations).toBe(1);
    // Two sales with a phone, one of them with a case.
    expect(totals.device_sales).toBe(2);
    expect(totals.attach_rate).toBe(0.5);
    const homeRow = rowOf(rows, home);
    const homeLines = lineSum((s) => s.store === home);
    expect(homeRow?.revenue_cents).toBe(homeLines.total);
    expect(homeRow?.net_cents).toBe(homeLines.total - 2_165);
    expect(homeRow?.activations).toBe(1);
    expect(rowOf(rows, other)?.revenue_cents).toBe(86_600);
    expect(rows.reduce((sum, row) => sum + row.net_cents, 0)).toBe(totals.net_cents);
  });

  it('groups by employee: sales per labour hour is net over the hours clocked', async () => {
    const res = await report(`${RANGE}&level=company&group_by=employee`);
    expect(res.status).toBe(200);
    const mine = rowOf(res.body.data.rows, associate.id);
    const net = lineSum((s) => s.seller === associate.id).total - 2_165;
    expect(mine?.net_cents).toBe(net);
    expect(mine?.sales_count).toBe(seeded.filter((s) => s.seller === associate.id).length);
    expect(mine?.activations).toBe(1);
    expect(mine?.labor_hours).toBe(7.5);
    expect(mine?.sales_per_labor_hour_cents).toBe(Math.round(net / 7.5));
    const agentRow = rowOf(res.body.data.rows, agent.id);
    expect(agentRow?.revenue_cents).toBe(2_165);
    expect(agentRow?.labor_hours).toBe(0);
    expect(agentRow?.sales_per_labor_hour_cents).toBeNull();
    expect(mine?.label).toMatch(/\S+ \S+/);
  });

  it('groups by carrier and by category', async () => {
    const carriers = (await report(`${RANGE}&level=company&group_by=carrier`)).body.data;
    expect(rowOf(carriers.rows, 'Verizon')?.activations).toBe(1);
    expect(rowOf(carriers.rows, 'Verizon')?.label).toBe('Verizon');
    expect(rowOf(carriers.rows, '')?.label).toBe('No carrier');
    expect(rowOf(carriers.rows, '')?.revenue_cents).toBe(lineSum().total);
    expect(carriers.rows.every((row) => row.labor_hours === null)).toBe(true);
    expect(carriers.totals.labor_hours).toBe(7.5);

    const byCategory = (await report(`${RANGE}&level=company&group_by=category`)).body.data;
    const cases = rowOf(byCategory.rows, caseCategory);
    expect(cases?.units).toBe(4);
    expect(cases?.revenue_cents).toBe(4_330 + 2_165 + 2_165);
    expect(cases?.refunds_cents).toBe(2_165);
    expect(rowOf(byCategory.rows, '')?.label).toBe('No category');
    // A sale with lines of two categories counts once in the totals.
    expect(byCategory.totals.sales_count).toBe(seeded.length);
  });

  it('dates are the store’s local dates, both ends included', async () => {
    const tenth = (await report('from=2025-01-10&to=2025-01-10&level=company&group_by=day')).body
      .data;
    expect(tenth.totals.revenue_cents).toBe(2_165);
    const days = (await report(`${RANGE}&level=company&group_by=day`)).body.data;
    expect(days.rows.map((row) => row.key)).toEqual(['2025-01-10', '2025-01-11', '2025-01-12']);
    // 23:00 on Jan 12 in New York is in; 00:30 on Jan 13 is not.
    expect(rowOf(days.rows, '2025-01-12')?.revenue_cents).toBe(86_600 + 2_165);
    expect(rowOf(days.rows, '2025-01-11')?.labor_hours).toBe(7.5);
  });

  it('an associate sees their own store only: another store or the company is a 403', async () => {
    const mine = await report(`${RANGE}&group_by=store`, associate.token);
    expect(mine.status).toBe(200);
    expect(mine.body.data.rows.map((row) => row.key)).toEqual([String(home)]);
    const elsewhere = await report(
      `${RANGE}&level=store&id=${String(other)}&group_by=store`,
      associate.token,
    );
    expect(elsewhere.status).toBe(403);
    expect((await report(`${RANGE}&level=company&group_by=store`, associate.token)).status).toBe(
      403,
    );
  });

  it('another company: our store is a 404 and its own figures hold none of ours', async () => {
    const ours = await report(
      `${RANGE}&level=store&id=${String(home)}&group_by=store`,
      otherTenant,
    );
    expect(ours.status).toBe(404);
    const theirs = await report(`${RANGE}&level=company&group_by=store`, otherTenant);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.totals.revenue_cents).toBe(0);
    expect(theirs.body.data.totals.activations).toBe(0);
  });

  it('a bad group-by or date is a 400 that says why', async () => {
    const group = await report('from=2025-01-10&to=2025-01-12&group_by=color');
    expect(group.status).toBe(400);
    expect(group.body.message).toContain(salesReportMessages.badGroupBy);
    const order = await report('from=2025-01-12&to=2025-01-10&group_by=store');
    expect(order.status).toBe(400);
    expect(order.body.message).toContain(salesReportMessages.rangeOrder);
    const date = await report('from=2025-13-01&to=2025-01-10&group_by=store');
    expect(date.status).toBe(400);
    expect(date.body.message).toContain(salesReportMessages.badDate);
    const long = await report('from=2024-01-01&to=2025-06-01&group_by=store');
    expect(long.status).toBe(400);
    expect(long.body.message).toContain(salesReportMessages.rangeTooLong);
  });

  it('needs read_sales_reports', async () => {
    const user = await t.login('user@demo.example');
    expect((await report(`${RANGE}&group_by=store`, user)).status).toBe(403);
  });
});

describe('GET /sales-reports/details', () => {
  it('pages the sale lines of the range, newest first, with the refund of a returned line', async () => {
    const all = seeded.flatMap((s) => s.lines).length;
    const first = await get<SalesDetails>(
      `/sales-reports/details?${RANGE}&level=company&perPage=2`,
      agent.token,
    );
    expect(first.status).toBe(200);
    expect(first.body.data.total).toBe(all);
    expect(first.body.data.results).toHaveLength(2);
    const rest = await get<SalesDetails>(
      `/sales-reports/details?${RANGE}&level=company&perPage=2&page=1`,
      agent.token,
    );
    const lines = [...first.body.data.results, ...rest.body.data.results];
    const more = await get<SalesDetails>(
      `/sales-reports/details?${RANGE}&level=company&perPage=50`,
      agent.token,
    );
    expect(more.body.data.results).toHaveLength(all);
    expect(lines.map((l) => l.line_id)).toEqual(
      more.body.data.results.slice(0, lines.length).map((l) => l.line_id),
    );
    const sold = more.body.data.results.map((l) => l.sold_at);
    expect([...sold].sort().reverse()).toEqual(sold);
    const returned = more.body.data.results.find((l) => l.line_id === returnedLine);
    expect(returned?.refund_cents).toBe(2_165);
    expect(returned?.category_name).toMatch(/^Report cases/);
    expect(returned?.sold_at).toBe('2025-01-11 10:00');
    expect(returned?.store_name).not.toBe('');
    const mine = await get<SalesDetails>(
      `/sales-reports/details?${RANGE}&level=store&id=${String(other)}`,
      associate.token,
    );
    expect(mine.status).toBe(403);
  });
});
