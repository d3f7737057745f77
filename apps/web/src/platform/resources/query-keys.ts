/** What a list request asks the API for (DESIGN.md "API conventions"). */
export interface ListParams {
  /** 0-based. */
  page: number;
  perPage: number;
  /** `field` or `-field`. */
  sort?: string;
  search?: string;
  /** `filter[field]=value`: on the server a case-insensitive contains for free text, equality otherwise. */
  filter?: Readonly<Record<string, string>>;
  related?: readonly string[];
}

/**
 * The same request always gets the same key: empty search, empty filters and empty related are
 * left out, filters and related are sorted.
 */
export function normalizeListParams(params: ListParams): ListParams {
  const normalized: ListParams = { page: params.page, perPage: params.perPage };
  if (params.sort) normalized.sort = params.sort;
  const search = params.search?.trim();
  if (search) normalized.search = search;
  const filters = Object.entries(params.filter ?? {}).filter(([, value]) => value !== '');
  if (filters.length) {
    normalized.filter = Object.fromEntries(filters.sort(([a], [b]) => a.localeCompare(b)));
  }
  if (params.related?.length) normalized.related = [...params.related].sort();
  return normalized;
}

/**
 * Query keys of one resource (STYLE.md 8): everything under `all`, so a write invalidates the
 * resource's lists, counts and rows with one call; lists under `lists()` for list-only refreshes.
 */
export function resourceKeys(name: string) {
  const all = ['resource', name] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (params: ListParams) => [...all, 'list', normalizeListParams(params)] as const,
    count: (filter: Readonly<Record<string, string>> = {}) =>
      [...all, 'count', normalizeListParams({ page: 0, perPage: 1, filter }).filter ?? {}] as const,
    details: () => [...all, 'detail'] as const,
    detail: (id: number, related: readonly string[] = []) =>
      [...all, 'detail', id, [...related].sort()] as const,
  };
}
export type ResourceKeys = ReturnType<typeof resourceKeys>;

/** The query string of a list request, as `api` takes it. */
export function listQuery(params: ListParams): Record<string, string | number> {
  const normalized = normalizeListParams(params);
  const query: Record<string, string | number> = {
    page: normalized.page,
    perPage: normalized.perPage,
  };
  if (normalized.sort) query.sort = normalized.sort;
  if (normalized.search) query.search = normalized.search;
  for (const [field, value] of Object.entries(normalized.filter ?? {})) {
    query[`filter[${field}]`] = value;
  }
  if (normalized.related) query.related = normalized.related.join(',');
  return query;
}
