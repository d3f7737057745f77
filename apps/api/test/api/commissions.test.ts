import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  commissionMessages,
  type CarrierStatementDetail,
  type CommissionPlan,
  type CommissionStatement,
  type ReconLine,
} from '@portal/contract/resources/commissions';
import type { BillPayment } from '@portal/contract/resources/billpay';
import type { Sale } from '@portal/contract/resources/sales';
import { billPayments } from '../../src/modules/billpay/schema.ts';
import {
  carrierStatements,
  commissionLines,
  commissionPeriods,
  commissionPlans,
  commissionRuleVersions,
} from '../../src/modules/commissions/schema.ts';
import { stores } from '../../src/modules/organisation/schema.ts';
import { activations, saleReturns, sales } from '../../src/modules/sales/schema.ts';
import { users } from '../../src/modules/users/schema.ts';
import { assignStores } from '../support/store-assignments.ts';
import { signInStoreStaff, type StoreStaff } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { makeProduct, nextIccid, nextImei, stockQuantity } from './sales-fixtures.ts';

type Reply<T> = { success: boolean; message: string; data: T };

let t: TestApp;
let associate: StoreStaff;
let agent: string;
let otherTenant: string;
/** A month with no demo sales, so the figures are this test's alone. */
const PERIOD = '2025-03';
const carrier = `Test Wireless ${String(Date.now() % 1e6)}`;
let activationIds: number[] = [];
let phones: string[] = [];
let imeis: string[] = [];
let iccids: string[] = [];
let activationPlan: CommissionPlan;
let saleLineId = 0;

const call = <T>(method: string, path: string, token: string, body?: unknown) =>
  t.call<Reply<T>>(method, `/api${path}`, { token, body });

const compute = (token = agent) =>
  call<{ lines: number }>('POST', '/commission-periods/compute', token, { period: PERIOD });

const linesOf = () =>
  t.database.db
    .select()
    .from(commissionLines)
    .where(eq(commissionLines.company_id, associate.companyId))
    .orderBy(commissionLines.id);

const csvOf = (rows: string[][]) =>
  ['Phone Number,IMEI,ICCID,Activation Date,Amount Paid', ...rows.map((r) => r.join(','))].join(
    '\n',
  );

beforeAll(async () => {
  t = await startTestApp();
  associate = await signInStoreStaff(t, 'employee@demo.example');
  agent = await t.login('agent@demo.example');
  otherTenant = await t.login('admin@northwind.example');
  await assignStores(t, associate.companyId, [associate.id], [associate.storeId]);
  const [me] = await t.database.db
    .select({ role_id: users.role_id })
    .from(users)
    .where(eq(users.id, associate.id));
  const roleId = me?.role_id ?? 0;
  // The demo's plans (for this role) and the lines computed under them go: this test writes its
  // own and counts every commission line of the company.
  for (const table of [commissionLines, commissionRuleVersions, commissionPlans, commissionPeriods])
    await t.database.db.delete(table).where(eq(table.company_id, associate.companyId));

  // Activations: $10 each up to 5 a month, $15 above; accessories: 10% of the net.
  const plan = await call<CommissionPlan>('POST', '/commission-plans', agent, {
    name: 'Associate activations',
    role_id: roleId,
    category: 'activation',
    rate_type: 'flat',
    rate: 800,
    quota_units: 5,
    rate_above_quota: 1_500,
  });
  expect(plan.status).toBe(200);
  const edited = await call<CommissionPlan>(
    'PATCH',
    `/commission-plans/${String(plan.body.data.id)}`,
    agent,
    { rate: 1_000 },
  );
  expect(edited.status).toBe(200);
  activationPlan = edited.body.data;
  const accessoryPlan = await call<CommissionPlan>('POST', '/commission-plans', agent, {
    name: 'Associate accessories',
    role_id: roleId,
    category: 'accessory',
    rate_type: 'percent',
    rate: 1_000,
  });
  expect(accessoryPlan.status).toBe(200);
  const rate = await call('POST', '/commission-carrier-rates', agent, {
    carrier,
    expected_cents: 4_500,
  });
  expect(rate.status).toBe(200);

  const customer = await call<{ id: number }>('POST', '/customers', agent, {
    first_name: 'Commission',
    last_name: 'Customer',
    phone: `7${String(Date.now() % 1e9).padStart(9, '0')}`,
  });
  phones = Array.from({ length: 10 }, (_, i) => `21255501${String(i).padStart(2, '0')}`);
  imeis = phones.map(() => nextImei());
  iccids = phones.map(() => nextIccid());
  // Ten activations rung up by the associate on March 10 (the fixture writes them as made then).
  const rows = await t.database.db
    .insert(activations)
    .values(
      phones.map((phone, i) => ({
        company_id: associate.companyId,
        store_id: associate.storeId,
        customer_id: customer.body.data.id,
        status: 'active',
        carrier,
        plan: 'Unlimited',
        imei: imeis[i] ?? '',
        iccid: iccids[i] ?? '',
        phone_number: phone,
        created_by: associate.id,
        created_at: `2025-03-10T15:${String(i).padStart(2, '0')}:00Z`,
      })),
    )
    .returning({ id: activations.id });
  activationIds = rows.map((r) => r.id);

  // Two accessories at $20 on one sale, completed on March 11.
  const product = await makeProduct(t, agent, 'accessory', 2_000);
  await stockQuantity(t, associate, product, 2);
  const sale = await call<Sale>('POST', '/sales', associate.token, {
    store_id: associate.storeId,
    lines: [{ product_id: product, quantity: 2 }],
  });
  expect(sale.status).toBe(200);
  const paid = await call<Sale>(
    'POST',
    `/sales/${String(sale.body.data.id)}/complete`,
    associate.token,
    {
      payments: [{ method: 'card', amount_cents: sale.body.data.total_cents }],
    },
  );
  expect(paid.status).toBe(200);
  saleLineId = sale.body.data.lines?.[0]?.id ?? 0;
  await t.database.db
    .update(sales)
    .set({ completed_at: '2025-03-11T18:00:00Z' })
    .where(and(eq(sales.company_id, associate.companyId), eq(sales.id, sale.body.data.id)));
});
afterAll(() => t.close());

