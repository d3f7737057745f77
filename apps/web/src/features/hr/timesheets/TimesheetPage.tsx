import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Correction, EmployeeTimesheet } from '@portal/contract/hr-timesheets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useLiveEvents } from '../live-events.ts';
import { ApiError } from '../../../platform/api.ts';
import { DataTable } from '../../../platform/data-table/DataTable.tsx';
import type { DataColumn } from '../../../platform/data-table/table-types.ts';
import { totalColumn } from '../../../platform/data-table/total-column.ts';
import { notify } from '../../../platform/toasts.ts';
import { hasPermission, useSession } from '../../auth/session.ts';
import {
  asLocalDate,
  dateTimeIn,
  hours,
  shiftDate,
  timesheetKeys,
  timesheetsApi,
  today,
} from './timesheets-api.ts';

const REPORT_NAME = 'Timesheet';

const detailsLink = (userId: number, from: string, to: string) =>
  `/hr/timesheet-details?user_id=${userId}&from=${from}&to=${to}`;

const columnsFor = (from: string, to: string): DataColumn<EmployeeTimesheet>[] => [
  {
    id: 'name',
    header: 'Employee',
    value: (e) => `${e.first_name} ${e.last_name}`,
    cell: (e) => (
      <Link component={RouterLink} to={detailsLink(e.user_id, from, to)}>
        {e.first_name} {e.last_name}
      </Link>
    ),
  },
  totalColumn('days', 'Days worked', (e) => e.days.filter((d) => d.cards.length > 0).length),
  totalColumn('worked', 'Worked (h)', (e) => hours(e.totals.worked_minutes)),
  totalColumn('regular', 'Regular (h)', (e) => hours(e.totals.regular_minutes)),
  totalColumn('overtime', 'Overtime (h)', (e) => hours(e.totals.overtime_minutes)),
  totalColumn('paid_breaks', 'Paid breaks (h)', (e) => hours(e.totals.paid_break_minutes)),
  totalColumn('unpaid_breaks', 'Unpaid breaks (h)', (e) => hours(e.totals.unpaid_break_minutes)),
  totalColumn('late', 'Late (min)', (e) => e.totals.late_minutes),
  totalColumn('missed', 'Missed punches', (e) => e.totals.missed_punches),
  totalColumn('not_corrected', 'Not corrected', (e) =>
    e.days.reduce(
      (n, d) => n + d.cards.filter((c) => c.auto_clocked_out && c.not_corrected).length,
      0,
    ),
  ),
];

/** The pay period (from the URL, else the company's current one) and moves between periods. */
function usePeriod() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from');
  const to = params.get('to');
  const current = useQuery({
    queryKey: timesheetKeys.period(today()),
    queryFn: ({ signal }) => timesheetsApi.payPeriod(today(), signal).then((r) => r.data),
    enabled: !from || !to,
  });
  const range = from && to ? { from, to } : current.data;
  const set = (next: { from: string; to: string }) => setParams(next, { replace: true });
  const step = async (direction: -1 | 1) => {
    if (!range) return;
    const date = direction < 0 ? shiftDate(range.from, -1) : shiftDate(range.to, 1);
    set((await timesheetsApi.payPeriod(date)).data);
  };
  return { range, set, step };
}

/**
 * /hr/timesheet: every employee's hours for a pay period (the caller's own without
 * read_hr_timesheets) with footer totals and CSV/PDF export, and the corrections waiting for a
 * decision.
 */
export function TimesheetPage() {
  const { range, set, step } = usePeriod();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Typography variant="h5" component="h1">
        {REPORT_NAME}
      </Typography>
      {range && (
        <>
          <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
            <Button onClick={() => void step(-1)}>Previous period</Button>
            <TextField
              label="From"
              type="date"
              size="small"
              value={range.from}
              onChange={(event) =>
                event.target.value && set({ from: event.target.value, to: range.to })
              }
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="To"
              type="date"
              size="small"
              value={range.to}
              onChange={(event) =>
                event.target.value && set({ from: range.from, to: event.target.value })
              }
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button onClick={() => void step(1)}>Next period</Button>
          </Stack>
          <Sheet from={range.from} to={range.to} />
          <CorrectionsQueue />
        </>
      )}
    </Box>
  );
}

/** What a timesheet covers, heading its PDF: the stores its rows come from. */
const scopeOf = (stores: readonly { name: string }[]) =>
  stores.length
    ? `Stores: ${stores
        .map((store) => store.name)
        .sort((a, b) => a.localeCompare(b))
        .join(', ')}`
    : 'Stores: none in this period';

