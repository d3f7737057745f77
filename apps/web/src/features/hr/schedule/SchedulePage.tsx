import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import AddIcon from '@mui/icons-material/Add';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatInZone } from '@portal/contract/hr';
import {
  addDays,
  scheduleMessages,
  scheduleConflictSchema,
  type ScheduleConflict,
  type ScheduleWeek,
} from '@portal/contract/hr-schedules';
import type { ShiftTemplate } from '@portal/contract/resources/hr-scheduling';
import { storageKeys } from '@portal/contract/storage-keys';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { ApiError } from '../../../platform/api.ts';
import { readStored } from '../../../platform/storage.ts';
import { notify } from '../../../platform/toasts.ts';
import { ConfirmDialog } from '../../../platform/ui/ConfirmDialog.tsx';
import { useUnsavedChangesGuard } from '../../../platform/ui/unsaved-changes.tsx';
import { hasPermission } from '../../auth/session.ts';
import {
  changesOf,
  formatHours,
  gridShifts,
  hasPending,
  noPending,
  shiftHours,
  visibleConflicts,
  type GridShift,
  type Pending,
} from './grid-model.ts';
import { scheduleApi, scheduleKeys } from './schedule-api.ts';
import { ShiftDialog } from './ShiftDialog.tsx';

const dayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** The server's message first, else the fallback (SPEC.md section 8). */
const failure = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status > 0 && error.message ? error.message : fallback;

const conflictReply = z.object({
  data: z.object({
    conflicts: z.array(scheduleConflictSchema),
    requires_confirmation: z.boolean().optional(),
  }),
});

let nextRef = 1;

/** A template (or the custom shift) in the palette, dragged onto a cell to add a shift. */
function PaletteItem({ id, label, detail }: { id: string; label: string; detail: string }) {
  const { setNodeRef, attributes, listeners, isDragging } = useDraggable({ id });
  return (
    <Paper
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`Drag ${label}`}
      variant="outlined"
      sx={{ px: 1.5, py: 0.75, cursor: 'grab', opacity: isDragging ? 0.4 : 1, touchAction: 'none' }}
    >
      <Typography variant="body2" fontWeight={600}>
        {label}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {detail}
      </Typography>
    </Paper>
  );
}

function ShiftChip({
  shift,
  here,
  roleName,
  employeeName,
  conflicts,
  canWrite,
  onOpen,
}: {
  shift: GridShift;
  here: boolean;
  roleName: string | null;
  employeeName: string;
  conflicts: readonly ScheduleConflict[];
  canWrite: boolean;
  onOpen: () => void;
}) {
  const { setNodeRef, attributes, listeners, isDragging } = useDraggable({
    id: `shift:${shift.ref}`,
    disabled: !here || !canWrite,
  });
  const state = shift.unsaved ? 'Unsaved' : shift.published ? 'Published' : 'Draft';
  const times = `${shift.start_time}-${shift.end_time}`;
  const flagged = conflicts.length > 0;
  return (
    <Box
      ref={setNodeRef}
      {...(here && canWrite ? { ...attributes, ...listeners } : {})}
      role="button"
      tabIndex={0}
      data-testid={`shift-${shift.ref}`}
      aria-label={`${employeeName} ${shift.date} ${times}${roleName ? ` ${roleName}` : ''} ${here ? state : `at ${shift.store_name}`}${flagged ? ' conflict' : ''}`}
      title={conflicts.map((c) => c.message).join('\n') || undefined}
      onClick={here ? onOpen : undefined}
      onKeyDown={(event) => {
        if (here && event.key === 'Enter') onOpen();
      }}
      sx={{
        mb: 0.5,
        px: 0.75,
        py: 0.25,
        borderRadius: 1,
        fontSize: 12,
        lineHeight: 1.4,
        cursor: here ? 'pointer' : 'default',
        touchAction: 'none',
        opacity: isDragging ? 0.4 : 1,
        border: '1px solid',
        borderStyle: shift.published && !shift.unsaved ? 'solid' : 'dashed',
        borderColor: flagged ? 'error.main' : here ? 'primary.main' : 'divider',
        bgcolor: !here ? 'action.hover' : shift.published ? 'primary.light' : 'background.paper',
        color: !here ? 'text.secondary' : shift.published ? 'primary.contrastText' : 'text.primary',
      }}
    >
      <Stack direction="row" spacing={0.5} alignItems="center">
        {flagged && <WarningAmberIcon color="error" sx={{ fontSize: 14 }} aria-hidden />}
        <span>{times}</span>
      </Stack>
      <div>{here ? (roleName ?? 'No role') : `@ ${shift.store_name}`}</div>
      {here && <div style={{ fontSize: 10, textTransform: 'uppercase' }}>{state}</div>}
    </Box>
  );
}

