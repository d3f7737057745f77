import { sql } from 'drizzle-orm';
import type { B2BPayment } from '@portal/contract/resources/b2b';
import type { Tx } from '../../platform/database.ts';
import { storeTaxBps } from '../billing/api.ts';
import { productIdsBySku, saleProductsOf } from '../catalog/api.ts';
import { directory } from '../users/api.ts';
import { b2bAccounts, b2bInvoiceLines, b2bInvoices } from './schema.ts';

/**
 * Demo Wireless's business customer, a fleet buyer on net 30 with a 5% volume discount, and one
 * sent invoice of accessories from the store most people work at, partly paid by check.
 */
export async function seedB2BDemo(tx: Tx, companyId: number) {
  const people = (await directory(tx, companyId)).filter((p) => p.store_id !== null);
  const counts = new Map<number, number>();
  for (const person of people)
    if (person.store_id) counts.set(person.store_id, (counts.get(person.store_id) ?? 0) + 1);
  const storeId = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const seller = people.find((person) => person.store_id === storeId);
  const skus = await productIdsBySku(tx, companyId, ['APL-CASE-16', 'BLK-CHG-20W']);
  const ids = [skus.get('APL-CASE-16'), skus.get('BLK-CHG-20W')].filter(
    (id): id is number => id !== undefined,
  );
  if (!storeId || !seller || ids.length !== 2) return;
  const [account] = await tx
    .insert(b2bAccounts)
    .values({
      company_id: companyId,
      company_name: 'Island Logistics LLC',
      tax_id: '66-0412345',
      billing_contact: 'Renee Baptiste',
      billing_email: 'ap@islandlogistics.example.com',
      billing_phone: '3405550190',
      billing_address: '12 Veterans Drive, Charlotte Amalie, VI 00802',
      payment_terms: 'net_30',
      discount_bps: 500,
      credit_limit_cents: 2_500_000,
    })
    .returning({ id: b2bAccounts.id });
  if (!account) return;
  const facts = await saleProductsOf(tx, companyId, ids);
  const taxBps = await storeTaxBps(tx, companyId, storeId);
  const lines = ids.map((productId) => {
    const price = Math.round(((facts.get(productId)?.price_cents ?? 0) * 9_500) / 10_000);
    const quantity = 25;
    const tax = Math.round((price * quantity * taxBps) / 10_000);
    return { productId, quantity, price, tax, total: price * quantity + tax };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const tax = lines.reduce((sum, line) => sum + line.tax, 0);
  const total = subtotal + tax;
  const paid = Math.round(total / 2);
  const payment: B2BPayment = {
    method: 'check',
    amount_cents: paid,
    reference: 'Check 10452',
    paid_on: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
    recorded_by: seller.id,
    recorded_at: new Date().toISOString(),
  };
  const [invoice] = await tx
    .insert(b2bInvoices)
    .values({
      company_id: companyId,
      store_id: storeId,
      account_id: account.id,
      status: 'partially_paid',
      po_number: 'PO-7731',
      note: 'Fleet refresh: cases and chargers for the drivers',
      issued_on: sql`current_date - 10`,
      due_on: sql`current_date + 20`,
      subtotal_cents: subtotal,
      tax_cents: tax,
      total_cents: total,
      paid_cents: paid,
      payments: [payment],
      created_by: seller.id,
    })
    .returning({ id: b2bInvoices.id });
  if (!invoice) return;
  await tx.insert(b2bInvoiceLines).values(
    lines.map((line) => ({
      company_id: companyId,
      invoice_id: invoice.id,
      product_id: line.productId,
      quantity: line.quantity,
      unit_price_cents: line.price,
      tax_cents: line.tax,
      total_cents: line.total,
    })),
  );
}
