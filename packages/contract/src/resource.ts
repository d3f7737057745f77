import { z } from 'zod';
import { id, isoDateTime } from './fields.ts';
import { isPermission, type Permission, type ResourcePermissionName } from './permissions.ts';

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

/** One allowed move of a status machine: from any of `from` to `to`, by whoever holds `permission`. */
export interface StatusTransition<S extends string = string> {
  from: readonly S[];
  to: S;
  /** The button a screen shows for the move ("Submit", "Ship"). */
  label: string;
  /** Needed to make the move; `write_<resource>` when left out. */
  permission?: Permission;
}

/**
 * A state machine on the resource's `status` column, as data. Rows start in `initial`; PATCH never
 * changes the status; `POST {path}/{id}/transition` with `{ to, note? }` makes one of the declared
 * moves (any other is a 409) and writes a history row. Each row carries `allowed_transitions`: the
 * states the caller may move it to now.
 */
export interface StatusMachine<S extends string = string> {
  states: readonly S[];
  /** What each state is called on screen. */
  labels: Readonly<Record<S, string>>;
  initial: S;
  transitions: readonly StatusTransition<S>[];
  /** States in which PATCH and DELETE are allowed (a 409 `notEditable` otherwise); all if left out. */
  editableIn?: readonly S[];
  messages: {
    /** reply message of a transition */
    moved: string;
    /** fallback failure message of a transition */
    notMoved: string;
    /** 409 message of a PATCH or DELETE outside `editableIn` */
    notEditable: string;
  };
}

/** A custom verb on a row, mounted as `POST {path}/{id}/{name}`. */
export interface ResourceAction {
  label: string;
  /** Needed to run it; `write_<resource>` when left out. */
  permission?: Permission;
  /** The request body (an empty strict object when the verb takes nothing). */
  body: z.ZodObject;
  /** States in which the action is offered (resources with statuses); all if left out. */
  allowedIn?: readonly string[];
  messages: { done: string; failed: string };
}

/**
 * A field holding the id of another resource's row. The API adds `as` (the referenced row's name,
 * or `labelFields` joined by a space) to every row it returns, loaded in one query per page, and
 * refuses an id that is not the caller's company's (400 naming the field).
 */
export interface ResourceReference {
  resource: ResourcePermissionName;
  /** the row key the referenced name is returned under (`product_name`) */
  as: string;
  /** fields of the referenced row that make its name; `['name']` when left out */
  labelFields?: readonly string[];
}

/** A reference to a user, named by their first and last name (`created_by_name`). */
export const personReference = (as: string): ResourceReference => ({
  resource: 'users',
  as,
  labelFields: ['first_name', 'last_name'],
});

/**
 * Child rows (order lines) written with their parent in one transaction. The parent's create and
 * update payloads carry `lines`: lines without an id are inserted, lines with an id updated, and on
 * update the parent's lines left out of the array are deleted. Prices and totals are the server's:
 * each line's `unit_price_cents` comes from the API (never the payload), its `tax_cents` is
 * round(quantity x unit price x tax rate) and `total_cents` = quantity x unit price + tax; the parent
 * stores `subtotal_cents`, `tax_cents` and `total_cents`, all integer cents. GET of one row (and the
 * replies of create, update and actions) return `lines`; lists do not.
 */
export interface LinesDeclaration<LineRow extends z.ZodObject = z.ZodObject> {
  label: { one: string; many: string };
  /** a line as the API returns it */
  row: LineRow;
  /** a line as a payload sends it: `id` (optional) for an existing line, and the editable fields */
  input: z.ZodObject;
  /** Reference fields of a line (e.g. its product). */
  references?: Readonly<Record<string, ResourceReference>>;
}

/** The standard routes of a resource: list (with count), get one, create, update, delete. */
export const resourceOperations = ['list', 'get', 'create', 'update', 'delete'] as const;
export type ResourceOperation = (typeof resourceOperations)[number];

/**
 * A resource whose rows belong to one row of another (an employee's documents): its routes are
 * `{parent.path}/:id{path}` and `.../:{rowParam}` (`/employees/:id/documents/:documentId`); the
 * parent's id fills `column` on create, every query is limited to it, and a parent the caller may
 * not see answers 404.
 */
export interface ResourceParent {
  path: `/${string}`;
  /** the column of this resource's table holding the parent's id */
  column: string;
  /** the path parameter of the row's own id (the parent's is `:id`) */
  rowParam: string;
}

export interface ResourceDefinition<
  Row extends z.ZodObject = z.ZodObject,
  Create extends z.ZodObject = z.ZodObject,
  Update extends z.ZodObject = z.ZodObject,
