import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatInZone, zonedTimeToUtc } from '@portal/contract/hr';
import type { TimesheetDay } from '@portal/contract/hr-timesheets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ApiError } from '../../../platform/api.ts';
import { DataTable } from '../../../platform/data-table/DataTable.tsx';
import { hasPermission, useSession } from '../../auth/session.ts';
import { totalColumn } from '../../../platform/data-table/total-column.ts';
import { notify } from '../../../platform/toasts.ts';
import type { DataColumn } from '../../../platform/data-table/table-types.ts';
import {
  asLocalDate,
  dateTimeIn,
  hours,
  timeIn,
  timesheetKeys,
  timesheetsApi,
  today,
  type TimesheetDetails,
} from './timesheets-api.ts';

type CardRow = TimesheetDay['cards'][number] & { date: string; zone: string; store: string };
interface Row {
  key: string;
  date: string;
  zone: string;
  store: string;
  card: CardRow | null;
  missed: { shift_start: string; shift_end: string } | null;
  pending: boolean;
}

const breakText = (card: CardRow) =>
  card.breaks
    .map(
      (b) =>
        `${b.short_description} ${timeIn(b.break_start, card.zone)}–${timeIn(b.break_end, card.zone)} (${b.is_paid ? 'paid' : 'unpaid'})`,
    )
    .join('; ');

function flagsOf(row: Row): string[] {
  const flags: string[] = [];
  if (row.missed) flags.push('Missed shift');
  const c = row.card;
  if (c?.auto_clocked_out && c.not_corrected) flags.push('Auto clocked out – not corrected');
  if (c?.open) flags.push('Still clocked in');
  if (c && c.late_minutes > 0) flags.push(`Late ${c.late_minutes} min`);
  if (row.pending) flags.push('Correction pending');
  return flags;
}

const columns: DataColumn<Row>[] = [
  { id: 'date', header: 'Date', value: (r) => r.date },
  { id: 'store', header: 'Store', value: (r) => r.store },
  {
    id: 'schedule',
    header: 'Schedule',
    value: (r) => {
      const start = r.card?.shift_start ?? r.missed?.shift_start ?? null;
      const end = r.card?.shift_end ?? r.missed?.shift_end ?? null;
      return start ? `${timeIn(start, r.zone)}–${timeIn(end, r.zone)}` : '';
    },
  },
  {
    id: 'clock_in',
    header: 'Clock in',
    value: (r) => (r.card ? timeIn(r.card.clock_in, r.zone) : ''),
  },
  {
    id: 'clock_out',
    header: 'Clock out',
    value: (r) =>
      r.card ? (r.card.clock_out ? dateTimeIn(r.card.clock_out, r.zone).slice(11) : 'open') : '',
  },
  { id: 'breaks', header: 'Breaks', value: (r) => (r.card ? breakText(r.card) : '') },
  totalColumn('worked', 'Worked (h)', (r) => (r.card ? hours(r.card.worked_minutes) : 0)),
  totalColumn('overtime', 'Overtime (h)', (r) => (r.card ? hours(r.card.overtime_minutes) : 0)),
  totalColumn('paid_breaks', 'Paid breaks (h)', (r) =>
    r.card ? hours(r.card.paid_break_minutes) : 0,
  ),
  {
    id: 'flags',
    header: 'Flags',
    value: (r) => flagsOf(r).join(', '),
    cell: (r) => (
      <Stack direction="row" spacing={0.5} flexWrap="wrap" useFlexGap>
        {flagsOf(r).map((f) => (
          <Chip
            key={f}
            size="small"
            label={f}
            color={f.startsWith('Auto') || f.startsWith('Missed') ? 'warning' : 'default'}
          />
        ))}
      </Stack>
    ),
  },
];

function rowsOf(details: TimesheetDetails): Row[] {
  const stores = new Map(details.stores.map((s) => [s.id, s]));
  const pending = new Set(
    details.corrections.filter((c) => c.status === 'pending').map((c) => c.timecard_id),
  );
  return (details.employee?.days ?? []).flatMap((day) => [
    ...day.cards.map((c): Row => {
      const store = stores.get(c.store_id);
      const zone = store?.time_zone ?? 'UTC';
      const card = { ...c, date: day.date, zone, store: store?.name ?? '' };
      return {
        key: `c${c.timecard_id}`,
        date: day.date,
        zone,
        store: card.store,
        card,
        missed: null,
        pending: pending.has(c.timecard_id) || c.edit_request_sent,
      };
    }),
    ...day.missed_shifts.map((m): Row => {
      const store = stores.get(m.store_id);
      return {
        key: `m${m.schedule_id}`,
        date: day.date,
        zone: store?.time_zone ?? 'UTC',
        store: store?.name ?? '',
        card: null,
        missed: m,
        pending: false,
      };
    }),
  ]);
}

