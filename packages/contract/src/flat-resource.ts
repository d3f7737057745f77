import { z } from 'zod';
import type { ResourcePermissionName } from './permissions.ts';
import { defineResource, resourceMessages, type ResourceMessages } from './resource.ts';
import { id, isoDateTime, name } from './fields.ts';

/**
 * A plain company-owned list of named things (adjustment reasons, manufacturers): no statuses,
 * lines or hooks. The row is `id`, `company_id`, `name`, the `row` fields and `created_at`; create
 * takes `name` and the `writable` fields, update any of them; the messages are `<one> added`,
 * `updated`, `deleted`; DELETE removes the row; lists search `searchFields` (`name` when left out),
 * filter and sort on id, name, created_at and `queryFields`, and sort by name. The web goes back to
 * the list (`afterSave`, default `path`) after a save. `messages` replaces the `<one> added` ones
 * (`resourceMessages('Brand', 'created')`). Anything else is a `defineResource` (resource.ts).
 */
export function defineFlatResource<
  const Row extends z.ZodRawShape,
  const Writable extends z.ZodRawShape,
>(options: {
  name: ResourcePermissionName;
  path: `/${string}`;
  label: { one: string; many: string };
  row: Row;
  writable: Writable;
  searchFields?: readonly (keyof Row | 'name')[];
  /** Filter and sort fields besides id, name and created_at. */
  queryFields?: readonly (keyof Row)[];
  messages?: ResourceMessages;
  /** The web page after a save, when not `path`. */
  afterSave?: string;
}) {
  const row = z.object({
    id,
    company_id: id,
    name: z.string(),
    ...options.row,
    created_at: isoDateTime,
  });
  const create = z.strictObject({ name, ...options.writable });
  // Keys of every flat row (id, name, created_at) and of its declared fields.
  type Key = keyof z.infer<typeof row> & string;
  return defineResource({
    name: options.name,
    path: options.path,
    label: options.label,
    row,
    create,
    update: create.partial(),
    messages: options.messages ?? resourceMessages(options.label.one, 'added'),
    afterSave: options.afterSave ?? options.path,
    deleteMode: 'remove',
    searchFields: (options.searchFields ?? ['name']) as Key[],
    queryFields: ['id', 'name', ...(options.queryFields ?? []), 'created_at'] as Key[],
    defaultSort: 'name',
  });
}
