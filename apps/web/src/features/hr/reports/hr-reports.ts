import { api } from '../../../platform/api.ts';
import { reportRecordsSchema } from '../timesheets/timesheets-api.ts';
import { leavesReport } from './leaves-report.ts';
import {
  count,
  hoursColumn,
  text,
  type ReportDefinition,
  type ReportRange,
} from './report-types.ts';

const get = (path: string, query: Record<string, string>, signal?: AbortSignal) =>
  api.get(path, reportRecordsSchema, { signal, query }).then((reply) => reply.data);

const hoursBy = (
  group: 'employee' | 'store' | 'district' | 'region',
  label: string,
): ReportDefinition => ({
  id: `hours-${group}`,
  name: `Hours by ${label}`,
  description: `Worked, regular and overtime hours and breaks per ${label.toLowerCase()}`,
  load: (range: ReportRange, signal?: AbortSignal) =>
    get('/hr-reports/hours', { ...range, group }, signal),
  columns: [
    text('name', label),
    ...(group === 'employee'
      ? [count('days_worked', 'Days worked')]
      : [count('employees', 'Employees')]),
    hoursColumn('worked_minutes', 'Worked (h)'),
    hoursColumn('regular_minutes', 'Regular (h)'),
    hoursColumn('overtime_minutes', 'Overtime (h)'),
    hoursColumn('paid_break_minutes', 'Paid breaks (h)'),
    hoursColumn('unpaid_break_minutes', 'Unpaid breaks (h)'),
    count('late_minutes', 'Late (min)'),
  ],
});

/**
 * The reports of /hr/reports, in the order the page lists them. To add one, append a
 * ReportDefinition (see report-types.ts): nothing else changes.
 */
export const hrReports: ReportDefinition[] = [
  hoursBy('employee', 'Employee'),
  hoursBy('store', 'Store'),
  hoursBy('district', 'District'),
  hoursBy('region', 'Region'),
  {
    id: 'overtime',
    name: 'Overtime Report',
    description: 'Days with overtime (daily and weekly thresholds of the HR settings)',
    load: (range, signal) => get('/hr-reports/overtime', { ...range }, signal),
    columns: [
      text('name', 'Employee'),
      text('date', 'Date'),
      hoursColumn('worked_minutes', 'Worked (h)'),
      hoursColumn('regular_minutes', 'Regular (h)'),
      hoursColumn('overtime_minutes', 'Overtime (h)'),
    ],
  },
  {
    id: 'breaks',
    name: 'Breaks Report',
    description: 'Breaks taken against the mandatory breaks of each store',
    load: (range, signal) => get('/hr-reports/breaks', { ...range }, signal),
    columns: [
      text('name', 'Employee'),
      text('date', 'Date'),
      text('store', 'Store'),
      count('breaks_taken', 'Breaks taken'),
      count('mandatory_expected', 'Mandatory expected'),
      count('mandatory_taken', 'Mandatory taken'),
      count('mandatory_missed', 'Mandatory missed'),
      count('mandatory_short', 'Mandatory cut short'),
      hoursColumn('paid_break_minutes', 'Paid breaks (h)'),
      hoursColumn('unpaid_break_minutes', 'Unpaid breaks (h)'),
    ],
  },
  {
    id: 'late',
    name: 'Late Arrivals Report',
    description: 'Clock-ins after the start of the scheduled shift',
    load: (range, signal) => get('/hr-reports/late', { ...range }, signal),
    columns: [
      text('name', 'Employee'),
      text('date', 'Date'),
      text('store', 'Store'),
      text('shift_start', 'Shift start'),
      text('clock_in', 'Clock in'),
      count('late_minutes', 'Late (min)'),
    ],
  },
  leavesReport,
];
