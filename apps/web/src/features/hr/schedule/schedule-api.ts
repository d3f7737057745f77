import { z } from 'zod';
import { listDataSchema } from '@portal/contract/envelope';
import {
  scheduleCheckSchema,
  scheduleCopyResultSchema,
  schedulePublishResultSchema,
  scheduleSaveResultSchema,
  scheduleShiftSchema,
  scheduleWeekSchema,
  type ScheduleChanges,
} from '@portal/contract/hr-schedules';
import {
  departmentRoleSchema,
  shiftTemplateSchema,
} from '@portal/contract/resources/hr-scheduling';
import { api } from '../../../platform/api.ts';

export const scheduleKeys = {
  all: ['hr', 'schedule'] as const,
  week: (storeId: number, date: string) => ['hr', 'schedule', 'week', storeId, date] as const,
  check: (body: ScheduleChanges) => ['hr', 'schedule', 'check', body] as const,
  templates: (storeId: number) => ['hr', 'schedule', 'templates', storeId] as const,
  stores: ['hr', 'schedule', 'stores'] as const,
  roles: ['hr', 'schedule', 'roles'] as const,
};

const storeRow = z.object({ id: z.number(), name: z.string(), time_zone: z.string() });

/** The schedule grid's calls (apps/api/src/modules/scheduling/routes.ts). */
export const scheduleApi = {
  week: (storeId: number, date: string, signal?: AbortSignal) =>
    api.get('/hr-schedules/week', scheduleWeekSchema, {
      signal,
      query: { store_id: storeId, week_start: date },
    }),
  check: (body: ScheduleChanges, signal?: AbortSignal) =>
    api.post('/hr-schedules/check', body, scheduleCheckSchema, { signal }),
  save: (body: ScheduleChanges) => api.post('/hr-schedules/save', body, scheduleSaveResultSchema),
  copyLastWeek: (storeId: number, weekStart: string) =>
    api.post(
      '/hr-schedules/copy-last-week',
      { store_id: storeId, week_start: weekStart },
      scheduleCopyResultSchema,
    ),
  publish: (storeId: number, weekStart: string) =>
    api.post(
      '/hr-schedules/publish',
      { store_id: storeId, week_start: weekStart },
      schedulePublishResultSchema,
    ),
  remove: (id: number) => api.delete(`/hr-schedules/${id}`, scheduleShiftSchema),
  templates: (storeId: number, signal?: AbortSignal) =>
    api.get('/hr-shift-templates', listDataSchema(shiftTemplateSchema), {
      signal,
      query: {
        'filter[store_id]': storeId,
        'filter[is_active]': 'true',
        perPage: 100,
        sort: 'start_time',
      },
    }),
  stores: (signal?: AbortSignal) =>
    api.get('/stores', listDataSchema(storeRow), {
      signal,
      query: { perPage: 1000, sort: 'name', 'filter[is_active]': 'true' },
    }),
  roles: (signal?: AbortSignal) =>
    api.get('/hr-department-roles', listDataSchema(departmentRoleSchema), { signal }),
};
