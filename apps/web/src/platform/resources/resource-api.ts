import type { ListData, Reply } from '@portal/contract/envelope';
import type { ResourceDefinition } from '@portal/contract/resource';
import { api, type Parser } from '../api.ts';
import { isRecord } from '../is-record.ts';
import { listQuery, type ListParams } from './query-keys.ts';

/** Any engine resource: the client reads only what every declaration has. */
export type AnyResource = ResourceDefinition;

/**
 * Anything listed the engine's way (`{ results, total }` of rows with an id): every resource, and
 * a few plain lists such as the global carriers. `name` keys its queries.
 */
export type ListSource = Pick<AnyResource, 'path' | 'row' | 'label' | 'defaultSort'> & {
  name: string;
};

/** A row as the engine's screens hold it: the declared fields, plus any `related` records. */
export type ResourceRow = Record<string, unknown> & { id: number };

export function isResourceRow(value: unknown): value is ResourceRow {
  return isRecord(value) && typeof value.id === 'number';
}

const rowParsers = new WeakMap<ListSource, Parser<ResourceRow>>();

/**
 * Parses a row with the declaration's schema, keeping keys it does not name (the records that
 * `related=` adds), and insists on a numeric id.
 */
export function rowParser(resource: ListSource): Parser<ResourceRow> {
  let parser = rowParsers.get(resource);
  if (!parser) {
    const schema = resource.row.loose();
    parser = {
      parse: (input) => {
        const row = schema.parse(input);
        if (!isResourceRow(row)) throw new Error(`${resource.label.one} without an id`);
        return row;
      },
    };
    rowParsers.set(resource, parser);
  }
  return parser;
}

export function listParser<T>(row: Parser<T>): Parser<ListData<T>> {
  return {
    parse: (input) => {
      if (!isRecord(input) || !Array.isArray(input.results) || typeof input.total !== 'number') {
        throw new Error('Expected { results, total }');
      }
      return { results: input.results.map((item) => row.parse(item)), total: input.total };
    },
  };
}

const pathOf = (resource: Pick<ListSource, 'path'>, id?: number) =>
  id === undefined ? resource.path : `${resource.path}/${id}`;

export async function fetchList(
  resource: ListSource,
  params: ListParams,
  signal?: AbortSignal,
): Promise<ListData<ResourceRow>> {
  const reply = await api.get(resource.path, listParser(rowParser(resource)), {
    query: listQuery(params),
    signal,
  });
  return reply.data;
}

export async function fetchRow(
  resource: ListSource,
  id: number,
  related: readonly string[] = [],
  signal?: AbortSignal,
): Promise<ResourceRow> {
  const query = related.length ? { related: related.join(',') } : undefined;
  const reply = await api.get(pathOf(resource, id), rowParser(resource), { query, signal });
  return reply.data;
}

/** Every row matching a list's filters, sort and search (for exports), fetched page by page. */
export async function fetchAllRows(
  resource: AnyResource,
  params: Omit<ListParams, 'page' | 'perPage'>,
  pageSize = 1000,
): Promise<ResourceRow[]> {
  const rows: ResourceRow[] = [];
  for (let page = 0; ; page += 1) {
    const data = await fetchList(resource, { ...params, page, perPage: pageSize });
    rows.push(...data.results);
    if (data.results.length < pageSize || rows.length >= data.total) return rows;
  }
}

export const createRow = (resource: AnyResource, body: unknown): Promise<Reply<ResourceRow>> =>
  api.post(resource.path, body, rowParser(resource));

export const updateRow = (
  resource: AnyResource,
  id: number,
  body: unknown,
): Promise<Reply<ResourceRow>> => api.patch(pathOf(resource, id), body, rowParser(resource));

/** DELETE: deactivates, flags as deleted or removes, as the declaration's deleteMode says. */
export const deleteRow = (resource: AnyResource, id: number): Promise<Reply<ResourceRow>> =>
  api.delete(pathOf(resource, id), rowParser(resource));

/** DELETE {path}/activate/{id}: only for resources whose delete deactivates. */
export const activateRow = (resource: AnyResource, id: number): Promise<Reply<ResourceRow>> =>
  api.delete(`${resource.path}/activate/${id}`, rowParser(resource));
