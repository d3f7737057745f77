import { listDataSchema } from '@portal/contract/envelope';
import {
  AUTO_CLOCKOUT_PAGE_SIZE,
  activeSessionSchema,
  autoClockedOutRecordSchema,
  breakActionDataSchema,
  breakSettingsDataSchema,
  clockActionDataSchema,
  clockSessionSchema,
  storeTimeSchema,
  timecardSchema,
  type AutoClockedOutQuery,
  type BreakEndRequest,
  type BreakStartRequest,
  type ClockInRequest,
  type ClockOutRequest,
  type CorrectionRequest,
} from '@portal/contract/hr';
import { z } from 'zod';
import { api } from '../../platform/api.ts';

/** The time clock's calls (SPEC.md section 7, HR). */
export const clockApi = {
  session: (signal?: AbortSignal) => api.get('/hr-web-clockin', clockSessionSchema, { signal }),
  clockIn: (body: ClockInRequest) => api.post('/hr-web-clockin', body, clockActionDataSchema),
  clockOut: (body: ClockOutRequest) => api.patch('/hr-web-clockin', body, clockActionDataSchema),
  storeTime: (storeId: number, signal?: AbortSignal) =>
    api.get(`/hr-web-clockin/time/${storeId}`, storeTimeSchema, { signal }),
  breakSettings: (storeId: number, userId: number, signal?: AbortSignal) =>
    api.get(`/hr-timecard-breaks/break_settings/${storeId}&${userId}`, breakSettingsDataSchema, {
      signal,
    }),
  startBreak: (body: BreakStartRequest) =>
    api.post('/hr-timecard-breaks', body, breakActionDataSchema),
  endBreak: (body: BreakEndRequest) =>
    api.patch('/hr-timecard-breaks', body, breakActionDataSchema),
  activeSession: (signal?: AbortSignal) =>
    api.get(
      '/hr-timecards/active-session',
      z.object({ activeSession: activeSessionSchema.nullable() }),
      { signal, query: { related: 'store,breaks' } },
    ),
  autoClockedOut: (body: AutoClockedOutQuery) =>
    api.post(
      '/hr-schedules/user-autoclocked-out',
      body,
      listDataSchema(autoClockedOutRecordSchema),
    ),
  requestCorrection: (body: CorrectionRequest) =>
    api.post('/hr-timecards/correction-request', body, timecardSchema),
};

export const clockQueryKeys = {
  session: ['hr', 'clock-session'] as const,
  breakSettings: (storeId: number, userId: number) =>
    ['hr', 'break-settings', storeId, userId] as const,
  storeTime: (storeId: number) => ['hr', 'store-time', storeId] as const,
  autoClockedOut: (userId: number, page: number) =>
    ['hr', 'auto-clocked-out', userId, page] as const,
};

/**
 * The query of a user's auto clocked-out timecards not yet corrected nor asked about, one page of
 * AUTO_CLOCKOUT_PAGE_SIZE (the Auto Clocked Out dialog and My view's list).
 */
export const autoClockedOutQuery = (userId: number, page: number) => ({
  queryKey: clockQueryKeys.autoClockedOut(userId, page),
  queryFn: () =>
    clockApi
      .autoClockedOut({
        user_id: userId,
        store_id: null,
        not_corrected: true,
        edit_request_sent: false,
        page_size: AUTO_CLOCKOUT_PAGE_SIZE,
        page_number: page,
      })
      .then((reply) => reply.data),
  meta: { errorToast: false },
});
