import { z } from 'zod';
import type { ResourcePermissionName } from './permissions.ts';

/** Success and fallback failure messages of one resource (SPEC.md section 8). */
export interface ResourceMessages {
  created: string;
  updated: string;
  deleted: string;
  activated: string;
  notCreated: string;
  notUpdated: string;
  notDeleted: string;
  notActivated: string;
}

/**
 * Builds the usual `<Entity> added/created, updated, deleted, activated` messages and their
 * `<Entity> not ...` fallbacks; `overrides` keeps SPEC.md's exceptions (e.g. "District activted").
 */
export function resourceMessages(
  entity: string,
  createVerb: 'added' | 'created',
  overrides: Partial<ResourceMessages> = {},
): ResourceMessages {
  return {
    created: `${entity} ${createVerb}`,
    updated: `${entity} updated`,
    deleted: `${entity} deleted`,
    activated: `${entity} activated`,
    notCreated: `${entity} not ${createVerb}`,
    notUpdated: `${entity} not updated`,
    notDeleted: `${entity} not deleted`,
    notActivated: `${entity} not activated`,
    ...overrides,
  };
}

export interface ResourceDefinition<
  Row extends z.ZodObject = z.ZodObject,
  Create extends z.ZodObject = z.ZodObject,
  Update extends z.ZodObject = z.ZodObject,
> {
  /** API path segment (`/stores`) and the suffix of its permissions (`read_stores`). */
  name: ResourcePermissionName;
  /** Human label, singular and plural. */
  label: { one: string; many: string };
  row: Row;
  create: Create;
  update: Update;
  messages: ResourceMessages;
  /** Where the web app goes after a successful save (SPEC.md section 2), if anywhere. */
  afterSave?: string;
  /** API path, relative to the API base. */
  path: `/${string}`;
  /**
   * What DELETE does: `deactivate` sets is_active false and `activate` reverses it (SPEC.md: roles,
   * districts, stores, regions); `flag` sets is_deleted (users, sidebar items); `remove` deletes.
   */
  deleteMode: 'deactivate' | 'flag' | 'remove';
  /** Fields `search=` looks in (case-insensitive contains). */
  searchFields: readonly (keyof z.infer<Row> & string)[];
  /** Fields `sort=` and `filter[...]` accept. */
  queryFields: readonly (keyof z.infer<Row> & string)[];
  /** Default sort when the query names none. */
  defaultSort: string;
}

/** Declares a resource once; the API and the web app both read this object. */
export function defineResource<
  Row extends z.ZodObject,
  Create extends z.ZodObject,
  Update extends z.ZodObject,
>(definition: ResourceDefinition<Row, Create, Update>): ResourceDefinition<Row, Create, Update> {
  return definition;
}

/**
 * The PATCH body of a resource: its `update` schema with every default removed, so a field left out
 * of the request stays as it is. (`.partial()` keeps the defaults inside, which would quietly reset
 * such fields: a store's district to null on any edit.)
 */
export function patchSchemaOf(definition: Pick<ResourceDefinition, 'update'>): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(definition.update.shape)) {
    const inner = field instanceof z.ZodOptional ? field.unwrap() : field;
    shape[key] = inner instanceof z.ZodDefault ? z.optional(inner.removeDefault()) : field;
  }
  return definition.update.extend(shape);
}
