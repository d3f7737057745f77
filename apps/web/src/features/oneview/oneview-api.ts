import { listDataSchema } from '@portal/contract/envelope';
import {
  companyWidgetSchema,
  oneviewLayoutSchema,
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
import { z } from 'zod';
import { api } from '../../platform/api.ts';
import { isRecord } from '../../platform/is-record.ts';
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