function DayCell({ id, children, label }: { id: string; children: ReactNode; label: string }) {
  const { setNodeRef, isOver } = useDroppable({ id });
  return (
    <Box
      component="td"
      ref={setNodeRef}
      data-testid={id}
      aria-label={label}
      sx={{
        verticalAlign: 'top',
        minWidth: 110,
        height: 64,
        p: 0.5,
        borderBottom: 1,
        borderLeft: 1,
        borderColor: 'divider',
        bgcolor: isOver ? 'action.selected' : undefined,
      }}
    >
      {children}
    </Box>
  );
}

/** /hr/schedule: the weekly schedule of one store, built by dragging shift templates onto days. */
export function SchedulePage() {
  const queryClient = useQueryClient();
  const canWrite = hasPermission('write_hr_schedules');
  const [storeId, setStoreId] = useState<number | null>(() => {
    const stored = Number(readStored(storageKeys.storeId));
    return Number.isInteger(stored) && stored > 0 ? stored : null;
  });
  const [anchor, setAnchor] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(noPending);
  const [editing, setEditing] = useState<GridShift | null>(null);
  const [confirmTimeOff, setConfirmTimeOff] = useState<string | null>(null);
  /** What the + of a day adds: a template's id, or 'custom' (null: the first template). */
  const [newShiftKind, setNewShiftKind] = useState<number | 'custom' | null>(null);

  const storesQuery = useQuery({
    queryKey: scheduleKeys.stores,
    queryFn: ({ signal }) => scheduleApi.stores(signal),
  });
  const storeList = storesQuery.data?.data.results ?? [];
  const store = storeList.find((s) => s.id === storeId) ?? storeList[0];
  const today = store ? formatInZone(new Date(), store.time_zone).slice(0, 10) : null;
  // Any date of the week: the server picks the week holding it (the company's week start day).
  const weekDate = anchor ?? today;

  const weekQuery = useQuery({
    queryKey: scheduleKeys.week(store?.id ?? 0, weekDate ?? ''),
    queryFn: ({ signal }) => scheduleApi.week(store?.id ?? 0, weekDate ?? '', signal),
    enabled: Boolean(store && weekDate),
    placeholderData: keepPreviousData,
  });
  const templatesQuery = useQuery({
    queryKey: scheduleKeys.templates(store?.id ?? 0),
    queryFn: ({ signal }) => scheduleApi.templates(store?.id ?? 0, signal),
    enabled: Boolean(store),
  });
  const rolesQuery = useQuery({
    queryKey: scheduleKeys.roles,
    queryFn: ({ signal }) => scheduleApi.roles(signal),
  });
  const roles = rolesQuery.data?.data.results ?? [];
  const roleName = (id: number | null) => roles.find((r) => r.id === id)?.name ?? null;

  const week: ScheduleWeek | undefined = weekQuery.data?.data;
  const changes = useMemo(() => changesOf(pending), [pending]);
  const checkBody = store ? { store_id: store.id, changes } : null;
  const checkQuery = useQuery({
    queryKey: scheduleKeys.check(checkBody ?? { store_id: 0, changes: [] }),
    queryFn: ({ signal }) => scheduleApi.check(checkBody ?? { store_id: 0, changes }, signal),
    enabled: Boolean(checkBody && changes.length > 0),
    placeholderData: keepPreviousData,
  });
  const checked = changes.length ? (checkQuery.data?.data.conflicts ?? []) : [];
  const conflicts = week ? visibleConflicts(week, pending, checked) : [];
  const shifts = week ? gridShifts(week, pending) : [];
  const dirty = hasPending(pending);
  const guard = useUnsavedChangesGuard(dirty);

  const refresh = () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
  const reset = () => {
    setPending(noPending);
    void refresh();
  };

  const save = useMutation({
    mutationFn: (confirm: boolean) =>
      scheduleApi.save({ store_id: store?.id ?? 0, changes, confirm_time_off: confirm }),
    onSuccess: (reply) => {
      notify.success(reply.message || scheduleMessages.saved);
      reset();
    },
    onError: (error) => {
      const parsed = error instanceof ApiError ? conflictReply.safeParse(error.body) : null;
      if (parsed?.success && parsed.data.data.requires_confirmation) {
        setConfirmTimeOff(error.message);
        return;
      }
      notify.danger(failure(error, scheduleMessages.notSaved));
    },
  });
  const publish = useMutation({
    mutationFn: () => scheduleApi.publish(store?.id ?? 0, week?.week_start ?? ''),
    onSuccess: (reply) => {
      notify.success(
        `${reply.message || scheduleMessages.published}: ${reply.data.published} shift(s)`,
      );
      void refresh();
    },
    onError: (error) => notify.danger(failure(error, scheduleMessages.notPublished)),
  });
  const copy = useMutation({
    mutationFn: () => scheduleApi.copyLastWeek(store?.id ?? 0, week?.week_start ?? ''),
    onSuccess: (reply) => {
      const skipped = reply.data.skipped.length;
      notify.success(
        `${reply.message || scheduleMessages.copied}: ${reply.data.created} shift(s)${skipped ? `, ${skipped} skipped (already scheduled or no longer at the store)` : ''}`,
      );
      void refresh();
    },
    onError: (error) => notify.danger(failure(error, scheduleMessages.notCopied)),
  });
  const remove = useMutation({
    mutationFn: (id: number) => scheduleApi.remove(id),
    onSuccess: (reply, id) => {
      notify.success(reply.message || scheduleMessages.deleted);
      setPending((p) => ({
        ...p,
        updated: Object.fromEntries(
          Object.entries(p.updated).filter(([key]) => Number(key) !== id),
        ),
      }));
      void refresh();
    },
    onError: (error) => notify.danger(failure(error, scheduleMessages.notDeleted)),
  });

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor),
  );

  const templates = templatesQuery.data?.data.results ?? [];
  const newShiftTemplate =
    newShiftKind === 'custom'
      ? null
      : (templates.find((t) => t.id === newShiftKind) ?? templates[0] ?? null);
  const addShift = (userId: number, date: string, template: ShiftTemplate | null) => {
    if (!store) return;
    const shift: GridShift = {
      ref: `new-${nextRef++}`,
      id: null,
      user_id: userId,
      store_id: store.id,
      store_name: store.name,
      date,
      start_time: template?.start_time ?? '09:00',
      end_time: template?.end_time ?? '17:00',
      department_role_id: template?.department_role_id ?? null,
      shift_template_id: template?.id ?? null,
      notes: null,
      published: false,
      unsaved: true,
    };
    setPending((p) => ({ ...p, created: [...p.created, shift] }));
    if (!template) setEditing(shift);
  };
  const applyEdit = (shift: GridShift) => {
    const next = { ...shift, unsaved: true };
    setPending((p) =>
      next.id === null
        ? { ...p, created: p.created.map((s) => (s.ref === next.ref ? next : s)) }
        : { ...p, updated: { ...p.updated, [next.id]: next } },
    );
  };

  const onDragEnd = (event: DragEndEvent) => {
    const target = event.over ? String(event.over.id) : null;
    const source = String(event.active.id);
    if (!target?.startsWith('cell:')) return;
    const [, user, date] = target.split(':');
    const userId = Number(user);
    if (!date || !Number.isInteger(userId)) return;
    if (source === 'template:custom') return addShift(userId, date, null);
    if (source.startsWith('template:')) {
      const template = templates.find((t) => `template:${t.id}` === source);
      if (template) addShift(userId, date, template);
      return;
    }
    const moved = shifts.find((s) => `shift:${s.ref}` === source);
    if (moved && (moved.user_id !== userId || moved.date !== date))
      applyEdit({ ...moved, user_id: userId, date });
  };

  if (storesQuery.isError)
    return <Alert severity="error">{failure(storesQuery.error, 'Bad Request')}</Alert>;

  const days = week?.days ?? [];
  const here = (s: GridShift) => store !== undefined && s.store_id === store.id;
  const inWeek = (s: GridShift) => days.includes(s.date);
  const conflictsOf = (ref: string) => conflicts.filter((c) => c.ref === ref);
  const dayTotal = (date: string) =>
    shifts.filter((s) => here(s) && s.date === date).reduce((sum, s) => sum + shiftHours(s), 0);
  const employees = week?.employees ?? [];
  const nameOf = (id: number) => employees.find((e) => e.id === id)?.name ?? `#${id}`;

  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 } }}>
      <Typography variant="h5" component="h1">
        Work Schedule
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }}>
        <TextField
          select
          size="small"
          label="Store"
          value={store?.id ?? ''}
          disabled={dirty}
          onChange={(event) => {
            setStoreId(Number(event.target.value));
            setAnchor(null);
          }}
          sx={{ minWidth: { xs: 0, sm: 220 } }}
        >
          {storeList.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" alignItems="center" spacing={1}>
          <IconButton
            aria-label="Previous week"
            disabled={dirty || !week}
            onClick={() => setAnchor(addDays(week?.week_start ?? '', -7))}
          >
            <ChevronLeftIcon />
          </IconButton>
          <Typography
            aria-live="polite"
            sx={{ minWidth: { xs: 0, sm: 210 }, flexShrink: 1, textAlign: 'center' }}
          >
            {week ? `Week of ${dayLabel(week.week_start)}, ${week.week_start.slice(0, 4)}` : '…'}
          </Typography>
          <IconButton
            aria-label="Next week"
            disabled={dirty || !week}
            onClick={() => setAnchor(addDays(week?.week_start ?? '', 7))}
          >
            <ChevronRightIcon />
          </IconButton>
          <Button size="small" disabled={dirty} onClick={() => setAnchor(null)}>
            This week
          </Button>
        </Stack>
        {store && (
          <Typography variant="caption" color="text.secondary">
            Days and times in the store's time zone ({store.time_zone})
          </Typography>
        )}
      </Stack>

      {canWrite && (
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
          <Button
            variant="contained"
            disabled={!dirty || save.isPending}
            onClick={() => save.mutate(false)}
          >
            Save changes{dirty ? ` (${changes.length})` : ''}
          </Button>
          <Button disabled={!dirty} onClick={() => setPending(noPending)}>
            Discard changes
          </Button>
          <Button
            variant="outlined"
            disabled={dirty || !week || copy.isPending}
            onClick={() => copy.mutate()}
          >
            Copy last week
          </Button>
          <Button
            variant="outlined"
            color="success"
            disabled={dirty || !week || publish.isPending}
            onClick={() => publish.mutate()}
          >
            Publish
          </Button>
        </Stack>
      )}
      <Typography variant="body2" color="text.secondary">
        Draft shifts (dashed) are seen by managers only; publishing the week shows them to the
        employees and the time clock. Drag a template onto a day to add a shift, or pick it under
        New shifts and press + on the day; drag a shift to move it, click a shift to change its
        times or delete it.
      </Typography>

      {conflicts.length > 0 && (
        <Alert severity={conflicts.some((c) => c.kind === 'overlap') ? 'error' : 'warning'}>
          <strong>Conflicts</strong>
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            {conflicts.map((c, i) => (
              <li key={`${c.ref}-${i}`}>{c.message}</li>
            ))}
          </ul>
        </Alert>
      )}

      <DndContext sensors={sensors} onDragEnd={onDragEnd}>
        {canWrite && (
          <Stack
            direction="row"
            spacing={1}
            flexWrap="wrap"
            useFlexGap
            aria-label="Shift templates"
          >
            {templates.map((t) => (
              <PaletteItem
                key={t.id}
                id={`template:${t.id}`}
                label={t.name}
                detail={`${t.start_time}-${t.end_time}${roleName(t.department_role_id) ? ` · ${roleName(t.department_role_id)}` : ''}`}
              />
            ))}
            <PaletteItem id="template:custom" label="Custom shift" detail="Set the times" />
            <TextField
              select
              size="small"
              label="New shifts"
              value={newShiftTemplate?.id ?? 'custom'}
              onChange={(event) =>
                setNewShiftKind(
                  event.target.value === 'custom' ? 'custom' : Number(event.target.value),
                )
              }
              sx={{ minWidth: 180 }}
            >
              {templates.map((t) => (
                <MenuItem key={t.id} value={t.id}>
                  {t.name} {t.start_time}-{t.end_time}
                </MenuItem>
              ))}
              <MenuItem value="custom">Custom shift</MenuItem>
            </TextField>
          </Stack>
        )}
        {weekQuery.isError && (
          <Alert severity="error">{failure(weekQuery.error, 'Bad Request')}</Alert>
        )}
        {week && (
          <Box sx={{ overflowX: 'auto' }}>
            <Box
              component="table"
              aria-label="Weekly schedule"
              sx={{ borderCollapse: 'collapse', width: '100%', fontSize: 14 }}
            >
              <thead>
                <tr>
                  <Box component="th" sx={{ textAlign: 'left', p: 1, minWidth: 160 }}>
                    Employee
                  </Box>
                  {days.map((d) => (
                    <Box
                      component="th"
                      key={d}
                      sx={{ p: 1, fontWeight: d === today ? 700 : 500, textAlign: 'left' }}
                    >
                      {dayLabel(d)}
                    </Box>
                  ))}
                  <Box component="th" sx={{ p: 1, textAlign: 'right' }}>
                    Hours
                  </Box>
                </tr>
              </thead>
              <tbody>
                {employees.length === 0 && (
                  <tr>
                    <td colSpan={9}>
                      <Typography sx={{ p: 2 }}>No employees work at this store.</Typography>
                    </td>
                  </tr>
                )}
                {employees.map((employee) => {
                  const mine = shifts.filter((s) => s.user_id === employee.id && inWeek(s));
                  const hours = mine.filter(here).reduce((sum, s) => sum + shiftHours(s), 0);
                  const elsewhere = mine
                    .filter((s) => !here(s))
                    .reduce((sum, s) => sum + shiftHours(s), 0);
                  return (
                    <tr key={employee.id} data-testid={`row-${employee.id}`}>
                      <Box
                        component="th"
                        scope="row"
                        sx={{ textAlign: 'left', p: 1, borderBottom: 1, borderColor: 'divider' }}
                      >
                        {employee.name}
                      </Box>
                      {days.map((date) => {
                        const off = week.time_off.filter(
                          (t) =>
                            t.user_id === employee.id && t.start_date <= date && date <= t.end_date,
                        );
                        return (
                          <DayCell
                            key={date}
                            id={`cell:${employee.id}:${date}`}
                            label={`${employee.name} ${date}`}
                          >
                            {off.map((t) => (
                              <Typography
                                key={`${t.start_date}-${t.type_name}`}
                                variant="caption"
                                color="warning.main"
                                display="block"
                              >
                                Time off: {t.type_name}
                              </Typography>
                            ))}
                            {mine
                              .filter((s) => s.date === date)
                              .map((s) => (
                                <ShiftChip
                                  key={s.ref}
                                  shift={s}
                                  here={here(s)}
                                  roleName={roleName(s.department_role_id)}
                                  employeeName={employee.name}
                                  conflicts={conflictsOf(s.ref)}
                                  canWrite={canWrite}
                                  onOpen={() => setEditing(s)}
                                />
                              ))}
                            {canWrite && (
                              <IconButton
                                size="small"
                                aria-label={`Add a ${newShiftTemplate?.name ?? 'custom'} shift for ${employee.name} on ${dayLabel(date)}`}
                                onClick={() => addShift(employee.id, date, newShiftTemplate)}
                              >
                                <AddIcon fontSize="small" />
                              </IconButton>
                            )}
                          </DayCell>
                        );
                      })}
                      <Box
                        component="td"
                        data-testid={`hours-${employee.id}`}
                        sx={{ p: 1, textAlign: 'right', borderBottom: 1, borderColor: 'divider' }}
                      >
                        {formatHours(hours)}
                        {elsewhere > 0 && (
                          <Typography variant="caption" display="block" color="text.secondary">
                            +{formatHours(elsewhere)} elsewhere
                          </Typography>
                        )}
                      </Box>
                    </tr>
                  );
                })}
              </tbody>
              <tfoot>
                <tr>
                  <Box component="th" sx={{ textAlign: 'left', p: 1 }}>
                    Total
                  </Box>
                  {days.map((d) => (
                    <Box component="td" key={d} data-testid={`day-total-${d}`} sx={{ p: 1 }}>
                      {formatHours(dayTotal(d))}
                    </Box>
                  ))}
                  <Box component="td" data-testid="week-total" sx={{ p: 1, textAlign: 'right' }}>
                    {formatHours(days.reduce((sum, d) => sum + dayTotal(d), 0))}
                  </Box>
                </tr>
              </tfoot>
            </Box>
          </Box>
        )}
      </DndContext>

      {editing && (
        <ShiftDialog
          shift={editing}
          employeeName={nameOf(editing.user_id)}
          roles={roles}
          canWrite={canWrite}
          onClose={() => setEditing(null)}
          onApply={(shift) => {
            applyEdit(shift);
            setEditing(null);
          }}
          onDelete={(shift) => {
            setEditing(null);
            if (shift.id === null)
              setPending((p) => ({ ...p, created: p.created.filter((s) => s.ref !== shift.ref) }));
            else remove.mutate(shift.id);
          }}
        />
      )}
      <ConfirmDialog
        open={confirmTimeOff !== null}
        message={confirmTimeOff ?? ''}
        okLabel="Save anyway"
        cancelLabel="Cancel"
        onAnswer={(answer) => {
          setConfirmTimeOff(null);
          if (answer === 'Yes') save.mutate(true);
        }}
      />
      {guard.dialog}
    </Stack>
  );
}
