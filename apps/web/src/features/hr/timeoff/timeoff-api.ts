import { countDataSchema, listDataSchema } from '@portal/contract/envelope';
import {
  leavesReportRowSchema,
  timeoffBalanceSchema,
  timeoffRequestDetailSchema,
  timeoffRequestSchema,
  timeoffTypeResource,
  timeoffTypeSchema,
  type TimeoffRequestCreate,
  type TimeoffStatus,
} from '@portal/contract/hr-timeoff';
import type { CreateOf, UpdateOf } from '@portal/contract/resource';
import { z } from 'zod';
import { api } from '../../../platform/api.ts';

export const timeoffKeys = {
  all: ['hr', 'timeoff'] as const,
  types: ['hr', 'timeoff', 'types'] as const,
  requests: (query: object) => ['hr', 'timeoff', 'requests', query] as const,
  request: (id: number) => ['hr', 'timeoff', 'request', id] as const,
  balances: (userId: number | null, year: number) =>
    ['hr', 'timeoff', 'balances', userId, year] as const,
  pendingCount: ['hr', 'timeoff', 'pending-count'] as const,
};

/** The time off calls (/hr-timeoff/*). */
export const timeoffApi = {
  types: (signal?: AbortSignal) =>
    api.get(timeoffTypeResource.path, listDataSchema(timeoffTypeSchema), { signal }),
  requests: (
    query: { scope: 'mine' | 'team' | 'all'; status?: TimeoffStatus; user_id?: number },
    signal?: AbortSignal,
  ) => api.get('/hr-timeoff/requests', listDataSchema(timeoffRequestSchema), { signal, query }),
  request: (id: number, signal?: AbortSignal) =>
    api.get(`/hr-timeoff/requests/${id}`, timeoffRequestDetailSchema, { signal }),
  pendingCount: (signal?: AbortSignal) =>
    api.get('/hr-timeoff/requests/pending-count', countDataSchema, { signal }),
  create: (body: TimeoffRequestCreate) =>
    api.post('/hr-timeoff/requests', body, timeoffRequestDetailSchema),
  act: (id: number, action: 'approve' | 'reject' | 'cancel', reason?: string) =>
    api.post(
      `/hr-timeoff/requests/${id}/${action}`,
      reason ? { reason } : {},
      timeoffRequestDetailSchema,
    ),
  // Types are an engine resource (contract hr-timeoff.ts timeoffTypeResource).
  createType: (body: CreateOf<typeof timeoffTypeResource>) =>
    api.post(timeoffTypeResource.path, body, timeoffTypeSchema),
  updateType: (id: number, body: UpdateOf<typeof timeoffTypeResource>) =>
    api.patch(`${timeoffTypeResource.path}/${id}`, body, timeoffTypeSchema),
  setAllowance: (body: { user_id: number; type_id: number; year: number; hours: number }) =>
    api.put('/hr-timeoff/allowances', body, listDataSchema(timeoffBalanceSchema)),
  balances: (query: { user_id?: number; year?: number }, signal?: AbortSignal) =>
    api.get('/hr-timeoff/balances', listDataSchema(timeoffBalanceSchema), { signal, query }),
  leavesReport: (year: number, signal?: AbortSignal) =>
    api.get(
      '/hr-timeoff/reports/leaves',
      listDataSchema(leavesReportRowSchema).extend({ year: z.number() }),
      { signal, query: { year } },
    ),
};
