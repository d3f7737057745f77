import { and, asc, eq, getTableColumns, inArray, notInArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FieldErrors } from '@portal/contract/envelope';
import type { LinesDeclaration } from '@portal/contract/resource';
import type { Executor, Tx } from '../database.ts';
import { AppError } from '../errors.ts';
import type { RequestContext } from '../context.ts';
import { attachReferences, checkReferences, type ResourceTable } from './references.ts';

/** What the server charges for one line: never taken from the payload. */
export interface LinePrice {
  unit_price_cents: number;
  /** tax rate in basis points (825 = 8.25%); none when left out */
  tax_bps?: number;
}

/** The API side of a resource's lines: their table and how the server prices them. */
export interface LinesOptions {
  /** company_id, id, the parent column, quantity, unit_price_cents, tax_cents, total_cents */
  table: ResourceTable;
  /** the column holding the parent's id (`order_id`) */
  parentColumn: string;
  /**
   * Prices the payload's lines, in order (refuse an unsellable item with an AppError). The parent's
   * row is already written in `tx` (`parentId`): a price may depend on it (a sale's store's tax).
   */
  price(
    lines: Record<string, unknown>[],
    ctx: RequestContext,
    tx: Tx,
    companyId: number,
    parentId: number,
  ): Promise<LinePrice[]>;
}

export interface Totals {
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
}

/** The largest amount an integer column holds. */
const MAX_CENTS = 2_147_483_647;

export function linesEngine(declaration: LinesDeclaration, options: LinesOptions) {
  const columns = getTableColumns(options.table) as Record<string, PgColumn>;
  const column = (name: string) => {
    const found = columns[name];
    if (!found) throw new Error(`lines table has no column ${name}`);
    return found;
  };
  const companyColumn = column('company_id');
  const parentColumn = column(options.parentColumn);
  const idColumn = column('id');
  const selection = Object.fromEntries(
    Object.keys(declaration.row.shape)
      .filter((key) => key in columns)
      .map((key) => [key, column(key)]),
  );
  // What a payload may set on a line: its input fields that are columns (never prices or totals).
  const writable = Object.keys(declaration.input.shape).filter(
    (key) =>
      key in columns &&
      !['id', 'company_id', options.parentColumn, 'unit_price_cents', 'tax_cents'].includes(key) &&
      key !== 'total_cents',
  );

  /** The lines of these parents, in the order they were added, with their references. */
  async function read(db: Executor, ctx: RequestContext, parents: Record<string, unknown>[]) {
    const byParent = new Map<unknown, Record<string, unknown>[]>();
    for (const parent of parents) byParent.set(parent.id, []);
    const ids = [...byParent.keys()].filter((id): id is number => typeof id === 'number');
    const companies = [
      ...new Set(
        parents.map((p) => p.company_id).filter((c): c is number => typeof c === 'number'),
      ),
    ];
    if (!ids.length) return;
    const rows: Record<string, unknown>[] = await db
      .select({ ...selection, _parent: parentColumn })
      .from(options.table)
      .where(
        and(
          inArray(parentColumn, ids),
          companies.length ? inArray(companyColumn, companies) : eq(companyColumn, ctx.companyId),
        ),
      )
      .orderBy(asc(idColumn));
    await attachReferences(db, ctx, rows, declaration.references);
    for (const row of rows) {
      const { _parent, ...line } = row;
      byParent.get(_parent)?.push(line);
    }
    for (const parent of parents) parent.lines = byParent.get(parent.id) ?? [];
  }

  /**
   * Writes a parent's lines from its payload inside the parent's transaction: inserts lines
   * without an id, updates those with one, and deletes the parent's other lines. Returns the
   * parent's totals, computed here from the server's prices.
   */
  async function write(
    tx: Tx,
    ctx: RequestContext,
    parent: { id: number; company_id: number },
    input: Record<string, unknown>[],
  ): Promise<Totals> {
    const where = and(eq(companyColumn, parent.company_id), eq(parentColumn, parent.id));
    const existing = new Set(
      (await tx.select({ id: idColumn }).from(options.table).where(where)).map((row) => row.id),
    );
    const errors: FieldErrors = {};
    const seen = new Set<number>();
    input.forEach((line, index) => {
      if (typeof line.id !== 'number') return;
      if (!existing.has(line.id))
        errors[`lines.${index}.id`] = [`${declaration.label.one} not found`];
      else if (seen.has(line.id))
        errors[`lines.${index}.id`] = [`${declaration.label.one} listed twice`];
      seen.add(line.id);
    });
    if (Object.keys(errors).length)
      throw AppError.badRequest(Object.values(errors)[0]?.[0] ?? 'Invalid lines', errors);
    await checkReferences(
      tx,
      parent.company_id,
      input,
      declaration.references,
      (index, field) => `lines.${index}.${field}`,
    );
    const prices = await options.price(input, ctx, tx, parent.company_id, parent.id);

    const totals: Totals = { subtotal_cents: 0, tax_cents: 0, total_cents: 0 };
    const priced = input.map((line, index) => {
      const price = prices[index];
      if (!price) throw new Error('a line was not priced');
      const quantity = Number(line.quantity ?? 1);
      const subtotal = quantity * price.unit_price_cents;
      const tax = Math.round((subtotal * (price.tax_bps ?? 0)) / 10_000);
      totals.subtotal_cents += subtotal;
      totals.tax_cents += tax;
      totals.total_cents += subtotal + tax;
      if (subtotal + tax > MAX_CENTS || totals.total_cents > MAX_CENTS) {
        throw AppError.badRequest('The total is too large', {
          [`lines.${index}.quantity`]: ['The total is too large'],
        });
      }
      return {
        ...Object.fromEntries(writable.map((key) => [key, line[key]])),
        quantity,
        unit_price_cents: price.unit_price_cents,
        tax_cents: tax,
        total_cents: subtotal + tax,
      };
    });

    const kept = input.flatMap((line) => (typeof line.id === 'number' ? [line.id] : []));
    await tx
      .delete(options.table)
      .where(kept.length ? and(where, notInArray(idColumn, kept)) : where);
    const inserts: Record<string, unknown>[] = [];
    for (const [index, line] of input.entries()) {
      const values = priced[index];
      if (!values) continue;
      if (typeof line.id === 'number') {
        await tx
          .update(options.table)
          .set({ ...values, ...('updated_at' in columns ? { updated_at: sql`now()` } : {}) })
          .where(and(where, eq(idColumn, line.id)));
      } else {
        inserts.push({
          ...values,
          company_id: parent.company_id,
          [options.parentColumn]: parent.id,
        });
      }
    }
    if (inserts.length) await tx.insert(options.table).values(inserts);
    return totals;
  }

  return { read, write };
}

export type LinesEngine = ReturnType<typeof linesEngine>;
