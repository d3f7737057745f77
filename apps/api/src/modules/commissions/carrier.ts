import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { BulkRowError } from '@portal/contract/platform';
import {
  commissionMessages,
  MATCH_WINDOW_DAYS,
  reconClass,
  statementColumns,
  type CarrierStatement,
  type CarrierStatementDetail,
  type importStatementBody,
  type ReconClass,
} from '@portal/contract/resources/commissions';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { readCsv } from '../../platform/resources/bulk.ts';
import { tenantScope } from '../../db/columns.ts';
import { carrierActivationsBetween, type MatchableActivation } from '../sales/api.ts';
import { namesOf } from '../users/api.ts';
import { periodBounds, reverseForChargeback } from './compute.ts';
import { carrierStatementLines, carrierStatements, commissionCarrierRates } from './schema.ts';

interface FileLine {
  line: number;
  phone_number: string | null;
  imei: string | null;
  iccid: string | null;
  activation_date: string;
  paid_cents: number;
}

const digits = (raw: string) => raw.replace(/[\s().-]/g, '');

/** `2026-11-03` or `11/3/2026`, as YYYY-MM-DD; null when it is no date. */
function dateOf(raw: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw);
  const [y, m, d] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : us
      ? [Number(us[3]), Number(us[1]), Number(us[2])]
      : [0, 0, 0];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (!y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** `45.00`, `$1,045.5`, `-30`: dollars and cents as integer cents; null when it is no amount. */
function centsOf(raw: string): number | null {
  const match = /^(-)?\$?(\d{1,3}(,\d{3})*|\d+)(\.(\d{1,2}))?$/.exec(raw.replace(/^\$-/, '-$'));
  if (!match) return null;
  const whole = Number((match[2] ?? '0').replaceAll(',', ''));
  const fraction = Number((match[5] ?? '0').padEnd(2, '0'));
  const value = whole * 100 + fraction;
  return match[1] ? -value : value;
}

/** Reads and checks every line of the file; any problem and the import is refused (400 by line). */
function readStatement(csv: string): FileLine[] {
  const errors: BulkRowError[] = [];
  const rows = readCsv(csv, [...statementColumns], errors);
  if (!errors.length && !rows.length)
    errors.push({ line: 1, field: null, message: 'The file has no rows' });
  const header = rows[0] ? Object.keys(rows[0].values) : [];
  if (!errors.length)
    for (const column of ['activation_date', 'amount_paid'])
      if (!header.includes(column))
        errors.push({ line: 1, field: column, message: `The file needs a ${column} column` });
  const lines: FileLine[] = [];
  for (const row of errors.length ? [] : rows) {
    const fail = (field: string | null, message: string) =>
      errors.push({ line: row.line, field, message });
    const phone = digits(row.values.phone_number ?? '');
    const imei = digits(row.values.imei ?? '');
    const iccid = digits(row.values.iccid ?? '');
    if (phone && !/^\d{10}$/.test(phone)) fail('phone_number', 'Enter a 10-digit phone number');
    if (imei && !/^\d{15}$/.test(imei)) fail('imei', 'Enter an IMEI of 15 digits');
    if (iccid && !/^\d{19,20}$/.test(iccid)) fail('iccid', 'Enter an ICCID of 19 or 20 digits');
    if (!phone && !imei && !iccid) fail(null, 'A line needs a phone number, an IMEI or an ICCID');
    const date = dateOf(row.values.activation_date ?? '');
    if (!date) fail('activation_date', 'Enter the activation date as YYYY-MM-DD');
    const paid = centsOf(row.values.amount_paid ?? '');
    if (paid === null)
      fail('amount_paid', 'Enter the amount paid in dollars and cents, like 45.00');
    if (date && paid !== null)
      lines.push({
        line: row.line,
        phone_number: phone || null,
        imei: imei || null,
        iccid: iccid || null,
        activation_date: date,
        paid_cents: paid,
      });
  }
  if (errors.length) {
    errors.sort((a, b) => a.line - b.line);
    const first = errors[0];
    const where = first
      ? ` (line ${String(first.line)}${first.field ? `, ${first.field}` : ''}: ${first.message})`
      : '';
    throw new AppError(
      400,
      `${commissionMessages.statementFailed(new Set(errors.map((e) => e.line)).size)}${where}`,
      undefined,
      { errors },
    );
  }
  return lines;
}

const dayDiff = (a: string, b: string) =>
  Math.abs(new Date(`${a}T00:00:00Z`).getTime() - new Date(`${b}T00:00:00Z`).getTime()) /
  86_400_000;

/**
 * The activation a statement line is for: the same number, or else the same IMEI or ICCID, with
 * an activation date within MATCH_WINDOW_DAYS; `byNumber` says how it matched.
 */
function matchOf(line: FileLine, candidates: MatchableActivation[]) {
  const near = candidates.filter((a) => dayDiff(a.date, line.activation_date) <= MATCH_WINDOW_DAYS);
  const byNumber = near.find(
    (a) => line.phone_number !== null && a.phone_number === line.phone_number,
  );
  if (byNumber) return { activation: byNumber, byNumber: true };
  const bySerial = near.find(
    (a) =>
      (line.imei !== null && a.imei === line.imei) ||
      (line.iccid !== null && a.iccid === line.iccid),
  );
  return bySerial ? { activation: bySerial, byNumber: false } : null;
}

/** What a carrier pays for an activation: its plan's rate, else the carrier's any-plan rate. */
async function ratesOf(db: Executor, ctx: RequestContext, carrier: string) {
  const rows = await db
    .select()
    .from(commissionCarrierRates)
    .where(
      and(
        tenantScope(commissionCarrierRates, ctx.companyId),
        sql`lower(${commissionCarrierRates.carrier}) = lower(${carrier})`,
      ),
    );
  return (plan: string) =>
    rows.find((r) => r.plan !== null && r.plan.toLowerCase() === plan.toLowerCase())
      ?.expected_cents ??
    rows.find((r) => r.plan === null)?.expected_cents ??
    null;
}

/** paid, underpaid or overpaid against the expected amount (no rate known: taken as paid). */
const byAmount = (paid: number, expected: number | null): ReconClass =>
  expected === null || paid === expected ? 'paid' : paid < expected ? 'underpaid' : 'overpaid';

/**
 * POST /carrier-statements: a carrier's commission statement for a month. Every file line is
 * matched to an activation of that carrier (number, or IMEI/ICCID, and the date within three
 * days) and classified: paid, underpaid or overpaid against the carrier rate; number_changed when
 * it matched on IMEI or ICCID under another number; not_in_pos when nothing matches. Activations of
 * the month (not canceled) that no line pays are added as unpaid. A line with a negative amount is
 * a chargeback: confirmed at once, it reverses the seller's commission. One transaction.
 */
export async function importStatement(
  db: Database,
  ctx: RequestContext,
  input: z.output<typeof importStatementBody>,
): Promise<CarrierStatementDetail> {
  const lines = readStatement(input.csv);
  const { from, to } = periodBounds(input.period);
  const widen = (iso: string, days: number) =>
    new Date(new Date(iso).getTime() + days * 86_400_000).toISOString();
  const id = await db.transaction(async (tx) => {
    const candidates = await carrierActivationsBetween(
      tx,
      ctx.companyId,
      input.carrier,
      widen(from, -MATCH_WINDOW_DAYS - 1),
      widen(to, MATCH_WINDOW_DAYS + 1),
    );
    const expectedOf = await ratesOf(tx, ctx, input.carrier);
    const [statement] = await tx
      .insert(carrierStatements)
      .values({
        company_id: ctx.companyId,
        carrier: input.carrier,
        period: input.period,
        file_name: input.file_name ?? null,
        created_by: ctx.userId,
      })
      .returning({ id: carrierStatements.id });
    if (!statement) throw new Error('commissions: no statement written');
    const now = new Date().toISOString();
    const paidFor = new Set<number>();
    const charged: number[] = [];
    const values: (typeof carrierStatementLines.$inferInsert)[] = lines.map((line) => {
      const match = matchOf(line, candidates);
      const expected = match ? expectedOf(match.activation.plan) : null;
      if (match) paidFor.add(match.activation.id);
      const chargeback = Boolean(match) && line.paid_cents < 0;
      if (chargeback && match) charged.push(match.activation.id);
      const cls: ReconClass = !match
        ? 'not_in_pos'
        : !match.byNumber &&
            line.phone_number !== null &&
            line.phone_number !== match.activation.phone_number
          ? 'number_changed'
          : byAmount(line.paid_cents, expected);
      return {
        company_id: ctx.companyId,
        statement_id: statement.id,
        line_no: line.line,
        phone_number: line.phone_number,
        imei: line.imei,
        iccid: line.iccid,
        activation_date: line.activation_date,
        paid_cents: line.paid_cents,
        expected_cents: expected,
        activation_id: match?.activation.id ?? null,
        class: cls,
        chargeback,
        chargeback_at: chargeback ? now : null,
      };
    });
    const periodStart = from.slice(0, 10);
    const periodEnd = to.slice(0, 10);
    for (const activation of candidates)
      if (
        activation.date >= periodStart &&
        activation.date < periodEnd &&
        activation.status !== 'canceled' &&
        !paidFor.has(activation.id)
      )
        values.push({
          company_id: ctx.companyId,
          statement_id: statement.id,
          line_no: null,
          phone_number: activation.phone_number,
          imei: activation.imei,
          iccid: activation.iccid,
          activation_date: activation.date,
          paid_cents: null,
          expected_cents: expectedOf(activation.plan),
          activation_id: activation.id,
          class: 'unpaid',
          chargeback: false,
          chargeback_at: null,
        });
    for (let i = 0; i < values.length; i += 500)
      await tx.insert(carrierStatementLines).values(values.slice(i, i + 500));
    await reverseForChargeback(tx, ctx, [...new Set(charged)], now);
    return statement.id;
  });
  return statementDetail(db, ctx, id);
}

type LineRow = typeof carrierStatementLines.$inferSelect;

function summaryOf(lines: LineRow[]) {
  const counts: Record<string, number> = {};
  for (const line of lines) counts[line.class] = (counts[line.class] ?? 0) + 1;
  return {
    counts,
    paid_cents: lines.reduce((sum, l) => sum + (l.paid_cents ?? 0), 0),
    // What the carrier owes for the activations the statement is about (matched or unpaid).
    expected_cents: lines.reduce((sum, l) => sum + (l.expected_cents ?? 0), 0),
  };
}

/** The company's statements, newest first, with their counts by class. */
export async function listStatements(
  db: Executor,
  ctx: RequestContext,
): Promise<CarrierStatement[]> {
  const statements = await db
    .select()
    .from(carrierStatements)
    .where(tenantScope(carrierStatements, ctx.companyId))
    .orderBy(desc(carrierStatements.id))
    .limit(200);
  if (!statements.length) return [];
  const lines = await db
    .select()
    .from(carrierStatementLines)
    .where(
      and(
        tenantScope(carrierStatementLines, ctx.companyId),
        inArray(
          carrierStatementLines.statement_id,
          statements.map((s) => s.id),
        ),
      ),
    );
  return statements.map((s) => ({
    id: s.id,
    carrier: s.carrier,
    period: s.period,
    file_name: s.file_name,
    created_at: s.created_at,
    ...summaryOf(lines.filter((l) => l.statement_id === s.id)),
  }));
}

/** One statement with its classified lines (404 when not the caller's company's). */
export async function statementDetail(
  db: Executor,
  ctx: RequestContext,
  id: number,
): Promise<CarrierStatementDetail> {
  const [statement] = await db
    .select()
    .from(carrierStatements)
    .where(and(tenantScope(carrierStatements, ctx.companyId), eq(carrierStatements.id, id)));
  if (!statement) throw AppError.notFound('Statement');
  const rows = await db
    .select()
    .from(carrierStatementLines)
    .where(
      and(
        tenantScope(carrierStatementLines, ctx.companyId),
        eq(carrierStatementLines.statement_id, id),
      ),
    )
    .orderBy(sql`${carrierStatementLines.line_no} asc nulls last`, asc(carrierStatementLines.id));
  const matched = await carrierActivationsFor(db, ctx, statement.carrier, statement.period);
  const names = await namesOf(db, ctx.companyId, [
    ...new Set(matched.flatMap((a) => (a.employee_id === null ? [] : [a.employee_id]))),
  ]);
  return {
    id: statement.id,
    carrier: statement.carrier,
    period: statement.period,
    file_name: statement.file_name,
    created_at: statement.created_at,
    ...summaryOf(rows),
    lines: rows.map((line) => {
      const activation = matched.find((a) => a.id === line.activation_id);
      const employee = activation?.employee_id ?? null;
      return {
        id: line.id,
        statement_id: line.statement_id,
        line_no: line.line_no,
        phone_number: line.phone_number,
        imei: line.imei,
        iccid: line.iccid,
        activation_date: line.activation_date,
        paid_cents: line.paid_cents,
        expected_cents: line.expected_cents,
        activation_id: line.activation_id,
        activation_phone: activation?.phone_number ?? null,
        employee_id: employee,
        employee_name: employee === null ? null : (names.get(employee) ?? null),
        class: reconClass.parse(line.class),
        chargeback: line.chargeback,
        chargeback_at: line.chargeback_at,
      };
    }),
  };
}

/** The activations a statement of this carrier and month could have matched. */
async function carrierActivationsFor(
  db: Executor,
  ctx: RequestContext,
  carrier: string,
  period: string,
) {
  const { from, to } = periodBounds(period);
  const widen = (iso: string, days: number) =>
    new Date(new Date(iso).getTime() + days * 86_400_000).toISOString();
  return carrierActivationsBetween(
    db,
    ctx.companyId,
    carrier,
    widen(from, -MATCH_WINDOW_DAYS - 1),
    widen(to, MATCH_WINDOW_DAYS + 1),
  );
}

/**
 * Confirms a chargeback on a reconciliation line (POST /carrier-statement-lines/{id}/chargeback):
 * the seller's commission for its activation is reversed in the current month. A line without an
 * activation is a 400; once only (409).
 */
export async function confirmChargeback(db: Database, ctx: RequestContext, lineId: number) {
  return db.transaction(async (tx) => {
    const [line] = await tx
      .select()
      .from(carrierStatementLines)
      .where(
        and(
          tenantScope(carrierStatementLines, ctx.companyId),
          eq(carrierStatementLines.id, lineId),
        ),
      )
      .for('update');
    if (!line) throw AppError.notFound('Statement line');
    if (line.activation_id === null)
      throw AppError.badRequest(commissionMessages.chargebackNoActivation);
    if (line.chargeback) throw AppError.conflict(commissionMessages.chargebackAgain);
    const now = new Date().toISOString();
    await tx
      .update(carrierStatementLines)
      .set({ chargeback: true, chargeback_at: now, updated_at: sql`now()` })
      .where(
        and(
          tenantScope(carrierStatementLines, ctx.companyId),
          eq(carrierStatementLines.id, line.id),
          isNull(carrierStatementLines.chargeback_at),
        ),
      );
    await reverseForChargeback(tx, ctx, [line.activation_id], now);
    return line.statement_id;
  });
}
