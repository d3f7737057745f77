import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { isPermission } from '@portal/contract/permissions';
import { storageKeys } from '@portal/contract/storage-keys';
import { useCallback } from 'react';
import { isRecord } from '../is-record.ts';
import { readStoredJson } from '../storage.ts';
import type { Option, ReferenceSource } from './ui.ts';
import { resourceKeys, type ListParams } from './query-keys.ts';
import { fetchList, fetchRow, type AnyResource, type ResourceRow } from './resource-api.ts';

/** How many rows a client-side list or a choice list loads (the API's page limit). */
export const CLIENT_FETCH_SIZE = 10000;
export const REFERENCE_FETCH_SIZE = 1000;

export function useResourceList(resource: AnyResource, params: ListParams) {
  return useQuery({
    queryKey: resourceKeys(resource.name).list(params),
    queryFn: ({ signal }) => fetchList(resource, params, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useResourceRow(
  resource: AnyResource,
  id: number | null,
  related: readonly string[] = [],
) {
  return useQuery({
    queryKey: resourceKeys(resource.name).detail(id ?? 0, related),
    queryFn: ({ signal }) => fetchRow(resource, id ?? 0, related, signal),
    enabled: id !== null,
    // The screen says "not found" itself.
    meta: { errorToast: false },
  });
}

/** After any write: the resource's lists, counts and rows are out of date. */
export function useInvalidateResource(resource: AnyResource) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: resourceKeys(resource.name).all });
}

export interface ReferenceData {
  options: readonly Option[];
  /** id -> label */
  labels: ReadonlyMap<number, string>;
  loading: boolean;
}

const referenceParams = (source: ReferenceSource): ListParams => ({
  page: 0,
  perPage: REFERENCE_FETCH_SIZE,
  sort: source.sort ?? source.resource.defaultSort,
  filter: source.filter,
});

/**
 * Whether the session may read a source's resource (its read_<name> permission), so a screen never
 * asks for a list it can only be refused (a 403 in the console).
 */
export function mayReadSource(source: Pick<ReferenceSource, 'resource' | 'permission'>): boolean {
  const permission = source.permission ?? `read_${source.resource.name}`;
  if (!isPermission(permission)) return true;
  const granted = readStoredJson(storageKeys.permissions);
  return isRecord(granted) && permission in granted;
}

/**
 * The choices of several reference sources at once (one list request each, shared with any other
 * screen asking the same). A source the user may not read is not asked for: it yields no choices,
 * and ids show as is.
 */
export function useReferenceData(
  sources: readonly ReferenceSource[],
): ReadonlyMap<ReferenceSource, ReferenceData> {
  // Re-combined only when a result or the (stable, config-made) sources change.
  const combine = useCallback(
    (results: readonly { data?: { results: ResourceRow[] }; isLoading: boolean }[]) => {
      const map = new Map<ReferenceSource, ReferenceData>();
      sources.forEach((source, index) => {
        const rows = results[index]?.data?.results ?? [];
        const offered = source.offer ? rows.filter(source.offer) : rows;
        map.set(source, {
          options: offered.map((row) => ({ value: String(row.id), label: source.label(row) })),
          labels: new Map(rows.map((row) => [row.id, source.label(row)])),
          loading: results[index]?.isLoading ?? false,
        });
      });
      return map;
    },
    [sources],
  );
  return useQueries({
    queries: sources.map((source) => {
      const params = referenceParams(source);
      return {
        queryKey: resourceKeys(source.resource.name).list(params),
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          fetchList(source.resource, params, signal),
        staleTime: 60_000,
        meta: { errorToast: false },
        enabled: mayReadSource(source),
      };
    }),
    combine,
  });
}
