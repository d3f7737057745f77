import { and, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database.ts';
import { tenantScope } from '../../db/columns.ts';
import { productNamesOf, saleProductsOf } from '../catalog/api.ts';
import { activations, saleLines, saleReturns, sales } from './schema.ts';

/** What earns a commission in a window, as the commissions module reads it (issue 17 item 11). */
export interface CommissionSource {
  source_kind: 'activation' | 'sale_line';
  source_id: number;
  employee_id: number;
  store_id: number;
  /** 'activation', or the sold product's kind ('device', 'accessory') */
  item: string;
  units: number;
  /** the line's net before tax (0 for an activation, which carries no price) */
  net_cents: number;
  occurred_at: string;
}

/**
 * Activations made in [from, to) and the lines of sales completed in [from, to), with who rang
 * them up. Voided or held sales earn nothing; a returned line still earned (its return reverses it).
 */
export async function commissionSourcesBetween(
  db: Executor,
  companyId: number,
  from: string,
  to: string,
): Promise<CommissionSource[]> {
  const activated = await db
    .select({
      id: activations.id,
      created_by: activations.created_by,
      store_id: activations.store_id,
      created_at: activations.created_at,
    })
    .from(activations)
    .where(
      and(
        tenantScope(activations, companyId),
        gte(activations.created_at, from),
        lt(activations.created_at, to),
        isNotNull(activations.created_by),
      ),
    );
  const lines = await db
    .select({
      id: saleLines.id,
      product_id: saleLines.product_id,
      quantity: saleLines.quantity,
      unit_price_cents: saleLines.unit_price_cents,
      created_by: sales.created_by,
      store_id: sales.store_id,
      completed_at: sales.completed_at,
    })
    .from(saleLines)
    .innerJoin(
      sales,
      and(tenantScope(sales, saleLines.company_id), eq(sales.id, saleLines.sale_id)),
    )
    .where(
      and(
        tenantScope(saleLines, companyId),
        inArray(sales.status, ['completed', 'returned']),
        gte(sales.completed_at, from),
        lt(sales.completed_at, to),
        isNotNull(sales.created_by),
      ),
    );
  const products = await saleProductsOf(
    db,
    companyId,
    lines.map((line) => line.product_id),
  );
  return [
    ...activated.map((a) => ({
      source_kind: 'activation' as const,
      source_id: a.id,
      employee_id: a.created_by ?? 0,
      store_id: a.store_id,
      item: 'activation',
      units: 1,
      net_cents: 0,
      occurred_at: a.created_at,
    })),
    ...lines.map((line) => ({
      source_kind: 'sale_line' as const,
      source_id: line.id,
      employee_id: line.created_by ?? 0,
      store_id: line.store_id,
      item: products.get(line.product_id)?.kind ?? 'unknown',
      units: line.quantity,
      net_cents: line.quantity * line.unit_price_cents,
      occurred_at: line.completed_at ?? from,
    })),
  ];
}

/** Returns made in [from, to) of a sale line or an activation: what they reverse, and when. */
export async function commissionReturnsBetween(
  db: Executor,
  companyId: number,
  from: string,
  to: string,
): Promise<{ source_kind: 'activation' | 'sale_line'; source_id: number; at: string }[]> {
  const rows = await db
    .select({
      sale_line_id: saleReturns.sale_line_id,
      activation_id: saleReturns.activation_id,
      created_at: saleReturns.created_at,
    })
    .from(saleReturns)
    .where(
      and(
        tenantScope(saleReturns, companyId),
        gte(saleReturns.created_at, from),
        lt(saleReturns.created_at, to),
        or(isNotNull(saleReturns.sale_line_id), isNotNull(saleReturns.activation_id)),
      ),
    );
  return rows.flatMap(
    (row): { source_kind: 'activation' | 'sale_line'; source_id: number; at: string }[] =>
      row.activation_id !== null
        ? [{ source_kind: 'activation' as const, source_id: row.activation_id, at: row.created_at }]
        : row.sale_line_id !== null
          ? [{ source_kind: 'sale_line' as const, source_id: row.sale_line_id, at: row.created_at }]
          : [],
  );
}

/** An activation as a carrier statement is matched against it. */
export interface MatchableActivation {
  id: number;
  phone_number: string;
  imei: string;
  iccid: string;
  plan: string;
  status: string;
  /** the activation's date, YYYY-MM-DD (UTC) */
  date: string;
  employee_id: number | null;
}

/** A carrier's activations made in [from, to) (compared case-insensitively by carrier name). */
export async function carrierActivationsBetween(
  db: Executor,
  companyId: number,
  carrier: string,
  from: string,
  to: string,
): Promise<MatchableActivation[]> {
  const rows = await db
    .select({
      id: activations.id,
      phone_number: activations.phone_number,
      imei: activations.imei,
      iccid: activations.iccid,
      plan: activations.plan,
      status: activations.status,
      date: sql<string>`to_char(${activations.created_at} at time zone 'UTC', 'YYYY-MM-DD')`,
      employee_id: activations.created_by,
    })
    .from(activations)
    .where(
      and(
        tenantScope(activations, companyId),
        sql`lower(${activations.carrier}) = lower(${carrier})`,
        gte(activations.created_at, from),
        lt(activations.created_at, to),
      ),
    )
    .orderBy(activations.id);
  return rows;
}

/**
 * How a commission statement names its activations and sale lines, by kind and id: "Activation
 * 3405550191 (Verizon)" and "Sale #12 · iPhone 16 128 GB × 1"; ids of another company are left out.
 */
export async function commissionSourceLabelsOf(
  db: Executor,
  companyId: number,
  ids: { activation: number[]; sale_line: number[] },
): Promise<{ activation: Map<number, string>; sale_line: Map<number, string> }> {
  const activated = ids.activation.length
    ? await db
        .select({
          id: activations.id,
          phone_number: activations.phone_number,
          carrier: activations.carrier,
        })
        .from(activations)
        .where(and(tenantScope(activations, companyId), inArray(activations.id, ids.activation)))
    : [];
  const lines = ids.sale_line.length
    ? await db
        .select({
          id: saleLines.id,
          sale_id: saleLines.sale_id,
          product_id: saleLines.product_id,
          quantity: saleLines.quantity,
        })
        .from(saleLines)
        .where(and(tenantScope(saleLines, companyId), inArray(saleLines.id, ids.sale_line)))
    : [];
  const names = await productNamesOf(db, companyId, [...new Set(lines.map((l) => l.product_id))]);
  return {
    activation: new Map(
      activated.map((a) => [a.id, `Activation ${a.phone_number} (${a.carrier})`]),
    ),
    sale_line: new Map(
      lines.map((l) => [
        l.id,
        `Sale #${String(l.sale_id)} · ${names.get(l.product_id) ?? `Product #${String(l.product_id)}`} × ${String(l.quantity)}`,
      ]),
    ),
  };
}