function Sheet({ from, to }: { from: string; to: string }) {
  const sheet = useQuery({
    queryKey: timesheetKeys.sheet(from, to),
    queryFn: ({ signal }) => timesheetsApi.sheet(from, to, signal).then((r) => r.data),
    enabled: from <= to,
  });
  if (from > to)
    return <Typography color="error">The start date must be on or before the end date</Typography>;
  return (
    <DataTable
      label={REPORT_NAME}
      reportName={REPORT_NAME}
      exportPeriod={{ from: asLocalDate(from), to: asLocalDate(to) }}
      exportScope={scopeOf(sheet.data?.stores ?? [])}
      columns={columnsFor(from, to)}
      rows={sheet.data?.employees ?? []}
      getRowId={(e) => String(e.user_id)}
      loading={sheet.isFetching}
      emptyMessage="No hours in this period"
      initialSort={{ id: 'name', desc: false }}
    />
  );
}

/** Pending corrections the caller may see; the supervisor or HR approves or rejects them. */
function CorrectionsQueue() {
  const queryClient = useQueryClient();
  const pending = useQuery({
    queryKey: timesheetKeys.corrections('pending'),
    queryFn: ({ signal }) => timesheetsApi.corrections('pending', signal).then((r) => r.data),
  });
  // A new request (or a decision elsewhere) arrives by server-sent events; `ready` follows a
  // reconnect, when events may have been missed.
  useLiveEvents((event) => {
    if (event.type.startsWith('timesheet.') || event.type === 'ready')
      void queryClient.invalidateQueries({ queryKey: timesheetKeys.all });
  });
  const [rejecting, setRejecting] = useState<Correction | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: timesheetKeys.all });
  const onError = (error: unknown) =>
    notify.danger(error instanceof ApiError ? error.message : 'Server error');
  const approve = useMutation({
    mutationFn: (c: Correction) => timesheetsApi.approve(c.id),
    onSuccess: (reply) => {
      notify.success(reply.message);
      void refresh();
    },
    onError,
  });
  const rows = pending.data ?? [];
  const canDecide = hasPermission('write_hr_timesheets');
  const me = Number(useSession((s) => s.userId));
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Corrections waiting for a decision
        </Typography>
        {rows.length === 0 ? (
          <Typography color="text.secondary">No corrections waiting</Typography>
        ) : (
          <Stack spacing={1.5}>
            {rows.map((c) => (
              <Box
                key={c.id}
                data-testid={`correction-${c.id}`}
                sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}
              >
                <Box sx={{ flex: '1 1 320px' }}>
                  <Typography fontWeight={600}>
                    {c.employee_name} · {c.store_name}{' '}
                    <Chip
                      size="small"
                      label={
                        c.source === 'auto_clockout' ? 'After auto clock-out' : 'Employee request'
                      }
                    />
                  </Typography>
                  <Typography variant="body2">
                    {c.break_id ? 'Break' : 'Timecard'} {dateTimeIn(c.current_start, c.time_zone)} –{' '}
                    {dateTimeIn(c.current_end, c.time_zone)} →{' '}
                    {dateTimeIn(c.requested_start ?? c.current_start, c.time_zone)} –{' '}
                    {dateTimeIn(c.requested_end ?? c.current_end, c.time_zone)} ({c.time_zone})
                  </Typography>
                  {c.reason && (
                    <Typography variant="body2" color="text.secondary">
                      Reason: {c.reason}
                    </Typography>
                  )}
                </Box>
                {(canDecide || c.user_id !== me) && (
                  <Stack direction="row" spacing={1}>
                    <Button
                      variant="contained"
                      size="small"
                      loading={approve.isPending && approve.variables?.id === c.id}
                      onClick={() => approve.mutate(c)}
                    >
                      Approve
                    </Button>
                    <Button size="small" color="error" onClick={() => setRejecting(c)}>
                      Reject
                    </Button>
                  </Stack>
                )}
              </Box>
            ))}
          </Stack>
        )}
      </CardContent>
      {rejecting && (
        <RejectDialog
          correction={rejecting}
          onClose={() => setRejecting(null)}
          onDone={() => {
            setRejecting(null);
            void refresh();
          }}
        />
      )}
    </Card>
  );
}

function RejectDialog({
  correction,
  onClose,
  onDone,
}: {
  correction: Correction;
  onClose: () => void;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reject = useMutation({
    mutationFn: () => timesheetsApi.reject(correction.id, reason),
    onSuccess: (reply) => {
      notify.success(reply.message);
      onDone();
    },
    onError: (e) => setError(e instanceof ApiError ? e.message : 'Server error'),
  });
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Reject the correction of {correction.employee_name}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label="Reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={Boolean(error)}
          helperText={error}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          loading={reject.isPending}
          onClick={() => {
            if (!reason.trim()) setError('Give a reason');
            else reject.mutate();
          }}
        >
          Reject
        </Button>
      </DialogActions>
    </Dialog>
  );
}
