import { and, asc, eq } from 'drizzle-orm';
import type { FieldErrors } from '@portal/contract/envelope';
import {
  deviceTypeFieldMessages as messages,
  deviceTypeFields as deviceTypeFieldResource,
  type ExtraFieldValue,
} from '@portal/contract/resources/catalog';
import type { RequestContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { createResourceService, type Row } from '../../platform/resources/service.ts';
import { tenantScope } from '../../db/columns.ts';
import { categories, deviceTypeFields } from './schema.ts';

type Definition = typeof deviceTypeFields.$inferSelect;

/** A select has options; the other types have none (sent ones are a 400, not dropped unseen). */
function checkOptions(fieldType: string, options: readonly string[]) {
  if (fieldType === 'select' && options.length === 0)
    throw AppError.badRequest(messages.selectNeedsOptions, {
      options: [messages.selectNeedsOptions],
    });
  if (fieldType !== 'select' && options.length > 0)
    throw AppError.badRequest(messages.optionsOnlyForSelect, {
      options: [messages.optionsOnlyForSelect],
    });
}

/** /device-type-fields: the extra fields of one device type (a product category). */
export const deviceTypeFieldService = createResourceService({
  definition: deviceTypeFieldResource,
  table: deviceTypeFields,
  tenantColumn: 'company_id',
  hooks: {
    beforeCreate: async (input) => {
      checkOptions(input.field_type, input.options);
      return { ...input };
    },
    beforeUpdate: async (input, existing) => {
      const fieldType = input.field_type ?? String(existing.field_type);
      // A field that stops being a select loses its options unless new ones are sent.
      const options =
        input.options ??
        (fieldType === 'select' && Array.isArray(existing.options)
          ? existing.options.map(String)
          : []);
      checkOptions(fieldType, options);
      return { ...input, options };
    },
  },
});

/** The device type fields of a category, in their order. */
async function definitionsOf(tx: Tx, ctx: RequestContext, categoryId: number | null) {
  if (categoryId === null) return [] as Definition[];
  return tx
    .select()
    .from(deviceTypeFields)
    .where(
      and(
        tenantScope(deviceTypeFields, ctx.companyId),
        eq(deviceTypeFields.category_id, categoryId),
      ),
    )
    .orderBy(asc(deviceTypeFields.order), asc(deviceTypeFields.id));
}

async function categoryName(tx: Tx, ctx: RequestContext, categoryId: number | null) {
  if (categoryId === null) return null;
  const [row] = await tx
    .select({ name: categories.name })
    .from(categories)
    .where(and(tenantScope(categories, ctx.companyId), eq(categories.id, categoryId)));
  return row?.name ?? null;
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** One value checked against its definition: the value to keep, or the message naming the field. */
function checkValue(
  field: Definition,
  value: unknown,
): { value?: ExtraFieldValue; error?: string } {
  if (isEmpty(value)) return field.is_required ? { error: messages.required(field.label) } : {};
  switch (field.field_type) {
    case 'number': {
      const number = typeof value === 'string' ? Number(value.trim()) : value;
      return typeof number === 'number' && Number.isFinite(number)
        ? { value: number }
        : { error: messages.notNumber(field.label) };
    }
    case 'boolean':
      return typeof value === 'boolean' ? { value } : { error: messages.notYesNo(field.label) };
    case 'select':
      return typeof value === 'string' && field.options.includes(value.trim())
        ? { value: value.trim() }
        : { error: messages.notOption(field.label, field.options) };
    default:
      if (typeof value !== 'string') return { error: messages.notText(field.label) };
      return value.trim().length > 500
        ? { error: messages.tooLong(field.label) }
        : { value: value.trim() };
  }
}

/**
 * A product's extra field values for its category: each checked against its definition (required,
 * a number, one of a select's options, yes/no); a problem is a 400 naming the field
 * (`extra_fields.<key>`). Values sent for keys the category does not define are a 400; values kept
 * from before (a category change) that the new category does not define are dropped.
 */
export async function checkExtraFields(
  tx: Tx,
  ctx: RequestContext,
  categoryId: number | null,
  values: Readonly<Record<string, unknown>>,
  sent: boolean,
): Promise<Record<string, ExtraFieldValue>> {
  const fields = await definitionsOf(tx, ctx, categoryId);
  const errors: FieldErrors = {};
  const known = new Set(fields.map((field) => field.key));
  if (sent) {
    const unknown = Object.keys(values).filter((key) => !known.has(key));
    if (unknown.length) {
      const category = await categoryName(tx, ctx, categoryId);
      for (const key of unknown)
        errors[`extra_fields.${key}`] = [
          category ? messages.unknown(key, category) : messages.noCategory(key),
        ];
    }
  }
  const kept: Record<string, ExtraFieldValue> = {};
  for (const field of fields) {
    const checked = checkValue(field, values[field.key]);
    if (checked.error) errors[`extra_fields.${field.key}`] = [checked.error];
    else if (checked.value !== undefined) kept[field.key] = checked.value;
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw AppError.badRequest(first, errors);
  return kept;
}

/** The values a product write stores, checked when its category or its values change. */
export async function productExtraFields(
  tx: Tx,
  ctx: RequestContext,
  input: { category_id?: number | null; extra_fields?: Record<string, unknown> },
  existing?: Row,
): Promise<Record<string, ExtraFieldValue> | undefined> {
  const categoryChanged =
    input.category_id !== undefined && input.category_id !== (existing?.category_id ?? null);
  if (existing && !categoryChanged && input.extra_fields === undefined) return undefined;
  const categoryId =
    input.category_id !== undefined
      ? input.category_id
      : typeof existing?.category_id === 'number'
        ? existing.category_id
        : null;
  const before =
    existing && typeof existing.extra_fields === 'object' && existing.extra_fields !== null
      ? (existing.extra_fields as Record<string, unknown>)
      : {};
  return checkExtraFields(
    tx,
    ctx,
    categoryId,
    input.extra_fields ?? before,
    input.extra_fields !== undefined,
  );
}
