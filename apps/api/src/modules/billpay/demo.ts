import { createHash } from 'node:crypto';
import type { Tx } from '../../platform/database.ts';
import { directory } from '../users/api.ts';
import { LOCAL_PROVIDER } from './provider.ts';
import { billPayments } from './schema.ts';

const reference = (seed: string) =>
  `LT-${createHash('sha256').update(seed).digest('hex').slice(0, 10).toUpperCase()}`;

/**
 * Demo Wireless's bill pay at the store most of its people work at: a confirmed carrier bill, one
 * refused by the carrier (stored as failed), and a prepaid PIN card.
 */
export async function seedBillPayDemo(tx: Tx, companyId: number) {
  const people = (await directory(tx, companyId)).filter((p) => p.store_id !== null);
  const counts = new Map<number, number>();
  for (const person of people)
    if (person.store_id) counts.set(person.store_id, (counts.get(person.store_id) ?? 0) + 1);
  const storeId = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const seller = people.find((person) => person.store_id === storeId);
  if (!storeId || !seller) return;
  const common = {
    company_id: companyId,
    store_id: storeId,
    provider: LOCAL_PROVIDER,
    created_by: seller.id,
  };
  await tx.insert(billPayments).values([
    {
      ...common,
      kind: 'bill',
      carrier: 'Verizon',
      account_number: '3405550101',
      account_holder: 'Grace Hodge',
      amount_cents: 8_500,
      fee_cents: 200,
      total_cents: 8_700,
      payments: [{ method: 'cash', amount_cents: 8_700 }],
      status: 'confirmed',
      provider_reference: reference('demo-bill-1'),
      idempotency_key: `demo-bill-${String(companyId)}-1`,
      request_hash: 'demo',
      sent_at: new Date(Date.now() - 26 * 3600_000).toISOString(),
    },
    {
      ...common,
      kind: 'bill',
      carrier: 'AT&T',
      account_number: '3405550000',
      account_holder: 'Malik Francis',
      amount_cents: 6_000,
      fee_cents: 0,
      total_cents: 6_000,
      payments: [{ method: 'card', amount_cents: 6_000 }],
      status: 'failed',
      provider_message: 'The carrier has no account with this number',
      failure_code: 422,
      idempotency_key: `demo-bill-${String(companyId)}-2`,
      request_hash: 'demo',
    },
    {
      ...common,
      kind: 'prepaid',
      carrier: 'T-Mobile',
      account_number: '3405550103',
      product_code: 'TMO-PIN',
      product_name: 'T-Mobile Prepaid PIN',
      amount_cents: 3_000,
      fee_cents: 0,
      total_cents: 3_000,
      payments: [
        { method: 'cash', amount_cents: 2_000 },
        { method: 'card', amount_cents: 1_000 },
      ],
      status: 'confirmed',
      provider_reference: reference('demo-prepaid-1'),
      pin: '482913650274',
      idempotency_key: `demo-prepaid-${String(companyId)}-1`,
      request_hash: 'demo',
      sent_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
    },
  ]);
}
