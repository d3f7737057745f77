import { and, gte, inArray, isNotNull, lt } from 'drizzle-orm';
import { dollars } from '@portal/contract/resources/sales';
import type { Executor } from '../../platform/database.ts';
import { tenantScope } from '../../db/columns.ts';
import { billPayments } from './schema.ts';

/* What the billpay module offers other modules. */

/** A bill payment or prepaid sale that earns a commission (issue 17 item 11, category bill_pay). */
export interface CommissionBillPayment {
  id: number;
  /** the cashier who took it */
  employee_id: number;
  store_id: number;
  /** the amount paid on the bill or the face value, without the fee */
  amount_cents: number;
  /** when the provider accepted it */
  occurred_at: string;
}

/**
 * Payments the provider accepted (sent or confirmed) in [from, to), with who took them. Pending
 * and failed ones earn nothing.
 */
export async function commissionBillPaymentsBetween(
  db: Executor,
  companyId: number,
  from: string,
  to: string,
): Promise<CommissionBillPayment[]> {
  const rows = await db
    .select({
      id: billPayments.id,
      created_by: billPayments.created_by,
      store_id: billPayments.store_id,
      amount_cents: billPayments.amount_cents,
      sent_at: billPayments.sent_at,
    })
    .from(billPayments)
    .where(
      and(
        tenantScope(billPayments, companyId),
        inArray(billPayments.status, ['sent', 'confirmed']),
        gte(billPayments.sent_at, from),
        lt(billPayments.sent_at, to),
        isNotNull(billPayments.created_by),
      ),
    );
  return rows.flatMap((r) =>
    r.created_by === null || r.sent_at === null
      ? []
      : [
          {
            id: r.id,
            employee_id: r.created_by,
            store_id: r.store_id,
            amount_cents: r.amount_cents,
            occurred_at: r.sent_at,
          },
        ],
  );
}

/**
 * How a commission statement names bill payments: "Bill payment LT-… · Grace Hodge · $85.00"
 * (a prepaid sale by its product), by id; ids of another company are left out.
 */
export async function billPaymentLabelsOf(
  db: Executor,
  companyId: number,
  ids: number[],
): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: billPayments.id,
      kind: billPayments.kind,
      carrier: billPayments.carrier,
      account_number: billPayments.account_number,
      account_holder: billPayments.account_holder,
      product_name: billPayments.product_name,
      provider_reference: billPayments.provider_reference,
      amount_cents: billPayments.amount_cents,
    })
    .from(billPayments)
    .where(and(tenantScope(billPayments, companyId), inArray(billPayments.id, ids)));
  return new Map(
    rows.map((r) => {
      const what =
        r.kind === 'prepaid'
          ? `Prepaid ${r.product_name ?? r.carrier}`
          : `Bill payment ${r.carrier}`;
      const parts = [
        `${what} ${r.provider_reference ?? `#${String(r.id)}`}`,
        r.account_holder ?? r.account_number,
        dollars(r.amount_cents),
      ];
      return [r.id, parts.join(' · ')];
    }),
  );
}
