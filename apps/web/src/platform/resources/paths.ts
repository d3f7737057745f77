/**
 * Where a resource's screens live (SPEC.md section 2). Patterns take `:id`. Kept free of zod so the
 * route table can read it without loading the screens.
 */
export interface ResourcePaths {
  list: string;
  /** More addresses of the same list (SPEC.md names /stores and /admin-location-settings). */
  aliases?: readonly string[];
  create?: string;
  edit?: string;
  view?: string;
}

/** A path pattern with its `:id` filled in. */
export const withId = (pattern: string, id: number | string): string =>
  pattern.replace(':id', encodeURIComponent(String(id)));

/** Route ids are digits (SPEC.md routes use numeric ids); anything else is not a row. */
export function parseRouteId(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** A resource's screens at SPEC.md's usual addresses: `{list}`, `/add`, `/edit/:id` and `/:id`. */
export const standardPaths = (list: string): ResourcePaths => ({
  list,
  create: `${list}/add`,
  edit: `${list}/edit/:id`,
  view: `${list}/:id`,
});
