import { listDataSchema } from '@portal/contract/envelope';
import {
  companyWidgetSchema,
  oneviewLayoutSchema,
  scopeLevels,
  scopeOptionsSchema,
  widgetCatalogueEntrySchema,
  widgetDataSchema,
  widgetRowsSchema,
  type CompanyWidgetsSave,
  type OneviewMode,
  type ScopeLevel,
  type WidgetPositionInput,
} from '@portal/contract/oneview';
import { storageKeys } from '@portal/contract/storage-keys';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../platform/api.ts';
import { isRecord } from '../../platform/is-record.ts';
import { queryClient } from '../../platform/query-client.ts';
import { readStoredJson } from '../../platform/storage.ts';

export interface Scope {
  level: ScopeLevel;
  id: number | null;
}

export const oneviewKeys = {
  all: ['oneview'] as const,
  layout: (mode: OneviewMode | null) => ['oneview', 'layout', mode] as const,
  data: (scope: Scope | null) =>
    ['oneview', 'data', scope?.level ?? null, scope?.id ?? null] as const,
  rows: (key: string, scope: Scope | null) =>
    ['oneview', 'rows', key, scope?.level ?? null, scope?.id ?? null] as const,
  scopes: ['oneview', 'scopes'] as const,
  catalogue: ['oneview', 'catalogue'] as const,
  companyWidgets: (mode: OneviewMode | null) => ['oneview', 'company-widgets', mode] as const,
};

const isLevel = (value: string | null): value is ScopeLevel =>
  value !== null && (scopeLevels as readonly string[]).includes(value);

/** A scope from a URL's level and id (?level=store&id=3), or null when it names none. */
export function scopeFromParams(params: URLSearchParams): Scope | null {
  const level = params.get('level');
  if (!isLevel(level)) return null;
  if (level === 'company') return { level, id: null };
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? { level, id } : null;
}

const scopeQuery = (scope: Scope | null) =>
  scope ? { level: scope.level, ...(scope.id === null ? {} : { id: scope.id }) } : {};

/** The signed-in user's company (the stored user), sent as company_id (SPEC.md section 7). */
export function companyIdOfUser(): number {
  const user = readStoredJson(storageKeys.user);
  return isRecord(user) && typeof user.company_id === 'number' ? user.company_id : 0;
}

/** OneView's calls. */
export const oneviewApi = {
  layout: (mode: OneviewMode | null, signal?: AbortSignal) =>
    api.get('/oneview/layout', oneviewLayoutSchema, {
      signal,
      query: mode === null ? {} : { mode },
    }),
  savePersonal: (widgetsData: WidgetPositionInput[]) =>
    api.put('/oneview/layout', { widgetsData }, oneviewLayoutSchema),
  resetPersonal: () => api.delete('/oneview/layout', oneviewLayoutSchema),
  data: (scope: Scope | null, signal?: AbortSignal) =>
    api.get('/oneview/widget-data', widgetDataSchema, { signal, query: scopeQuery(scope) }),
  rows: (key: string, scope: Scope | null, signal?: AbortSignal) =>
    api.get(`/oneview/widgets/${encodeURIComponent(key)}/rows`, widgetRowsSchema, {
      signal,
      query: scopeQuery(scope),
    }),
  scopes: (signal?: AbortSignal) => api.get('/oneview/scopes', scopeOptionsSchema, { signal }),
  catalogue: (signal?: AbortSignal) =>
    api.get('/oneview/widgets', listDataSchema(widgetCatalogueEntrySchema), { signal }),
  companyWidgets: (mode: OneviewMode | null, signal?: AbortSignal) =>
    api.get('/oneview-company-widgets', listDataSchema(companyWidgetSchema), {
      signal,
      query: mode === null ? {} : { 'filter[mode]': mode },
    }),
  saveCompany: (body: CompanyWidgetsSave) =>
    api.post('/oneview-company-widgets', body, listDataSchema(companyWidgetSchema)),
  patchCompanyWidget: (id: number, body: { locked?: boolean; x?: number; y?: number }) =>
    api.patch(`/oneview-company-widgets/${id}`, body, companyWidgetSchema),
  deleteCompanyWidget: (id: number) =>
    api.delete(`/oneview-company-widgets/${id}`, companyWidgetSchema),
  saveBackground: (url: string | null) =>
    api.patch(
      '/oneview-company-widgets/bg-image',
      { company_id: companyIdOfUser(), url },
      z.object({ company_id: z.number(), url: z.string().nullable() }),
    ),
};

/** The queries OneView opens with: its page reads them, and prefetchOneview starts them early. */
export const oneviewQueries = {
  layout: (mode: OneviewMode | null) =>
    queryOptions({
      queryKey: oneviewKeys.layout(mode),
      queryFn: ({ signal }) => oneviewApi.layout(mode, signal).then((r) => r.data),
    }),
  // Without a scope the figures are of the server's default scope, the one the scope bar shows.
  data: (scope: Scope | null) =>
    queryOptions({
      queryKey: oneviewKeys.data(scope),
      queryFn: ({ signal }) => oneviewApi.data(scope, signal).then((r) => r.data),
    }),
  scopes: queryOptions({
    queryKey: oneviewKeys.scopes,
    queryFn: ({ signal }) => oneviewApi.scopes(signal).then((r) => r.data),
  }),
};

/**
 * Starts OneView's first requests (the caller's layout, the scope list and the figures of the
 * URL's scope) as its page's code is fetched rather than once the page has drawn: the figures are
 * what the home page shows last.
 */
export function prefetchOneview(): void {
  const scope = scopeFromParams(new URLSearchParams(window.location.search));
  void queryClient.prefetchQuery(oneviewQueries.layout(null));
  void queryClient.prefetchQuery(oneviewQueries.scopes);
  void queryClient.prefetchQuery(oneviewQueries.data(scope));
}