describe('commission plans', () => {
  it('every edit makes a new rule version', () => {
    expect(activationPlan.version).toBe(2);
    expect(activationPlan.version_id).not.toBeNull();
  });

  it('a second plan for the same role and category is refused', async () => {
    const twin = await call('POST', '/commission-plans', agent, {
      name: 'Twin',
      role_id: activationPlan.role_id,
      category: 'activation',
      rate_type: 'flat',
      rate: 100,
    });
    expect(twin.status).toBe(409);
    expect(twin.body.message).toBe(commissionMessages.planDuplicate);
  });
});

describe('computing a period', () => {
  it('earns per plan with the quota; every line keeps its rule version, source and employee', async () => {
    const first = await compute();
    expect(first.status).toBe(200);
    const lines = await linesOf();
    const forActivations = lines.filter((l) => l.source_kind === 'activation');
    expect(forActivations.map((l) => l.source_id).sort()).toEqual([...activationIds].sort());
    // Five at $10, five above the quota at $15.
    expect(forActivations.map((l) => l.amount_cents)).toEqual([
      1_000, 1_000, 1_000, 1_000, 1_000, 1_500, 1_500, 1_500, 1_500, 1_500,
    ]);
    expect(new Set(forActivations.map((l) => l.rule_version_id))).toEqual(
      new Set([activationPlan.version_id]),
    );
    expect(new Set(lines.map((l) => l.employee_id))).toEqual(new Set([associate.id]));
    const accessory = lines.find((l) => l.source_kind === 'sale_line');
    expect(accessory).toMatchObject({
      source_id: saleLineId,
      basis_cents: 4_000,
      amount_cents: 400,
    });
  });

  it('recomputing twice changes nothing: the same rows and the same totals', async () => {
    const before = await linesOf();
    const periods = await call<{ period: string; total_cents: number; lines: number }[]>(
      'GET',
      '/commission-periods',
      agent,
    );
    expect((await compute()).status).toBe(200);
    expect((await compute()).status).toBe(200);
    const after = await linesOf();
    const shape = (rows: typeof before) =>
      rows.map(({ id, amount_cents, source_kind, source_id, rule_version_id, employee_id }) => ({
        id,
        amount_cents,
        source_kind,
        source_id,
        rule_version_id,
        employee_id,
      }));
    expect(shape(after)).toEqual(shape(before));
    const again = await call<{ period: string; total_cents: number; lines: number }[]>(
      'GET',
      '/commission-periods',
      agent,
    );
    const march = (rows: { period: string; total_cents: number; lines: number }[]) => {
      const found = rows.find((p) => p.period === PERIOD);
      return found && { lines: found.lines, total_cents: found.total_cents };
    };
    expect(march(again.body.data)).toEqual(march(periods.body.data));
    expect(march(again.body.data)?.total_cents).toBe(5 * 1_000 + 5 * 1_500 + 400);
  });

  it('the employee view, the manager view and the export give the same totals', async () => {
    const mine = await call<CommissionStatement>(
      'GET',
      `/commissions/my?period=${PERIOD}`,
      associate.token,
    );
    expect(mine.status).toBe(200);
    expect(mine.body.data.total_cents).toBe(12_900);
    const team = await call<CommissionStatement>(
      'GET',
      `/commissions/statements?period=${PERIOD}&level=store&id=${String(associate.storeId)}`,
      agent,
    );
    expect(team.status).toBe(200);
    const row = team.body.data.employees.find((e) => e.employee_id === associate.id);
    expect(row?.total_cents).toBe(mine.body.data.total_cents);
    expect(team.body.data.total_cents).toBe(mine.body.data.total_cents);
    const exported = await call<{ csv: string; total_cents: number }>(
      'GET',
      `/commissions/export?period=${PERIOD}&level=store&id=${String(associate.storeId)}`,
      agent,
    );
    expect(exported.status).toBe(200);
    const amounts = exported.body.data.csv
      .trim()
      .split('\r\n')
      .slice(1, -1)
      .map((line) => Math.round(Number(line.split(',')[11]) * 100));
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(mine.body.data.total_cents);
    expect(exported.body.data.total_cents).toBe(mine.body.data.total_cents);
    // The associate reads only their own statement.
    const refused = await call(
      'GET',
      `/commissions/export?period=${PERIOD}&level=store&id=${String(associate.storeId)}`,
      associate.token,
    );
    expect(refused.status).toBe(403);
  });
});