> {
  /**
   * The resource's name (history, references) and, unless `access` says otherwise, the suffix of
   * its permissions (`read_stores`).
   */
  name: ResourcePermissionName | (string & {});
  /** Who reads and who writes, when not `read_<name>`/`write_<name>` (`authenticated`: anyone signed in). */
  access?: { read: Permission | 'authenticated'; write: Permission };
  /** The standard routes mounted; all of them when left out. */
  operations?: readonly ResourceOperation[];
  /** Rows that belong to a parent row (see ResourceParent). */
  parent?: ResourceParent;
  /** The page size of a list that asks for none (DEFAULT_PER_PAGE otherwise). */
  defaultPerPage?: number;
  /**
   * Replies that are not the row, built on the server: `create` (a credential shown once, or the
   * parent's whole list after an add), `list` (a summary of the rows instead of `{ results, total }`).
   */
  replies?: { create?: z.ZodType; list?: z.ZodType };
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
   * districts, stores, regions); `flag` sets is_deleted (users, sidebar items); `remove` deletes;
   * `revoke` stamps revoked_at (and revoked_by) once and keeps the row (kiosk credentials).
   */
  deleteMode: 'deactivate' | 'flag' | 'remove' | 'revoke';
  /** Fields `search=` looks in (case-insensitive contains). */
  searchFields: readonly (keyof z.infer<Row> & string)[];
  /** Fields `sort=` and `filter[...]` accept. */
  queryFields: readonly (keyof z.infer<Row> & string)[];
  /**
   * JSON object fields whose keys are queried as `<field>.<key>` (a product's device type field
   * values, `extra_fields.storage_gb`): `filter[...]` is a case-insensitive contains on the value's
   * text, `sort=` orders by the JSON value (numbers as numbers), rows without the key last.
   */
  keyedFields?: readonly (keyof z.infer<Row> & string)[];
  /** Default sort when the query names none. */
  defaultSort: string;
  /** A state machine on the `status` column (see StatusMachine). */
  statuses?: StatusMachine;
  /** Custom verbs on a row, by the path segment they are mounted under. */
  actions?: Readonly<Record<string, ResourceAction>>;
  /** Records every create, update, delete, transition and action (before, after, who, when). */
  history?: boolean;
  /** Child rows written with the row (see LinesDeclaration). */
  lines?: LinesDeclaration;
  /** Reference fields of the row, by the field holding the id. */
  references?: Readonly<Record<string, ResourceReference>>;
  /**
   * Bulk CSV: `GET {path}/bulk/template`, `POST {path}/bulk` (create), `PATCH {path}/bulk`
   * (update by id), `POST {path}/bulk/delete` (by id); per-row errors, all or nothing.
   */
  bulk?: { maxRows?: number };
}

/** The permission (or `authenticated`) reading a resource needs. */
export function readAccessOf(definition: Pick<ResourceDefinition, 'name' | 'access'>) {
  return definition.access?.read ?? permissionOf(`read_${definition.name}`);
}

/** The permission writing a resource needs. */
export function writeAccessOf(definition: Pick<ResourceDefinition, 'name' | 'access'>) {
  return definition.access?.write ?? permissionOf(`write_${definition.name}`);
}

function permissionOf(flag: string): Permission {
  if (!isPermission(flag))
    throw new Error(`${flag} is no permission: declare the resource's access`);
  return flag;
}

/** A key inside a keyed field: what a device type field's key may be. */
const KEYED_QUERY_FIELD = /^([a-z][a-z0-9_]*)\.([a-z][a-z0-9_]{0,59})$/;

/**
 * A query field naming a key inside one of the resource's `keyedFields` (`extra_fields.storage_gb`):
 * the field and the key, or undefined for anything else. The key's pattern keeps it safe to write
 * into SQL as a literal.
 */
export function keyedQueryField(
  definition: Pick<ResourceDefinition, 'keyedFields'>,
  name: string,
): { field: string; key: string } | undefined {
  const match = KEYED_QUERY_FIELD.exec(name);
  const [, field, key] = match ?? [];
  if (!field || !key || !(definition.keyedFields as readonly string[] | undefined)?.includes(field))
    return undefined;
  return { field, key };
}

/** Whether a resource mounts one of the standard routes. */
export const offers = (
  definition: Pick<ResourceDefinition, 'operations'>,
  operation: ResourceOperation,
) => !definition.operations || definition.operations.includes(operation);

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

/** One entry of `GET {path}/{id}/history`, newest first. */
export const historyEntrySchema = z.object({
  id: z.number().int(),
  /** `created`, `updated`, `deleted`, `transition` or the name of an action */
  action: z.string(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  note: z.string().nullable(),
  /** the changed fields before and after (whole rows for created and deleted) */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  created_at: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** The body of `POST {path}/{id}/transition`. */
export const transitionBodySchema = z.strictObject({
  to: z.string().min(1, 'Choose a status'),
  note: z.string().trim().max(1000).nullable().optional(),
});
export type TransitionBody = z.infer<typeof transitionBodySchema>;

/** The row keys the engine adds for a resource with statuses and actions. */
export const allowedTransitionsField = z
  .array(z.string())
  .describe('the states the caller may move this row to now (POST {path}/{id}/transition)');
export const allowedActionsField = z
  .array(z.string())
  .describe('the actions the caller may run on this row now (POST {path}/{id}/{action})');

/**
 * The closing fields of a document's row with statuses and lines (a sale, an order, a B2B
 * invoice): who made it and when, the moves and actions the caller may make now, and its lines
 * when asked for.
 */
export const documentRowFields = <Line extends z.ZodType>(line: Line) => ({
  created_by: id.nullable(),
  created_by_name: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  allowed_transitions: allowedTransitionsField,
  allowed_actions: allowedActionsField,
  lines: z.array(line).optional(),
});

/** The states `from` may move to, as the machine declares (permissions aside). */
export const transitionsFrom = <S extends string>(machine: StatusMachine<S>, from: S) =>
  machine.transitions.filter((transition) => transition.from.includes(from));

/** Typed rows for any declared resource: what the API returns, and what create and PATCH take. */
export type RowOf<D extends Pick<ResourceDefinition, 'row'>> = z.output<D['row']>;
export type CreateOf<D extends Pick<ResourceDefinition, 'create'>> = z.input<D['create']>;
export type UpdateOf<D extends Pick<ResourceDefinition, 'update'>> = Partial<z.input<D['update']>>;
