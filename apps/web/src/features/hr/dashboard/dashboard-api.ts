import { listDataSchema } from '@portal/contract/envelope';
import {
  myViewSchema,
  storeViewSchema,
  teamMemberDetailSchema,
  teamMemberSchema,
} from '@portal/contract/hr-dashboard';
import { z } from 'zod';
import { api } from '../../../platform/api.ts';

export const dashboardKeys = {
  all: ['hr', 'dashboard'] as const,
  store: (storeId: number) => ['hr', 'dashboard', 'store', storeId] as const,
  stores: ['hr', 'dashboard', 'stores'] as const,
  myView: ['hr', 'dashboard', 'my-view'] as const,
  team: (scope: string) => ['hr', 'dashboard', 'team', scope] as const,
  member: (id: number) => ['hr', 'dashboard', 'member', id] as const,
};

/** The dashboards' calls (/hr-dashboard/*, /hr-team). */
export const dashboardApi = {
  storeView: (storeId: number, signal?: AbortSignal) =>
    api.get(`/hr-dashboard/store-employees/${storeId}`, storeViewSchema, { signal }),
  stores: (signal?: AbortSignal) =>
    api.get(
      '/stores',
      z.object({ results: z.array(z.object({ id: z.number(), name: z.string() })) }),
      { signal, query: { perPage: 1000, sort: 'name', 'filter[is_active]': true } },
    ),
  myView: (signal?: AbortSignal) => api.get('/hr-dashboard/my-view', myViewSchema, { signal }),
  team: (scope: 'reports' | 'all', signal?: AbortSignal) =>
    api.get('/hr-team', listDataSchema(teamMemberSchema), { signal, query: { scope } }),
  member: (id: number, signal?: AbortSignal) =>
    api.get(`/hr-team/${id}`, teamMemberDetailSchema, { signal }),
  clockAction: (id: number, action: 'end_break' | 'clock_out', reason: string) =>
    api.post(`/hr-team/${id}/clock`, { action, reason }, teamMemberDetailSchema),
};