describe('returns', () => {
  it("a return in the period reverses the line's commission with a negative line", async () => {
    const sale = await t.database.db
      .select({ id: sales.id })
      .from(sales)
      .where(
        and(
          eq(sales.company_id, associate.companyId),
          eq(sales.completed_at, '2025-03-11T18:00:00Z'),
        ),
      );
    const returned = await call<{ id: number }>('POST', '/sale-returns', agent, {
      type: 'bre',
      sale_id: sale[0]?.id,
      sale_line_id: saleLineId,
      reason: 'Changed mind',
      override_reason: 'Store manager agreed',
    });
    expect(returned.status).toBe(200);
    await t.database.db
      .update(saleReturns)
      .set({ created_at: '2025-03-12T10:00:00Z' })
      .where(
        and(
          eq(saleReturns.company_id, associate.companyId),
          eq(saleReturns.id, returned.body.data.id),
        ),
      );
    expect((await compute()).status).toBe(200);
    const forLine = (await linesOf()).filter(
      (l) => l.source_kind === 'sale_line' && l.source_id === saleLineId,
    );
    expect(forLine.map((l) => [l.kind, l.amount_cents])).toEqual([
      ['earned', 400],
      ['returned', -400],
    ]);
    const mine = await call<CommissionStatement>(
      'GET',
      `/commissions/my?period=${PERIOD}`,
      associate.token,
    );
    expect(mine.body.data.total_cents).toBe(12_500);
  });
});

