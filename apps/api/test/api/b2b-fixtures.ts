// Fixtures of the B2B tests (b2b.test.ts and the generic suite's samples).
import type { TestApp } from '../support/test-app.ts';

type Data<T> = { data: T };
let counter = 0;

/** A business account of the token's company (no discount, taxed, no credit limit by default). */
export async function b2bAccount(
  t: TestApp,
  token: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  counter += 1;
  const res = await t.call<Data<{ id: number }>>('POST', '/api/b2b-accounts', {
    token,
    body: {
      company_name: `Fixture Business ${String(Date.now())} ${String(counter)}`,
      billing_contact: 'Fixture Payables',
      billing_email: `ap.${String(Date.now())}.${String(counter)}@example.com`,
      ...extra,
    },
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data.id;
}

/** Sends a draft invoice and pays part (one cent short) or all of it. */
export async function payB2BInvoice(t: TestApp, token: string, id: number, how: 'part' | 'all') {
  const sent = await t.call<Data<{ total_cents: number }>>(
    'POST',
    `/api/b2b-invoices/${String(id)}/transition`,
    { token, body: { to: 'sent' } },
  );
  if (sent.status !== 200) throw new Error(JSON.stringify(sent.body));
  const total = sent.body.data.total_cents;
  const paid = await t.call('POST', `/api/b2b-invoices/${String(id)}/record_payment`, {
    token,
    body: { method: 'check', amount_cents: how === 'all' ? total : total - 1 },
  });
  if (paid.status !== 200) throw new Error(JSON.stringify(paid.body));
}
