import type { DataColumn } from '../../../platform/data-table/table-types.ts';
import { totalColumn } from '../../../platform/data-table/total-column.ts';
import { text, type ReportDefinition, type ReportRecord } from './report-types.ts';
import { timeoffApi } from '../timeoff/timeoff-api.ts';

/** An hours field (already in hours) with a footer total; empty when there is no limit. */
const hours = (id: string, header: string): DataColumn<ReportRecord> => ({
  id,
  header,
  value: (row) => row[id] ?? null,
  total: true,
  align: 'right',
});

/**
 * The Employee Leaves Report (SPEC.md: the current year): every employee's allowance, approved,
 * pending and remaining hours per time off type, from GET /hr-timeoff/reports/leaves.
 */
export const leavesReport: ReportDefinition = {
  id: 'employee-leaves',
  name: 'Employee Leaves Report',
  description: 'Time off per employee and type for a year: allowance, approved, pending, remaining',
  permission: 'read_hr_timeoff',
  period: 'year',
  load: async (range, signal) => {
    const reply = await timeoffApi.leavesReport(Number(range.from.slice(0, 4)), signal);
    return reply.data.results.map((row) => ({
      key: `${row.user_id}-${row.type_name}`,
      employee_name: row.employee_name,
      type_name: row.type_name,
      allowance: row.allowance,
      approved: row.approved,
      pending: row.pending,
      remaining: row.remaining,
      requests: row.requests,
    }));
  },
  columns: [
    text('employee_name', 'Employee'),
    text('type_name', 'Type'),
    hours('allowance', 'Allowance (h)'),
    hours('approved', 'Approved (h)'),
    hours('pending', 'Pending (h)'),
    hours('remaining', 'Remaining (h)'),
    totalColumn('requests', 'Requests', (row) => Number(row.requests ?? 0)),
  ],
};
