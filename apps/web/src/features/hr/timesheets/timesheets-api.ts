import {
  auditEntrySchema,
  correctionSchema,
  employeeTimesheetSchema,
  payPeriodSchema,
  payrollRowSchema,
  timesheetResultSchema,
  type CorrectionCreate,
} from '@portal/contract/hr-timesheets';
import { formatInZone } from '@portal/contract/hr';
import { z } from 'zod';

import { api, ignoreData } from '../../../platform/api.ts';
export const timesheetKeys = {
  all: ['hr', 'timesheets'] as const,
  sheet: (from: string, to: string) => ['hr', 'timesheets', 'sheet', from, to] as const,
  period: (date: string) => ['hr', 'timesheets', 'period', date] as const,
  details: (userId: number, from: string, to: string) =>
    ['hr', 'timesheets', 'details', userId, from, to] as const,
  corrections: (status: string) => ['hr', 'timesheets', 'corrections', status] as const,
};

const detailsSchema = z.object({
  employee: employeeTimesheetSchema.nullable(),
  user: z.object({ id: z.number(), first_name: z.string(), last_name: z.string() }),
  stores: timesheetResultSchema.shape.stores,
  corrections: z.array(correctionSchema),
  audit: z.array(auditEntrySchema),
});
export type TimesheetDetails = z.infer<typeof detailsSchema>;

export const reportRecordsSchema = z.array(
  z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
);

/** The timesheet calls (issue 7). */
export const timesheetsApi = {
  sheet: (from: string, to: string, signal?: AbortSignal) =>
    api.get('/hr-timesheets', timesheetResultSchema, { signal, query: { from, to } }),
  payPeriod: (date: string, signal?: AbortSignal) =>
    api.get('/hr-timesheets/pay-period', payPeriodSchema, { signal, query: { date } }),
  details: (userId: number, from: string, to: string, signal?: AbortSignal) =>
    api.get('/hr-timesheets/details', detailsSchema, {
      signal,
      query: { user_id: userId, from, to },
    }),
  corrections: (status: string, signal?: AbortSignal) =>
    api.get('/hr-timesheet-corrections', z.array(correctionSchema), {
      signal,
      query: { status: status || undefined },
    }),
  requestCorrection: (body: CorrectionCreate) =>
    api.post('/hr-timesheet-corrections', body, z.object({ id: z.number() })),
  approve: (id: number) => api.post(`/hr-timesheet-corrections/${id}/approve`, {}, ignoreData),
  reject: (id: number, reason: string) =>
    api.post(`/hr-timesheet-corrections/${id}/reject`, { reason }, ignoreData),
  editTimecard: (id: number, body: { clock_in?: string; clock_out?: string; reason: string }) =>
    api.patch(`/hr-timesheets/timecards/${id}`, body, ignoreData),
  editBreak: (id: number, body: { break_start?: string; break_end?: string; reason: string }) =>
    api.patch(`/hr-timesheets/breaks/${id}`, body, ignoreData),
  report: (path: string, query: Record<string, string>, signal?: AbortSignal) =>
    api.get(path, reportRecordsSchema, { signal, query }),
  payroll: (from: string, to: string, signal?: AbortSignal) =>
    api.get('/hr-reports/payroll', z.array(payrollRowSchema), { signal, query: { from, to } }),
};

/** Minutes as hours with two decimals (what the tables, totals and exports hold). */
export const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** `HH:mm` of an instant in a store's zone. */
export const timeIn = (instant: string | null, zone: string) =>
  instant ? formatInZone(instant, zone).slice(11, 16) : '—';

/** `YYYY-MM-DD HH:mm` of an instant in a store's zone. */
export const dateTimeIn = (instant: string | null, zone: string) =>
  instant ? formatInZone(instant, zone).slice(0, 16) : '—';

/** A YYYY-MM-DD date as a local Date (for export names). */
export const asLocalDate = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
};

/** YYYY-MM-DD plus some days. */
export const shiftDate = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Today in the browser's zone, YYYY-MM-DD. */
export const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};
