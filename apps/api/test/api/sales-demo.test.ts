import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { CommissionStatement } from '@portal/contract/resources/commissions';
import type { Sale } from '@portal/contract/resources/sales';
import { billPayments } from '../../src/modules/billpay/schema.ts';
import { products } from '../../src/modules/catalog/schema.ts';
import { periodOf } from '../../src/modules/commissions/compute.ts';
import { signInPerson, type Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// The counter's demo (issue 17): plans and features in the catalog, a feature add-on sold on a
// demo customer's line, and commission plans under which the demo's sales and bill payments have
// computed lines, all there on a fresh start.

type Reply<T> = { success: boolean; message: string; data: T };
type Page<T> = { results: T[]; total: number };

let t: TestApp;
let agent: Person;

const call = <T>(path: string) => t.call<Reply<T>>('GET', `/api${path}`, { token: agent.token });

beforeAll(async () => {
  t = await startTestApp();
  agent = await signInPerson(t, 'agent@demo.example');
});
afterAll(async () => t.close());

describe('the sales demo', () => {
  it('sells plans and features: products of those kinds, without serials', async () => {
    const services = await t.database.db
      .select({ name: products.name, kind: products.kind, serial: products.is_serialized })
      .from(products)
      .where(
        and(eq(products.company_id, agent.companyId), inArray(products.kind, ['plan', 'feature'])),
      );
    expect(services.map((s) => s.kind)).toEqual(expect.arrayContaining(['plan', 'feature']));
    expect(services.every((s) => !s.serial)).toBe(true);
  });

  it('has a completed feature add-on on a customer line, listed with the add-ons', async () => {
    const list = await call<Page<Sale>>('/sales?filter[kind]=feature_addon');
    expect(list.status).toBe(200);
    const addOn = list.body.data.results[0];
    expect(addOn).toMatchObject({ kind: 'feature_addon', status: 'completed' });
    expect(addOn?.activation_id).not.toBeNull();
    expect(addOn?.customer_id).not.toBeNull();
  });

  it('computes commission lines for the bill payment, named by its reference, customer and amount', async () => {
    const [bill] = await t.database.db
      .select()
      .from(billPayments)
      .where(
        and(
          eq(billPayments.company_id, agent.companyId),
          eq(billPayments.kind, 'bill'),
          eq(billPayments.status, 'confirmed'),
        ),
      );
    expect(bill?.sent_at).toBeTruthy();
    const period = periodOf(bill?.sent_at ?? '');
    const statement = await call<CommissionStatement>(`/commissions/statements?period=${period}`);
    expect(statement.status).toBe(200);
    const line = statement.body.data.lines.find(
      (l) => l.source_kind === 'bill_payment' && l.source_id === bill?.id,
    );
    expect(line).toMatchObject({ category: 'bill_pay', kind: 'earned', amount_cents: 100 });
    expect(line?.source_label).toBe(
      `Bill payment Verizon ${bill?.provider_reference ?? ''} · Grace Hodge · $85.00`,
    );
    // The day's sale lines earn too, named by their sale and product.
    expect(
      statement.body.data.lines.some(
        (l) => l.source_kind === 'sale_line' && /^Sale #\d+ · .+ × \d+$/.test(l.source_label),
      ),
    ).toBe(true);
  });
});