/**
 * /hr/timesheet-details?user_id=&from=&to=: one employee's days — punches, breaks, schedule, late
 * and missed flags, auto clock-outs flagged until corrected — the corrections asked for and the
 * audit trail of every change. Employees ask for corrections of their own timecards here.
 */
export function TimesheetDetailsPage() {
  const [params, setParams] = useSearchParams();
  const me = Number(useSession((s) => s.userId));
  const userId = Number(params.get('user_id') ?? me);
  const period = useQuery({
    queryKey: timesheetKeys.period(today()),
    queryFn: ({ signal }) => timesheetsApi.payPeriod(today(), signal).then((r) => r.data),
  });
  const from = params.get('from') ?? period.data?.from;
  const to = params.get('to') ?? period.data?.to;
  const details = useQuery({
    queryKey: timesheetKeys.details(userId, from ?? '', to ?? ''),
    queryFn: ({ signal }) =>
      timesheetsApi.details(userId, from ?? '', to ?? '', signal).then((r) => r.data),
    enabled: Boolean(from && to && userId && from <= to),
  });
  const [correcting, setCorrecting] = useState<{ card: CardRow; edit: boolean } | null>(null);
  const canEdit = hasPermission('write_hr_timesheets');
  const set = (next: { from: string; to: string }) =>
    setParams({ user_id: String(userId), ...next }, { replace: true });
  const data = details.data;
  const rows = data ? rowsOf(data) : [];
  const name = data ? `${data.user.first_name} ${data.user.last_name}` : '';
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Typography variant="h5" component="h1">
        Timesheet details{name ? ` – ${name}` : ''}
      </Typography>
      {from && to && (
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
          <TextField
            label="From"
            type="date"
            size="small"
            value={from}
            onChange={(e) => e.target.value && set({ from: e.target.value, to })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="To"
            type="date"
            size="small"
            value={to}
            onChange={(e) => e.target.value && set({ from, to: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button component={RouterLink} to={`/hr/timesheet?from=${from}&to=${to}`}>
            Back to the timesheet
          </Button>
        </Stack>
      )}
      {details.error && (
        <Typography color="error">
          {details.error instanceof ApiError ? details.error.message : 'Server Error'}
        </Typography>
      )}
      {data?.employee && (
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
          <Chip label={`Worked ${hours(data.employee.totals.worked_minutes)} h`} />
          <Chip label={`Regular ${hours(data.employee.totals.regular_minutes)} h`} />
          <Chip label={`Overtime ${hours(data.employee.totals.overtime_minutes)} h`} />
          <Chip label={`Late ${data.employee.totals.late_minutes} min`} />
          <Chip label={`Missed punches ${data.employee.totals.missed_punches}`} />
        </Stack>
      )}
      {from && to && (
        <DataTable
          label="Timesheet details"
          reportName={`Timesheet ${name}`}
          exportPeriod={{ from: asLocalDate(from), to: asLocalDate(to) }}
          columns={columns}
          rows={rows}
          getRowId={(r) => r.key}
          loading={details.isFetching}
          emptyMessage="No hours in this period"
          initialSort={{ id: 'date', desc: false }}
          rowActions={(r) => {
            const card = r.card;
            if (!card || card.open) return null;
            if (userId === me)
              return r.pending ? null : (
                <Button size="small" onClick={() => setCorrecting({ card, edit: false })}>
                  Request correction
                </Button>
              );
            return canEdit ? (
              <Button size="small" onClick={() => setCorrecting({ card, edit: true })}>
                Edit
              </Button>
            ) : null;
          }}
        />
      )}
      {data && <Corrections details={data} />}
      {data && <AuditTrail details={data} />}
      {correcting && (
        <CorrectionDialog
          card={correcting.card}
          edit={correcting.edit}
          onClose={() => setCorrecting(null)}
        />
      )}
    </Box>
  );
}

function Corrections({ details }: { details: TimesheetDetails }) {
  if (details.corrections.length === 0) return null;
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Corrections
        </Typography>
        <Stack spacing={1}>
          {details.corrections.map((c) => (
            <Typography key={c.id} variant="body2">
              <strong>{c.status}</strong> · {c.break_id ? 'break' : 'timecard'} →{' '}
              {dateTimeIn(c.requested_start ?? c.current_start, c.time_zone)} –{' '}
              {dateTimeIn(c.requested_end ?? c.current_end, c.time_zone)} · {c.reason}
              {c.decided_by_name ? ` · ${c.status} by ${c.decided_by_name}` : ''}
              {c.decision_reason ? `: ${c.decision_reason}` : ''}
            </Typography>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

const auditValue = (value: unknown, zone: string) =>
  typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value)
    ? formatInZone(value, zone).slice(0, 16)
    : String(value);

function AuditTrail({ details }: { details: TimesheetDetails }) {
  const zone = details.stores[0]?.time_zone ?? 'UTC';
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Audit trail
        </Typography>
        {details.audit.length === 0 ? (
          <Typography color="text.secondary">No changes made to these timecards</Typography>
        ) : (
          <Stack spacing={1} component="ul" sx={{ pl: 2, m: 0 }}>
            {details.audit.map((a) => (
              <Typography key={a.id} component="li" variant="body2">
                {formatInZone(a.created_at, zone).slice(0, 16)} · {a.changed_by_name} ·{' '}
                {a.action === 'manager_edit' ? 'edited' : 'approved a correction of'} {a.entity} #
                {a.break_id ?? a.timecard_id}:{' '}
                {Object.keys(a.after)
                  .filter((k) => JSON.stringify(a.before[k]) !== JSON.stringify(a.after[k]))
                  .map(
                    (k) =>
                      `${k} ${auditValue(a.before[k], zone)} → ${auditValue(a.after[k], zone)}`,
                  )
                  .join(', ')}
                {a.reason ? ` (${a.reason})` : ''}
              </Typography>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

/** `YYYY-MM-DDTHH:mm` of an instant in a zone: what a datetime-local field shows. */
const localInput = (instant: string | null, zone: string) =>
  instant ? formatInZone(instant, zone).slice(0, 16).replace(' ', 'T') : '';

/**
 * An employee's correction request, or (edit) a manager's direct change with a reason; both of a
 * timecard or of one of its breaks, with times typed in the store's zone.
 */
function CorrectionDialog({
  card,
  edit,
  onClose,
}: {
  card: CardRow;
  edit: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<string>('timecard');
  const chosenBreak = card.breaks.find((b) => String(b.id) === target) ?? null;
  const [start, setStart] = useState(localInput(card.clock_in, card.zone));
  const [end, setEnd] = useState(localInput(card.clock_out, card.zone));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const choose = (value: string) => {
    setTarget(value);
    const b = card.breaks.find((x) => String(x.id) === value);
    setStart(localInput(b ? b.break_start : card.clock_in, card.zone));
    setEnd(localInput(b ? b.break_end : card.clock_out, card.zone));
  };
  const originalStart = localInput(
    chosenBreak ? chosenBreak.break_start : card.clock_in,
    card.zone,
  );
  const originalEnd = localInput(chosenBreak ? chosenBreak.break_end : card.clock_out, card.zone);
  const newStart =
    start && start !== originalStart ? zonedTimeToUtc(start, card.zone).toISOString() : undefined;
  const newEnd =
    end && end !== originalEnd ? zonedTimeToUtc(end, card.zone).toISOString() : undefined;
  const send = useMutation({
    mutationFn: (): Promise<{ message: string }> =>
      !edit
        ? timesheetsApi.requestCorrection({
            timecard_id: card.timecard_id,
            break_id: chosenBreak?.id ?? null,
            requested_start: newStart ?? null,
            requested_end: newEnd ?? null,
            reason,
          })
        : chosenBreak
          ? timesheetsApi.editBreak(chosenBreak.id, {
              break_start: newStart,
              break_end: newEnd,
              reason,
            })
          : timesheetsApi.editTimecard(card.timecard_id, {
              clock_in: newStart,
              clock_out: newEnd,
              reason,
            }),
    onSuccess: (reply) => {
      notify.success(reply.message);
      void queryClient.invalidateQueries({ queryKey: timesheetKeys.all });
      onClose();
    },
    onError: (e) => {
      if (e instanceof ApiError) {
        setErrors(e.fieldErrors);
        setMessage(e.message);
      } else setMessage('Server error');
    },
  });
  const startError = (errors.requested_start ?? errors.clock_in ?? errors.break_start)?.[0];
  const endError = (errors.requested_end ?? errors.clock_out ?? errors.break_end)?.[0];
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>
        {edit ? 'Edit the timecard' : 'Request a correction'} ({card.date})
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label="What to correct"
            value={target}
            onChange={(e) => choose(e.target.value)}
          >
            <MenuItem value="timecard">The timecard (clock in and out)</MenuItem>
            {card.breaks.map((b) => (
              <MenuItem key={b.id} value={String(b.id)}>
                {b.short_description} {timeIn(b.break_start, card.zone)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={chosenBreak ? 'Break start' : 'Clock in'}
            type="datetime-local"
            value={start}
            onChange={(e) => setStart(e.target.value)}
            error={Boolean(startError)}
            helperText={startError ?? `Store time (${card.zone})`}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label={chosenBreak ? 'Break end' : 'Clock out'}
            type="datetime-local"
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            error={Boolean(endError)}
            helperText={endError ?? `Store time (${card.zone})`}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={Boolean(errors.reason)}
            helperText={errors.reason?.[0]}
            multiline
            minRows={2}
          />
          {message && <Typography color="error">{message}</Typography>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" loading={send.isPending} onClick={() => send.mutate()}>
          {edit ? 'Save' : 'Send to my manager'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