describe('carrier statements', () => {
  let statement: CarrierStatementDetail;

  it('ten activations, one underpaid, one missing, one extra: exactly those classes', async () => {
    const rows = phones.slice(0, 9).map((phone, i) => [
      // One matched on its IMEI alone, one on its ICCID two days later, the rest by number.
      i === 1 ? '' : i === 2 ? '' : phone,
      i === 1 ? (imeis[1] ?? '') : '',
      i === 2 ? (iccids[2] ?? '') : '',
      i === 2 ? '2025-03-12' : '2025-03-10',
      i === 8 ? '30.00' : '45.00',
    ]);
    rows.push(['3105559999', '', '', '2025-03-10', '45.00']);
    const res = await call<CarrierStatementDetail>('POST', '/carrier-statements', agent, {
      carrier,
      period: PERIOD,
      csv: csvOf(rows),
    });
    expect(res.status).toBe(200);
    statement = res.body.data;
    expect(statement.counts).toEqual({ paid: 8, underpaid: 1, unpaid: 1, not_in_pos: 1 });
    const classOf = (id: number | undefined) =>
      statement.lines.find((l) => l.activation_id === id)?.class;
    expect(classOf(activationIds[8])).toBe('underpaid');
    expect(classOf(activationIds[9])).toBe('unpaid');
    expect(statement.lines.find((l) => l.activation_id === null)?.phone_number).toBe('3105559999');
  });

  it('a line matched on its IMEI under another number is number_changed', async () => {
    const res = await call<CarrierStatementDetail>('POST', '/carrier-statements', agent, {
      carrier,
      period: PERIOD,
      csv: csvOf([['6465550000', imeis[0] ?? '', '', '2025-03-11', '45.00']]),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.lines.find((l) => l.line_no === 2)?.class).toBe('number_changed');
  });

  it('a bad line is a 400 naming it, and nothing is written', async () => {
    const count = async () =>
      Number(
        (
          await t.database.db
            .select({ n: sql<number>`count(*)::int` })
            .from(carrierStatements)
            .where(eq(carrierStatements.company_id, associate.companyId))
        )[0]?.n,
      );
    const before = await count();
    const res = await t.call<{
      message: string;
      data: { errors: { line: number; field: string }[] };
    }>('POST', '/api/carrier-statements', {
      token: agent,
      body: {
        carrier,
        period: PERIOD,
        csv: csvOf([
          [phones[0] ?? '', '', '', '2025-03-10', '45.00'],
          [phones[1] ?? '', '', '', '2025-03-10', 'forty'],
        ]),
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('line 3');
    expect(res.body.data.errors).toEqual([
      expect.objectContaining({ line: 3, field: 'amount_paid' }),
    ]);
    expect(await count()).toBe(before);
  });

  it('a confirmed chargeback reverses the commission; a negative line is one too', async () => {
    const line = statement.lines.find((l) => l.activation_id === activationIds[3]) as ReconLine;
    const res = await call<CarrierStatementDetail>(
      'POST',
      `/carrier-statement-lines/${String(line.id)}/chargeback`,
      agent,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.lines.find((l) => l.id === line.id)?.chargeback).toBe(true);
    const again = await call(
      'POST',
      `/carrier-statement-lines/${String(line.id)}/chargeback`,
      agent,
    );
    expect(again.status).toBe(409);

    const negative = await call<CarrierStatementDetail>('POST', '/carrier-statements', agent, {
      carrier,
      period: PERIOD,
      csv: csvOf([[phones[6] ?? '', '', '', '2025-03-10', '-45.00']]),
    });
    expect(negative.status).toBe(200);
    expect(negative.body.data.lines.find((l) => l.line_no === 2)?.chargeback).toBe(true);

    const lines = await t.database.db
      .select()
      .from(commissionLines)
      .where(
        and(
          eq(commissionLines.company_id, associate.companyId),
          inArray(commissionLines.source_id, [activationIds[3] ?? 0, activationIds[6] ?? 0]),
          eq(commissionLines.source_kind, 'activation'),
        ),
      );
    for (const id of [activationIds[3], activationIds[6]]) {
      const mine = lines.filter((l) => l.source_id === id);
      expect(mine.map((l) => l.kind).sort()).toEqual(['chargeback', 'earned']);
      expect(mine.reduce((sum, l) => sum + l.amount_cents, 0)).toBe(0);
      expect(mine.every((l) => l.employee_id === associate.id)).toBe(true);
    }
  });

  it("another company's statement, line or plan is a 404", async () => {
    expect(
      (await call('GET', `/carrier-statements/${String(statement.id)}`, otherTenant)).status,
    ).toBe(404);
    const line = statement.lines[0] as ReconLine;
    expect(
      (await call('POST', `/carrier-statement-lines/${String(line.id)}/chargeback`, otherTenant))
        .status,
    ).toBe(404);
    expect(
      (
        await call('PATCH', `/commission-plans/${String(activationPlan.id)}`, otherTenant, {
          rate: 1,
        })
      ).status,
    ).toBe(404);
    const theirs = await call<CommissionStatement>(
      'GET',
      `/commissions/statements?period=${PERIOD}&level=store&id=${String(associate.storeId)}`,
      otherTenant,
    );
    expect(theirs.status).toBe(404);
  });
});

describe('closing a period', () => {
  it('freezes it: a recompute is refused with a 409 naming the period', async () => {
    const closed = await call('POST', '/commission-periods/close', agent, { period: PERIOD });
    expect(closed.status).toBe(200);
    const before = await linesOf();
    const refused = await compute();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(commissionMessages.periodClosed(PERIOD));
    expect(await linesOf()).toEqual(before);
  });
});

describe("a month is the store's local month; bill payments earn in bill_pay", () => {
  /** Another month with no demo sales, closed at the end of this block. */
  const MAY = '2025-05';
  const computeMay = (period = MAY) =>
    call<{ lines: number }>('POST', '/commission-periods/compute', agent, { period });
  const periodId = async (period: string) =>
    (
      await t.database.db
        .select({ id: commissionPeriods.id })
        .from(commissionPeriods)
        .where(
          and(
            eq(commissionPeriods.company_id, associate.companyId),
            eq(commissionPeriods.period, period),
          ),
        )
    )[0]?.id;
  const linesOfSource = (kind: string, id: number) =>
    t.database.db
      .select()
      .from(commissionLines)
      .where(
        and(
          eq(commissionLines.company_id, associate.companyId),
          eq(commissionLines.source_kind, kind),
          eq(commissionLines.source_id, id),
        ),
      );
  let activationId = 0;
  let paymentId = 0;

  beforeAll(async () => {
    // The store keeps New York time: 03:30 UTC on June 1 is 23:30 on May 31 there.
    await t.database.db
      .update(stores)
      .set({ time_zone: 'America/New_York' })
      .where(and(eq(stores.company_id, associate.companyId), eq(stores.id, associate.storeId)));
    const [earlier] = await t.database.db
      .select({ customer_id: activations.customer_id })
      .from(activations)
      .where(inArray(activations.id, activationIds));
    const [made] = await t.database.db
      .insert(activations)
      .values({
        company_id: associate.companyId,
        store_id: associate.storeId,
        customer_id: earlier?.customer_id ?? 0,
        status: 'active',
        carrier,
        plan: 'Unlimited',
        imei: nextImei(),
        iccid: nextIccid(),
        phone_number: '2125559931',
        created_by: associate.id,
        created_at: '2025-06-01T03:30:00Z',
      })
      .returning({ id: activations.id });
    activationId = made?.id ?? 0;

    // A bill paid at the counter by the associate, sent to the provider on May 20.
    const [me] = await t.database.db
      .select({ role_id: users.role_id })
      .from(users)
      .where(eq(users.id, associate.id));
    const plan = await call<CommissionPlan>('POST', '/commission-plans', agent, {
      name: 'Associate bill pay',
      role_id: me?.role_id ?? 0,
      category: 'bill_pay',
      rate_type: 'flat',
      rate: 150,
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    const paid = await call<BillPayment>('POST', '/bill-payments', associate.token, {
      store_id: associate.storeId,
      carrier: 'Verizon',
      account_number: '3405557790',
      amount_cents: 6_000,
      fee_cents: 200,
      payments: [{ method: 'cash', amount_cents: 6_200 }],
      idempotency_key: `commissions-${String(Date.now())}`,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    paymentId = paid.body.data.id;
    await t.database.db
      .update(billPayments)
      .set({ sent_at: '2025-05-20T16:00:00Z' })
      .where(and(eq(billPayments.company_id, associate.companyId), eq(billPayments.id, paymentId)));
  });

  it('an activation at 23:30 local on May 31 counts in May, not in June', async () => {
    expect((await computeMay()).status).toBe(200);
    expect((await computeMay('2025-06')).status).toBe(200);
    const lines = await linesOfSource('activation', activationId);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.period_id).toBe(await periodId(MAY));
    expect(lines[0]?.amount_cents).toBe(1_000);
  });

  it('a bill payment earns a bill_pay line for the cashier; recomputing twice changes nothing', async () => {
    expect((await computeMay()).status).toBe(200);
    const before = await linesOfSource('bill_payment', paymentId);
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({
      category: 'bill_pay',
      kind: 'earned',
      employee_id: associate.id,
      store_id: associate.storeId,
      units: 1,
      basis_cents: 6_000,
      amount_cents: 150,
      period_id: await periodId(MAY),
    });
    expect((await computeMay()).status).toBe(200);
    expect((await computeMay()).status).toBe(200);
    expect(await linesOfSource('bill_payment', paymentId)).toEqual(before);
    const mine = await call<CommissionStatement>(
      'GET',
      `/commissions/my?period=${MAY}`,
      associate.token,
    );
    expect(mine.status).toBe(200);
    expect(mine.body.data.total_cents).toBe(1_000 + 150);
  });

  it('a failed payment earns nothing, and a closed month keeps its lines (409)', async () => {
    await t.database.db
      .update(billPayments)
      .set({ status: 'failed' })
      .where(and(eq(billPayments.company_id, associate.companyId), eq(billPayments.id, paymentId)));
    expect((await computeMay()).status).toBe(200);
    expect(await linesOfSource('bill_payment', paymentId)).toEqual([]);
    await t.database.db
      .update(billPayments)
      .set({ status: 'confirmed' })
      .where(and(eq(billPayments.company_id, associate.companyId), eq(billPayments.id, paymentId)));
    expect((await computeMay()).status).toBe(200);
    expect(await linesOfSource('bill_payment', paymentId)).toHaveLength(1);
    expect((await call('POST', '/commission-periods/close', agent, { period: MAY })).status).toBe(
      200,
    );
    const frozen = await linesOfSource('bill_payment', paymentId);
    const refused = await computeMay();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(commissionMessages.periodClosed(MAY));
    expect(await linesOfSource('bill_payment', paymentId)).toEqual(frozen);
  });
});
