import type { ResourceReference } from '@portal/contract/resource';
import type { FieldKind, FieldSpec } from './ui.ts';

/** A form's values as the engine holds them: one entry per field of the declaration. */
export type FormValues = Record<string, unknown>;

/** What an untouched field of each kind holds. */
export const emptyFieldValue = {
  text: '',
  email: '',
  password: '',
  number: '',
  textarea: '',
  color: '',
  time: '',
  date: '',
  switch: false,
  select: '',
  reference: '',
  multiSelect: [],
  multiReference: [],
  search: '',
  tags: [],
} satisfies Record<FieldKind, unknown>;

/** Enough of a zod object schema to ask what each field accepts. */
export interface ShapeSchema {
  shape: Record<string, { safeParse(value: unknown): { success: boolean } }>;
}

export type FormMode = 'create' | 'edit';

export const fieldsFor = (fields: readonly FieldSpec[], mode: FormMode): FieldSpec[] =>
  fields.filter((field) => field.only === undefined || field.only === mode);

/**
 * Reference fields name their choice from the row's reference name (`product_name`, which the
 * engine returns with every row) unless the field says otherwise: `labelFrom` from the contract's
 * `references`.
 */
export const withReferenceNames = (
  fields: readonly FieldSpec[],
  references: Readonly<Record<string, ResourceReference>> | undefined,
): FieldSpec[] =>
  fields.map((field) => {
    const declared = references?.[field.name];
    return field.labelFrom || !declared ? field : { ...field, labelFrom: declared.as };
  });

/**
 * A form's starting values: the row's (editing) or the defaults (creating), each field's empty
 * value otherwise. Only the form's own fields, so a strict schema sees no stray keys.
 */
export function initialFormValues(
  fields: readonly FieldSpec[],
  mode: FormMode,
  row: Readonly<Record<string, unknown>> | undefined,
  defaults: Readonly<Record<string, unknown>> = {},
): FormValues {
  const values: FormValues = {};
  for (const field of fieldsFor(fields, mode)) {
    const source = mode === 'edit' ? row?.[field.name] : defaults[field.name];
    values[field.name] =
      source === null || source === undefined ? emptyFieldValue[field.kind] : source;
  }
  return values;
}

const accepts = (schema: ShapeSchema, name: string, value: unknown): boolean =>
  schema.shape[name]?.safeParse(value).success ?? false;

/**
 * What the form sends: an empty box becomes null where the field takes null (clearing it); stays
 * '' where a new row must have it (so an edit cannot blank a name unnoticed: the schema says it is
 * required); else is left out (the server's default). Number boxes hold text and become numbers.
 */
export function normalizeFormValues(
  values: FormValues,
  fields: readonly FieldSpec[],
  schema: ShapeSchema,
  createSchema: ShapeSchema = schema,
): FormValues {
  const result: FormValues = {};
  for (const [name, raw] of Object.entries(values)) {
    const kind = fields.find((field) => field.name === name)?.kind;
    let value = raw;
    if (kind === 'number' && typeof raw === 'string' && raw.trim() !== '') {
      const number = Number(raw);
      value = Number.isFinite(number) ? number : raw;
    }
    if (value === '') {
      if (accepts(schema, name, null)) result[name] = null;
      else if (isRequired(createSchema, name) || !accepts(schema, name, undefined))
        result[name] = '';
      continue;
    }
    result[name] = value;
  }
  return result;
}

/** A field is required when the create schema takes neither nothing nor null for it. */
export const isRequired = (schema: ShapeSchema, name: string): boolean =>
  !accepts(schema, name, undefined) && !accepts(schema, name, null);
