import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { FieldErrors } from '@portal/contract/envelope';
import type { CatalogKind, ProductKind } from '@portal/contract/resources/catalog';
import type { ShopProduct, ShopQuery } from '@portal/contract/shop';
import type { Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { LinePrice } from '../../platform/resources/lines.ts';
import {
  adjustmentReasons,
  categories,
  manufacturers,
  products,
  productSearchWords,
} from './schema.ts';
import { tenantJoin, tenantScope } from '../../db/columns.ts';

/**
 * The company's products among these ids or SKUs, with the given columns: the one lookup the
 * functions below share (another company's products are absent; no keys, no query).
 */
async function productsAmong<T extends SelectedFields>(
  db: Executor,
  companyId: number,
  keys: { id: readonly number[] } | { sku: readonly string[] },
  columns: T,
) {
  const among =
    'id' in keys
      ? keys.id.length && inArray(products.id, [...new Set(keys.id)])
      : keys.sku.length && inArray(products.sku, [...new Set(keys.sku)]);
  if (!among) return [];
  return db
    .select(columns)
    .from(products)
    .where(and(tenantScope(products, companyId), among));
}

/**
 * What the catalogue functions other modules use. The warehouse price of each line's product, in
 * the order given: the server's price, whatever a payload says. An unknown or inactive product is
 * a 400 on that line (`lines.N.product_id`).
 */
export async function productPrices(
  db: Executor,
  companyId: number,
  lines: Record<string, unknown>[],
): Promise<LinePrice[]> {
  const ids = [
    ...new Set(
      lines.map((line) => line.product_id).filter((v): v is number => typeof v === 'number'),
    ),
  ];
  const found = ids.length
    ? await db
        .select({
          id: products.id,
          price: products.price_cents,
          tax: products.tax_bps,
          active: products.is_active,
        })
        .from(products)
        .where(and(tenantScope(products, companyId), inArray(products.id, ids)))
    : [];
  const byId = new Map(found.map((product) => [product.id, product]));
  const errors: FieldErrors = {};
  const prices = lines.map((line, index) => {
    const product = byId.get(Number(line.product_id));
    if (!product) errors[`lines.${index}.product_id`] = ['Product not found'];
    else if (!product.active)
      errors[`lines.${index}.product_id`] = ['This product is no longer sold'];
    return { unit_price_cents: product?.price ?? 0, tax_bps: product?.tax ?? 0 };
  });
  if (Object.keys(errors).length)
    throw AppError.badRequest(Object.values(errors)[0]?.[0] ?? 'Invalid product', errors);
  return prices;
}

/** The caller's company's products of the given ids: id -> name (another company's are absent). */
export async function productNamesOf(
  db: Executor,
  companyId: number,
  ids: number[],
): Promise<Map<number, string>> {
  const rows = await productsAmong(
    db,
    companyId,
    { id: ids },
    {
      id: products.id,
      name: products.name,
    },
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** What the shop and the cart check of a product: its name, SKU, kind and whether it is sold. */
export interface ProductFacts {
  id: number;
  name: string;
  sku: string;
  kind: ProductKind;
  is_active: boolean;
  price_cents: number;
  tax_bps: number;
}

const factColumns = {
  id: products.id,
  name: products.name,
  sku: products.sku,
  kind: products.kind,
  is_active: products.is_active,
  price_cents: products.price_cents,
  tax_bps: products.tax_bps,
};
const kindOf = (kind: string): ProductKind => (kind === 'accessory' ? 'accessory' : 'device');
const asFacts = (row: { kind: string } & Omit<ProductFacts, 'kind'>): ProductFacts => ({
  ...row,
  kind: kindOf(row.kind),
});

/** The caller's company's products of these ids (another company's are absent). */
export async function productFactsOf(
  db: Executor,
  companyId: number,
  ids: number[],
): Promise<Map<number, ProductFacts>> {
  const rows = await productsAmong(db, companyId, { id: ids }, factColumns);
  return new Map(rows.map((row) => [row.id, asFacts(row)]));
}

/** The company's products of these SKUs, by SKU as stored (SKUs are unique in a company). */
export async function productsBySku(
  db: Executor,
  companyId: number,
  skus: string[],
): Promise<Map<string, ProductFacts>> {
  const rows = await productsAmong(db, companyId, { sku: skus }, factColumns);
  return new Map(rows.map((row) => [row.sku, asFacts(row)]));
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The shop's page of one kind of product: active products, searched by name or SKU, filtered by
 * manufacturer and category, by name; stock is added by the caller (the inventory module).
 */
export async function shopCatalogue(
  db: Executor,
  companyId: number,
  kind: ProductKind,
  query: ShopQuery,
): Promise<{ results: Omit<ShopProduct, 'in_stock' | 'reserved'>[]; total: number }> {
  const pattern = query.search ? `%${escapeLike(query.search)}%` : undefined;
  const where = and(
    tenantScope(products, companyId),
    eq(products.is_active, true),
    eq(products.kind, kind),
    query.manufacturer_id ? eq(products.manufacturer_id, query.manufacturer_id) : undefined,
    query.category_id ? eq(products.category_id, query.category_id) : undefined,
    pattern ? or(ilike(products.name, pattern), ilike(products.sku, pattern)) : undefined,
  );
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(where);
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      kind: products.kind,
      manufacturer_id: products.manufacturer_id,
      manufacturer_name: manufacturers.name,
      category_id: products.category_id,
      category_name: categories.name,
      price_cents: products.price_cents,
      tax_bps: products.tax_bps,
      is_serialized: products.is_serialized,
    })
    .from(products)
    .leftJoin(
      manufacturers,
      and(
        tenantScope(manufacturers, products.company_id),
        eq(manufacturers.id, products.manufacturer_id),
      ),
    )
    .leftJoin(
      categories,
      and(tenantScope(categories, products.company_id), eq(categories.id, products.category_id)),
    )
    .where(where)
    .orderBy(asc(products.name), asc(products.id))
    .limit(query.perPage)
    .offset(query.page * query.perPage);
  return {
    results: rows.map((row) => ({ ...row, kind: kindOf(row.kind) })),
    total: Number(total?.n ?? 0),
  };
}

/** What a sale needs of its products (price, sold, serialised): id -> facts, the caller's company's only. */
export async function saleProductsOf(
  db: Executor,
  companyId: number,
  ids: number[],
): Promise<
  Map<
    number,
    {
      name: string;
      kind: string;
      category_id: number | null;
      price_cents: number;
      is_active: boolean;
      is_serialized: boolean;
    }
  >
> {
  const rows = await productsAmong(
    db,
    companyId,
    { id: ids },
    {
      id: products.id,
      name: products.name,
      kind: products.kind,
      category_id: products.category_id,
      price_cents: products.price_cents,
      is_active: products.is_active,
      is_serialized: products.is_serialized,
    },
  );
  return new Map(rows.map(({ id, ...facts }) => [id, facts]));
}

/** Receiving (purchasing, issue 19): each product's name, SKU and whether its units carry serials. */
export async function stockFactsOf(
  db: Executor,
  companyId: number,
  ids: number[],
): Promise<Map<number, { name: string; sku: string; is_serialized: boolean }>> {
  const rows = await productsAmong(
    db,
    companyId,
    { id: ids },
    {
      id: products.id,
      name: products.name,
      sku: products.sku,
      is_serialized: products.is_serialized,
    },
  );
  return new Map(rows.map(({ id, ...facts }) => [id, facts]));
}

/** Receiving demo (purchasing): the company's products of these SKUs, by SKU. */
export async function stockFactsBySku(
  db: Executor,
  companyId: number,
  skus: string[],
): Promise<Map<string, { id: number; name: string; is_serialized: boolean }>> {
  const rows = await productsAmong(
    db,
    companyId,
    { sku: skus },
    {
      id: products.id,
      sku: products.sku,
      name: products.name,
      is_serialized: products.is_serialized,
    },
  );
  return new Map(rows.map(({ sku, ...facts }) => [sku, facts]));
}
export { demoProducts } from './demo.ts';

/** The caller's company's products by SKU: sku -> id (demo data of other modules). */
export async function productIdsBySku(
  db: Executor,
  companyId: number,
  skus: string[],
): Promise<Map<string, number>> {
  const rows = await productsAmong(
    db,
    companyId,
    { sku: skus },
    {
      id: products.id,
      sku: products.sku,
    },
  );
  return new Map(rows.map((row) => [row.sku, row.id]));
}

/** A product of the company by SKU, added when missing (another module's demo stock: SIM kits). */
export async function ensureProduct(
  db: Executor,
  companyId: number,
  product: { sku: string; name: string; kind: CatalogKind; price_cents: number },
): Promise<number> {
  const found = (await productIdsBySku(db, companyId, [product.sku])).get(product.sku);
  if (found) return found;
  // Plans and features are services: nothing to serialise.
  const is_serialized = product.kind === 'device' || product.kind === 'accessory';
  const [made] = await db
    .insert(products)
    .values({ company_id: companyId, ...product, is_serialized })
    .returning({ id: products.id });
  if (!made) throw new Error(`catalog: product ${product.sku} not made`);
  return made.id;
}

/** One product as the SKU search answers it. */
export interface SkuMatch {
  id: number;
  sku: string;
  name: string;
  is_serialized: boolean;
  price_cents: number;
}

const matchColumns = {
  id: products.id,
  sku: products.sku,
  name: products.name,
  is_serialized: products.is_serialized,
  price_cents: products.price_cents,
};
// Every key that starts with `upper(value)` lies in [upper(value), upper(value) || U+10FFFF) in
// byte order; as plain comparisons they are leakproof, so the policy lets the index answer them.
const startsWith = (column: SQL | AnyPgColumn, value: string) =>
  sql`${column} >= upper(${value}) and ${column} < upper(${value}) || chr(1114111)`;

/** Name words a query term may stand for (its prefix range) before the walk gives way. */
const WORDS_PER_TERM = 16;
/** Index seeks the walk may spend before the search falls back to intersecting the ranges. */
const WALK_SEEKS = 6_000;

const rowsOf = (result: unknown) =>
  ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];

/**
 * The name words of the company's products that start with each term (upper-cased, "C" order):
 * one index descent per distinct word (a skip scan), at most WORDS_PER_TERM + 1 per term.
 */
async function wordsOfTerms(db: Executor, companyId: number, terms: string[]) {
  const rows = rowsOf(
    await db.execute(sql`
      with recursive terms(i, lo, hi) as (
        values ${sql.join(
          terms.map(
            (term, i) =>
              sql`(${sql.raw(String(i))}, upper(${term}), upper(${term}) || chr(1114111))`,
          ),
          sql`, `,
        )}
      ), found(i, word, depth) as (
        select terms.i, (select min(${productSearchWords.word}) from ${productSearchWords}
           where ${tenantScope(productSearchWords, companyId)} and ${productSearchWords.word} >= terms.lo and ${productSearchWords.word} < terms.hi), 1
          from terms
        union all
        select found.i, (select min(${productSearchWords.word}) from ${productSearchWords}
           where ${tenantScope(productSearchWords, companyId)} and ${productSearchWords.word} > found.word and ${productSearchWords.word} < terms.hi), found.depth + 1
          from found join terms on terms.i = found.i
         where found.word is not null and found.depth <= ${WORDS_PER_TERM}
      )
      select i, word from found where word is not null`),
  );
  const words = terms.map((): string[] => []);
  for (const row of rows) words[Number(row.i)]?.push(String(row.word));
  return words;
}

/**
 * The first `limit` products (by name, then id) with a name word starting with every term, as a
 * leapfrog walk over each term's words in (name, product id) order (the words' (company, word,
 * name, product) index): each step seeks every term to its first product at or after the current
 * key; when all land on the same product it is a match, else the walk jumps to the furthest one.
 * A few index seeks per step instead of reading every term's whole range. Null when the walk ran
 * out of seeks (then the ranges are intersected).
 */
async function walkWords(db: Executor, companyId: number, words: string[][], limit: number) {
  const seeks = words.reduce((sum, list) => sum + list.length, 0);
  const steps = Math.max(limit * 2, Math.floor(WALK_SEEKS / seeks));
  const seekOf = (word: string) =>
    sql`(select ${productSearchWords.name}, ${productSearchWords.product_id} from ${productSearchWords}
          where ${tenantScope(productSearchWords, companyId)} and ${productSearchWords.word} = ${word}
            and (${productSearchWords.name}, ${productSearchWords.product_id}) >= (walk.n, walk.p)
          order by ${productSearchWords.name}, ${productSearchWords.product_id} limit 1)`;
  // Each term's next product: the first over its words.
  const terms = words.map(
    (list, i) =>
      sql`(select u.name n, u.product_id p from (${sql.join(list.map(seekOf), sql` union all `)}) u
           order by u.name, u.product_id limit 1) ${sql.raw(`t${i}`)}`,
  );
  const at = (i: number) => sql.raw(`t${i}.n, t${i}.p`);
  const rows = rowsOf(
    await db.execute(sql`
      with recursive walk(n, p, hit, found, step) as (
        select ''::text, 0, false, 0, 0
        union all
        select s.n, s.p + s.hit::int, s.hit, walk.found + s.hit::int, walk.step + 1
          from walk cross join lateral (
            select m.n, m.p, ${sql.join(
              words.map((_, i) => sql`(${at(i)}) = (m.n, m.p)`),
              sql` and `,
            )} as hit
              from ${sql.join(terms, sql`, `)},
                lateral (select v.n, v.p from (values ${sql.join(
                  words.map((_, i) => sql`(${at(i)})`),
                  sql`, `,
                )}) v(n, p) order by v.n desc, v.p desc limit 1) m
          ) s
         where walk.found < ${limit} and walk.step < ${steps}
      )
      select p - 1 as product_id, hit, step from walk where hit or step >= ${steps}`),
  );
  const ids = rows.filter((row) => row.hit === true).map((row) => Number(row.product_id));
  if (ids.length < limit && rows.some((row) => Number(row.step) >= steps)) return null;
  return ids;
}

/** The same matches by intersecting the terms' whole ranges (terms standing for many words). */
async function intersectWords(db: Executor, companyId: number, terms: string[], limit: number) {
  const sets = sql.join(
    terms.map(
      (word) =>
        sql`select ${productSearchWords.product_id}, ${productSearchWords.name} from ${productSearchWords} where ${tenantScope(productSearchWords, companyId)} and ${startsWith(productSearchWords.word, word)}`,
    ),
    sql` intersect `,
  );
  const rows = rowsOf(
    await db.execute(
      sql`select matched.product_id from (${sets} order by 2, 1 limit ${limit}) matched`,
    ),
  );
  return rows.map((row) => Number(row.product_id));
}

/**
 * SKU search (/inventory/stock sku-search, issue 19): the company's active products whose SKU
 * starts with the query (case-insensitive, in SKU order: the exact SKU first), then those with a
 * name word starting with each word of the query (up to six), by name. Both parts are index
 * ranges and seeks (migrations 0041 and 0055): the SKU part walks products_sku_key_idx and stops
 * at `limit`; the word part finds the words each term stands for, then walks them (walkWords;
 * intersectWords when a term stands for many words or the walk is long) and reads only the
 * `limit` products found.
 */
export async function searchSkus(
  db: Executor,
  companyId: number,
  query: string,
  limit: number,
): Promise<SkuMatch[]> {
  const text = query.trim();
  const terms = [...new Set(text.split(/[^\p{L}\p{N}]+/u).filter(Boolean))].slice(0, 6);
  if (!text) return [];
  const bySku = await db
    .select(matchColumns)
    .from(products)
    .where(
      and(
        tenantScope(products, companyId),
        eq(products.is_active, true),
        startsWith(products.sku_key, text),
      ),
    )
    .orderBy(asc(products.sku_key), asc(products.id))
    .limit(limit);
  if (bySku.length >= limit || !terms.length) return bySku;
  const words = await wordsOfTerms(db, companyId, terms);
  // A term no name word starts with: no product has them all.
  if (words.some((list) => list.length === 0)) return bySku;
  const ids =
    (words.every((list) => list.length <= WORDS_PER_TERM)
      ? await walkWords(db, companyId, words, limit)
      : null) ?? (await intersectWords(db, companyId, terms, limit));
  if (!ids.length) return bySku;
  const byName = await db
    .select(matchColumns)
    .from(products)
    .where(
      and(
        tenantScope(products, companyId),
        eq(products.is_active, true),
        inArray(products.id, ids),
      ),
    )
    .orderBy(asc(products.name), asc(products.id));
  const seen = new Set(bySku.map((product) => product.id));
  return [...bySku, ...byName.filter((product) => !seen.has(product.id))].slice(0, limit);
}

/** The name of the company's adjustment reason (/adjustment-reasons), or null when it has none such. */
export async function adjustmentReasonName(
  db: Executor,
  companyId: number,
  id: number,
): Promise<string | null> {
  const [row] = await db
    .select({ name: adjustmentReasons.name })
    .from(adjustmentReasons)
    .where(and(tenantScope(adjustmentReasons, companyId), eq(adjustmentReasons.id, id)));
  return row?.name ?? null;
}

/** Suggested ordering (replenishment): each product's facts and its lead days (null: default). */
export async function orderingFactsOf(
  db: Executor,
  companyId: number,
  ids: number[],
): Promise<Map<number, ProductFacts & { lead_days: number | null }>> {
  const rows = await productsAmong(
    db,
    companyId,
    { id: ids },
    {
      ...factColumns,
      lead_days: products.lead_days,
    },
  );
  return new Map(rows.map((row) => [row.id, { ...asFacts(row), lead_days: row.lead_days }]));
}

/**
 * The company's products as an SQL derived table (id, name, sku, kind, category_id,
 * category_name) for another module's aggregate query to join (the sales reports): one hash join
 * instead of a lookup per line.
 */
export const productFactsTable = (companyId: number): SQL =>
  sql`(select ${products.id} as id, ${products.name} as name, ${products.sku} as sku, ${products.kind} as kind, ${products.category_id} as category_id, ${categories.name} as category_name from ${products} left join ${categories} on ${tenantJoin(categories, products.company_id, products.category_id)} where ${tenantScope(products, companyId)})`;
