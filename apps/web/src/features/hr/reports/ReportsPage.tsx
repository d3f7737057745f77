import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../platform/api.ts';
import { DataTable } from '../../../platform/data-table/DataTable.tsx';
import { downloadCsv } from '../../../platform/data-table/export-files.ts';
import { hasPermission } from '../../auth/session.ts';
import { notify } from '../../../platform/toasts.ts';
import { asLocalDate, timesheetKeys, timesheetsApi, today } from '../timesheets/timesheets-api.ts';
import { hrReports } from './hr-reports.ts';
import type { ReportDefinition } from './report-types.ts';

const visibleReports = () =>
  hrReports.filter((r) => hasPermission(r.permission ?? 'read_hr_reports'));

/** The calendar year of a date, as a range. */
const yearOf = (date: string) => ({
  from: `${date.slice(0, 4)}-01-01`,
  to: `${date.slice(0, 4)}-12-31`,
});

/**
 * /hr/reports: the HR reports (hrReports in ./hr-reports.ts) for a date range, each on the data table
 * with CSV and PDF export, and the payroll CSV of the same range.
 */
export function ReportsPage() {
  const reports = visibleReports();
  const [params, setParams] = useSearchParams();
  const period = useQuery({
    queryKey: timesheetKeys.period(today()),
    queryFn: ({ signal }) => timesheetsApi.payPeriod(today(), signal).then((r) => r.data),
  });
  const report = reports.find((r) => r.id === params.get('report')) ?? reports[0];
  const from = params.get('from') ?? period.data?.from;
  const to = params.get('to') ?? period.data?.to;
  const set = (next: Record<string, string>) =>
    setParams(
      { report: report?.id ?? '', from: from ?? '', to: to ?? '', ...next },
      { replace: true },
    );
  if (!report) return <Typography>No reports available</Typography>;
  const range =
    report.period === 'year' ? yearOf(from ?? today()) : from && to ? { from, to } : null;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Typography variant="h5" component="h1">
        HR Reports
      </Typography>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <TextField
          select
          size="small"
          label="Report"
          value={report.id}
          onChange={(event) => set({ report: event.target.value })}
          sx={{ minWidth: 240 }}
        >
          {reports.map((r) => (
            <MenuItem key={r.id} value={r.id}>
              {r.name}
            </MenuItem>
          ))}
        </TextField>
        {report.period === 'year' ? (
          <TextField
            size="small"
            label="Year"
            type="number"
            value={(from ?? today()).slice(0, 4)}
            onChange={(event) =>
              /^\d{4}$/.test(event.target.value) &&
              set({ from: `${event.target.value}-01-01`, to: `${event.target.value}-12-31` })
            }
          />
        ) : (
          <>
            <TextField
              label="From"
              type="date"
              size="small"
              value={from ?? ''}
              onChange={(event) => event.target.value && set({ from: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="To"
              type="date"
              size="small"
              value={to ?? ''}
              onChange={(event) => event.target.value && set({ to: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </>
        )}
        {range && hasPermission('read_hr_reports') && (
          <PayrollButton from={range.from} to={range.to} />
        )}
      </Stack>
      <Typography color="text.secondary">{report.description}</Typography>
      {range && <ReportTable key={report.id} report={report} from={range.from} to={range.to} />}
    </Box>
  );
}

function ReportTable({ report, from, to }: { report: ReportDefinition; from: string; to: string }) {
  const rows = useQuery({
    queryKey: ['hr', 'reports', report.id, from, to],
    queryFn: ({ signal }) => report.load({ from, to }, signal),
    enabled: from <= to,
  });
  if (from > to)
    return <Typography color="error">The start date must be on or before the end date</Typography>;
  return (
    <>
      {rows.error && (
        <Typography color="error">
          {rows.error instanceof ApiError ? rows.error.message : 'Server Error'}
        </Typography>
      )}
      <DataTable
        label={report.name}
        reportName={report.name}
        exportPeriod={{ from: asLocalDate(from), to: asLocalDate(to) }}
        columns={report.columns}
        rows={rows.data ?? []}
        getRowId={report.rowId ?? ((row) => String(row.key ?? JSON.stringify(row)))}
        loading={rows.isFetching}
        emptyMessage="No records for these dates"
      />
    </>
  );
}

/** The payroll CSV: employee, number, pay period, regular, overtime and paid break hours. */
function PayrollButton({ from, to }: { from: string; to: string }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const rows = (await timesheetsApi.payroll(from, to)).data;
      downloadCsv({
        reportName: 'Payroll',
        period: { from: asLocalDate(from), to: asLocalDate(to) },
        headers: [
          'Employee',
          'Employee number',
          'Email',
          'Pay period',
          'Regular hours',
          'Overtime hours',
          'Paid break hours',
        ],
        rows: rows.map((r) => [
          r.employee,
          r.employee_number,
          r.email,
          r.pay_period,
          r.regular_hours,
          r.overtime_hours,
          r.paid_break_hours,
        ]),
      });
    } catch (error) {
      notify.danger(error instanceof ApiError ? error.message : 'Server error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" loading={busy} onClick={() => void run()}>
      Payroll CSV
    </Button>
  );
}
