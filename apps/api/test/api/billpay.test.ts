import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { billPayMessages, type BillPayment } from '@portal/contract/resources/billpay';
import { salesMessages } from '@portal/contract/resources/sales';
import { billPayments } from '../../src/modules/billpay/schema.ts';
import { assignStores } from '../support/store-assignments.ts';
import { signInStoreStaff, type StoreStaff } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Reply<T> = { success: boolean; message: string; data: T; errors?: Record<string, string[]> };

/**
 * A stand-in for the provider, spoken to over HTTP (BILLPAY_PROVIDER_URL): it answers slowly
 * enough for two requests to overlap, refuses accounts ending 0000, fails (503) for those ending
 * 5000 until told otherwise, and counts the requests it got per Idempotency-Key.
 */
const calls = new Map<string, number>();
const seenAuth: string[] = [];
let outage = true;
let fake: Server;

const readJson = async (request: IncomingMessage): Promise<Record<string, unknown>> => {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return JSON.parse(text) as Record<string, unknown>;
};

async function startFakeProvider(): Promise<string> {
  fake = createServer((request, response) => {
    void (async () => {
      const body = await readJson(request);
      const key = String(request.headers['idempotency-key']);
      calls.set(key, (calls.get(key) ?? 0) + 1);
      seenAuth.push(String(request.headers.authorization));
      await new Promise((resolve) => setTimeout(resolve, 150));
      const account = String(body.account_number);
      response.setHeader('content-type', 'application/json');
      if (request.url !== '/v1/payments') {
        response.statusCode = 404;
        response.end('{}');
      } else if (account.endsWith('0000')) {
        response.statusCode = 422;
        response.end(JSON.stringify({ message: 'Account closed at the carrier' }));
      } else if (account.endsWith('5000') && outage) {
        response.statusCode = 503;
        response.end('{}');
      } else {
        response.end(
          JSON.stringify({
            status: 'confirmed',
            reference: `FAKE-${key.slice(0, 12)}`,
            pin: body.type === 'prepaid' ? '123456789012' : null,
          }),
        );
      }
    })();
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${String((fake.address() as AddressInfo).port)}/v1`;
}

let t: TestApp;
/** Sales Associate of the demo home store (works there; not company-wide). */
let associate: StoreStaff;
/** The company's master agent (company-wide). */
let agent: string;
let otherTenant: string;
let otherStoreId: number;

const call = <T>(method: string, path: string, token: string, body?: unknown, key?: string) =>
  t.call<Reply<T>>(method, `/api${path}`, {
    token,
    body,
    headers: key ? { 'idempotency-key': key } : {},
  });

let counter = 0;
const newKey = () => `test-${String(Date.now())}-${String(++counter)}`;
const callsFor = (key: string) => calls.get(`${key}.1`) ?? 0;

const bill = (over: Record<string, unknown> = {}) => ({
  store_id: associate.storeId,
  carrier: 'Verizon',
  account_number: '340-555-7781',
  account_holder: 'Pat Payer',
  amount_cents: 8_500,
  fee_cents: 200,
  payments: [
    { method: 'cash', amount_cents: 5_000 },
    { method: 'card', amount_cents: 3_700 },
  ],
  ...over,
});
const pay = (body: Record<string, unknown>, key: string, token = associate.token) =>
  call<BillPayment>('POST', '/bill-payments', token, body, key);
const rowsWithKey = async (key: string) =>
  Number(
    (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(billPayments)
        .where(eq(billPayments.idempotency_key, key))
    )[0]?.n,
  );

beforeAll(async () => {
  const url = await startFakeProvider();
  t = await startTestApp({ BILLPAY_PROVIDER_URL: url, BILLPAY_PROVIDER_KEY: 'test-secret' });
  associate = await signInStoreStaff(t, 'employee@demo.example');
  agent = await t.login('agent@demo.example');
  otherTenant = await t.login('admin@northwind.example');
  const stores = await call<{ results: { id: number }[] }>(
    'GET',
    '/stores?filter[is_active]=true&sort=id&perPage=50',
    agent,
  );
  otherStoreId = stores.body.data.results.find((s) => s.id !== associate.storeId)?.id ?? 0;
  await assignStores(t, associate.companyId, [associate.id], [associate.storeId]);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => fake.close(resolve));
});

describe('paying a bill', () => {
  it('pays once: confirmed with the provider reference, the same key replays the answer without a second call', async () => {
    const key = newKey();
    const first = await pay(bill(), key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toBe(billPayMessages.confirmed);
    expect(first.body.data).toMatchObject({
      kind: 'bill',
      status: 'confirmed',
      account_number: '3405557781',
      amount_cents: 8_500,
      fee_cents: 200,
      total_cents: 8_700,
      provider: expect.stringContaining('127.0.0.1') as string,
      provider_reference: `FAKE-${key.slice(0, 12)}`,
      attempts: 1,
    });
    expect(seenAuth.at(-1)).toBe('Bearer test-secret');
    const again = await pay(bill(), key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    // The key in the body works the same as the header.
    const byField = await pay({ ...bill(), idempotency_key: key }, '');
    expect(byField.body.data.id).toBe(first.body.data.id);
    expect(callsFor(key)).toBe(1);
    expect(await rowsWithKey(key)).toBe(1);
    const read = await call<BillPayment>(
      'GET',
      `/bill-payments/${String(first.body.data.id)}`,
      agent,
    );
    expect(read.body.data.status).toBe('confirmed');
    expect(read.body.data.created_by_name).toBeTruthy();
  });

  it('two concurrent requests with one key: the provider is called once, both get the same payment', async () => {
    const key = newKey();
    const [a, b] = await Promise.all([pay(bill(), key), pay(bill(), key)]);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    expect(a.body.data.id).toBe(b.body.data.id);
    expect(a.body.data.provider_reference).toBe(b.body.data.provider_reference);
    expect(callsFor(key)).toBe(1);
    expect(await rowsWithKey(key)).toBe(1);
  });

  it('a key reused for a different payment is a 409, nothing sent', async () => {
    const key = newKey();
    expect((await pay(bill(), key)).status).toBe(200);
    const other = await pay(
      bill({ amount_cents: 9_000, payments: [{ method: 'cash', amount_cents: 9_200 }] }),
      key,
    );
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(billPayMessages.keyReused);
    expect(callsFor(key)).toBe(1);
  });

  it('a refusal is a 422 with the provider message, stored as failed; replaying it repeats the refusal', async () => {
    const key = newKey();
    const refused = await pay(bill({ account_number: '3405550000' }), key);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Account closed at the carrier');
    const id = (refused.body.data as unknown as { id: number }).id;
    const row = await call<BillPayment>('GET', `/bill-payments/${String(id)}`, agent);
    expect(row.body.data).toMatchObject({
      status: 'failed',
      provider_message: 'Account closed at the carrier',
      provider_reference: null,
    });
    const replay = await pay(bill({ account_number: '3405550000' }), key);
    expect(replay.status).toBe(422);
    expect(callsFor(key)).toBe(1);
  });

  it('no answer from the provider is a 502 stored as failed; a retry sends the same provider key once', async () => {
    const key = newKey();
    outage = true;
    const down = await pay(bill({ account_number: '3405555000' }), key);
    expect(down.status).toBe(502);
    expect(down.body.message).toContain('could not be reached');
    const id = (down.body.data as unknown as { id: number }).id;
    outage = false;
    try {
      // A double click on Retry: one of them sends it, both get the confirmed payment.
      const [r1, r2] = await Promise.all([
        call<BillPayment>('POST', `/bill-payments/${String(id)}/retry`, associate.token, {
          attempt: 1,
        }),
        call<BillPayment>('POST', `/bill-payments/${String(id)}/retry`, associate.token, {
          attempt: 1,
        }),
      ]);
      expect(r1.status, JSON.stringify(r1.body)).toBe(200);
      expect(r2.status, JSON.stringify(r2.body)).toBe(200);
      expect(r1.body.data).toMatchObject({ id, status: 'confirmed', attempts: 2 });
      // After no answer the provider sees the same key again (it may have taken the first one).
      expect(callsFor(key)).toBe(2);
      const late = await call('POST', `/bill-payments/${String(id)}/retry`, associate.token, {
        attempt: 2,
      });
      expect(late.status).toBe(409);
      expect(late.body.message).toBe(billPayMessages.retryNotFailed);
    } finally {
      outage = true;
    }
  });
});

describe('bad input and who may pay', () => {
  it('refuses a bad account number, amount, fee, payments or key with a 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [bill({ account_number: '34055' }), 'account_number', billPayMessages.accountInvalid],
      [bill({ amount_cents: 0 }), 'amount_cents', billPayMessages.amountInvalid],
      [bill({ amount_cents: 12.5 }), 'amount_cents', billPayMessages.amountInvalid],
      [bill({ fee_cents: -1 }), 'fee_cents', billPayMessages.feeInvalid],
      [bill({ carrier: 'Acme' }), 'carrier', billPayMessages.carrierInvalid],
      [
        bill({ payments: [{ method: 'cash', amount_cents: 100 }] }),
        'payments',
        billPayMessages.paymentsMismatch('$1.00', '$87.00'),
      ],
    ];
    for (const [body, field, message] of cases) {
      const key = newKey();
      const res = await pay(body, key);
      expect(res.status, field).toBe(400);
      expect(res.body.errors?.[field], field).toContain(message);
      expect(await rowsWithKey(key)).toBe(0);
    }
    const noKey = await pay(bill(), '');
    expect(noKey.status).toBe(400);
    expect(noKey.body.message).toBe(billPayMessages.keyMissing);
    const shortKey = await pay(bill(), 'abc');
    expect(shortKey.status).toBe(400);
    expect(shortKey.body.message).toBe(billPayMessages.keyInvalid);
  });

  it('an associate pays only at a store they work at; company-wide roles anywhere', async () => {
    const key = newKey();
    const elsewhere = await pay(bill({ store_id: otherStoreId }), key);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.message).toBe(billPayMessages.notYourStore);
    expect(await rowsWithKey(key)).toBe(0);
    expect(callsFor(key)).toBe(0);
    const byAgent = await pay(bill({ store_id: otherStoreId }), newKey(), agent);
    expect(byAgent.status, JSON.stringify(byAgent.body)).toBe(200);
  });

  it('refuses someone not clocked in when the store requires it, nothing written', async () => {
    const setting = (value: unknown) =>
      call('PUT', '/org-settings/sales.require_clock_in', agent, {
        scope: 'store',
        scope_id: associate.storeId,
        value,
      });
    expect((await setting(true)).status).toBe(200);
    try {
      const key = newKey();
      const refused = await pay(bill(), key);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(salesMessages.notClockedIn);
      expect(await rowsWithKey(key)).toBe(0);
      expect(callsFor(key)).toBe(0);
    } finally {
      await setting(null);
    }
  });

  it('another company: its store and its payments are 404s', async () => {
    const mine = await pay(bill(), newKey());
    const id = String(mine.body.data.id);
    expect((await call('GET', `/bill-payments/${id}`, otherTenant)).status).toBe(404);
    expect(
      (await call('POST', `/bill-payments/${id}/retry`, otherTenant, { attempt: 1 })).status,
    ).toBe(404);
    const key = newKey();
    expect((await pay(bill(), key, otherTenant)).status).toBe(404);
    expect(callsFor(key)).toBe(0);
    const list = await call<{ results: BillPayment[] }>(
      'GET',
      '/bill-payments?perPage=100',
      otherTenant,
    );
    expect(
      list.body.data.results.some(
        (row) => String(row.id) === id && row.company_id === associate.companyId,
      ),
    ).toBe(false);
  });
});

describe('prepaid', () => {
  it('sells a PIN card of a listed face value for a phone number and answers the PIN; another value is a 400', async () => {
    const key = newKey();
    const sold = await call<BillPayment>(
      'POST',
      '/bill-payments/prepaid',
      associate.token,
      {
        store_id: associate.storeId,
        product_code: 'TMO-PIN',
        phone_number: '(340) 555-7782',
        amount_cents: 3_000,
        payments: [{ method: 'card', amount_cents: 3_000 }],
      },
      key,
    );
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect(sold.body.data).toMatchObject({
      kind: 'prepaid',
      carrier: 'T-Mobile',
      product_name: 'T-Mobile Prepaid PIN',
      account_number: '3405557782',
      pin: '123456789012',
      status: 'confirmed',
    });
    const odd = await call(
      'POST',
      '/bill-payments/prepaid',
      associate.token,
      {
        store_id: associate.storeId,
        product_code: 'TMO-PIN',
        phone_number: '3405557782',
        amount_cents: 2_000,
        payments: [{ method: 'card', amount_cents: 2_000 }],
      },
      newKey(),
    );
    expect(odd.status).toBe(400);
    expect(odd.body.errors?.amount_cents?.[0]).toBe(
      billPayMessages.faceValueInvalid('T-Mobile Prepaid PIN', '$10.00, $30.00, $50.00'),
    );
  });
});
