import { and, asc, ne, sql } from 'drizzle-orm';
import type { FieldErrors } from '@portal/contract/envelope';
import {
  categorisedKinds,
  describeSaleItem,
  missingCompanionMessage,
  saleDependencies as dependencyResource,
  saleDependencyMessages,
  saleItemKind,
  type SaleItemKind,
} from '@portal/contract/resources/sales-dependencies';
import type { RequestContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { attachReferences } from '../../platform/resources/references.ts';
import { createResourceService, type Row } from '../../platform/resources/service.ts';
import { tenantScope } from '../../db/columns.ts';
import { saleProductsOf } from '../catalog/api.ts';
import { unitPlace } from '../inventory/api.ts';
import { saleDependencies } from './schema.ts';

/** One thing on a ring-up: a product line, the activation's device, SIM, plan or features. */
export interface SaleItem {
  kind: SaleItemKind;
  category_id: number | null;
  /** how a message names it: the product's name, "Plan Unlimited Plus" */
  label: string;
  /** the payload field a refusal is reported on */
  field: string;
}

interface Rule {
  item_kind: string;
  item_category_id: number | null;
  required_kind: string;
  required_category_id: number | null;
}

const matches = (item: SaleItem, kind: string, categoryId: number | null) =>
  item.kind === kind && (categoryId === null || item.category_id === categoryId);

/**
 * Refuses (400, nothing written: the caller's transaction rolls back) a ring-up where an item
 * needs a companion that no other item on it is: the message names the item and what is missing.
 */
export async function assertCompanions(
  tx: Tx,
  ctx: RequestContext,
  items: SaleItem[],
  where: 'sale' | 'activation',
) {
  if (!items.length) return;
  const rules: (Rule & Record<string, unknown>)[] = await tx
    .select({
      item_kind: saleDependencies.item_kind,
      item_category_id: saleDependencies.item_category_id,
      required_kind: saleDependencies.required_kind,
      required_category_id: saleDependencies.required_category_id,
    })
    .from(saleDependencies)
    .where(tenantScope(saleDependencies, ctx.companyId))
    .orderBy(asc(saleDependencies.id));
  const misses: { item: SaleItem; rule: (typeof rules)[number] }[] = [];
  for (const rule of rules)
    items.forEach((item, index) => {
      if (!matches(item, rule.item_kind, rule.item_category_id)) return;
      const present = items.some(
        (other, at) =>
          at !== index && matches(other, rule.required_kind, rule.required_category_id),
      );
      if (!present) misses.push({ item, rule });
    });
  if (!misses.length) return;
  // The categories' names only once something is missing.
  await attachReferences(tx, ctx, rules, dependencyResource.references);
  const errors: FieldErrors = {};
  for (const { item, rule } of misses) {
    const category = rule.required_category_name;
    const required = describeSaleItem(
      saleItemKind.parse(rule.required_kind),
      typeof category === 'string' ? category : null,
    );
    const message = missingCompanionMessage(item.label, required, where);
    const list = (errors[item.field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  const first = Object.values(errors)[0]?.[0] ?? 'A required item is missing';
  throw AppError.badRequest(first, errors);
}

/** A product's kind as a ring-up item: a device, an accessory, or a plan or feature product. */
const kindOf = (kind: string): SaleItemKind => saleItemKind.catch('device').parse(kind);

/** The items of a sale's lines (their products' kinds and categories). */
export async function saleItemsOf(
  tx: Tx,
  ctx: RequestContext,
  lines: { product_id: number }[],
): Promise<SaleItem[]> {
  const products = await saleProductsOf(
    tx,
    ctx.companyId,
    lines.map((line) => line.product_id),
  );
  return lines.flatMap((line, index) => {
    const product = products.get(line.product_id);
    return product
      ? [
          {
            kind: kindOf(product.kind),
            category_id: product.category_id,
            label: product.name,
            field: `lines.${String(index)}.product_id`,
          },
        ]
      : [];
  });
}

/**
 * The items of an activation: the products of its device and SIM units (by serial; the unit's
 * product id when the caller has it), its plan and its features when any.
 */
export async function activationItemsOf(
  tx: Tx,
  ctx: RequestContext,
  activation: {
    imei: string;
    iccid: string;
    plan: string;
    features?: string | null;
    imeiProduct?: number;
    iccidProduct?: number;
  },
): Promise<SaleItem[]> {
  const productOf = async (serial: string, known?: number) =>
    known ?? (await unitPlace(tx, ctx.companyId, serial))?.product_id ?? null;
  const units = [
    { product: await productOf(activation.imei, activation.imeiProduct), field: 'imei' },
    { product: await productOf(activation.iccid, activation.iccidProduct), field: 'iccid' },
  ];
  const products = await saleProductsOf(
    tx,
    ctx.companyId,
    units.flatMap((unit) => (unit.product === null ? [] : [unit.product])),
  );
  const items: SaleItem[] = units.flatMap((unit) => {
    const product = unit.product === null ? undefined : products.get(unit.product);
    return product
      ? [
          {
            kind: kindOf(product.kind),
            category_id: product.category_id,
            label: product.name,
            field: unit.field,
          },
        ]
      : [];
  });
  items.push({ kind: 'plan', category_id: null, label: `Plan ${activation.plan}`, field: 'plan' });
  const features = activation.features?.trim();
  if (features)
    items.push({
      kind: 'feature',
      category_id: null,
      label: `Feature ${features}`,
      field: 'features',
    });
  return items;
}

/** A rule as it would be saved: a category only on a product kind, never itself, never twice. */
async function checkRule(tx: Tx, ctx: RequestContext, rule: Rule, exceptId?: number) {
  const errors: FieldErrors = {};
  const kinds = [
    ['item_kind', 'item_category_id'],
    ['required_kind', 'required_category_id'],
  ] as const;
  for (const [kind, category] of kinds)
    if (rule[category] !== null && !categorisedKinds.includes(saleItemKind.parse(rule[kind])))
      errors[category] = [saleDependencyMessages.categoryNotProduct];
  if (rule.item_kind === rule.required_kind && rule.item_category_id === rule.required_category_id)
    errors.required_kind = [saleDependencyMessages.requiresItself];
  const first = Object.values(errors)[0]?.[0];
  if (first) throw AppError.badRequest(first, errors);
  const [twin] = await tx
    .select({ id: saleDependencies.id })
    .from(saleDependencies)
    .where(
      and(
        tenantScope(saleDependencies, ctx.companyId),
        sql`${saleDependencies.item_kind} = ${rule.item_kind}`,
        sql`${saleDependencies.item_category_id} is not distinct from ${rule.item_category_id}`,
        sql`${saleDependencies.required_kind} = ${rule.required_kind}`,
        sql`${saleDependencies.required_category_id} is not distinct from ${rule.required_category_id}`,
        exceptId === undefined ? undefined : ne(saleDependencies.id, exceptId),
      ),
    )
    .limit(1);
  if (twin) throw AppError.conflict(saleDependencyMessages.duplicate);
}

const ruleOf = (values: Record<string, unknown>): Rule => ({
  item_kind: String(values.item_kind),
  item_category_id: typeof values.item_category_id === 'number' ? values.item_category_id : null,
  required_kind: String(values.required_kind),
  required_category_id:
    typeof values.required_category_id === 'number' ? values.required_category_id : null,
});

/** Sale dependencies (/sale-dependencies), checked as they are saved. */
export const saleDependencyService = createResourceService({
  definition: dependencyResource,
  table: saleDependencies,
  tenantColumn: 'company_id',
  hooks: {
    beforeCreate: async (input, ctx, tx) => {
      await checkRule(tx, ctx, ruleOf(input));
      return { ...input };
    },
    beforeUpdate: async (input, existing: Row, ctx, tx) => {
      await checkRule(tx, ctx, ruleOf({ ...existing, ...input }), existing.id);
      return { ...input };
    },
  },
});
