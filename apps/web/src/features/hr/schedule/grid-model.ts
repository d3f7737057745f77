import type {
  ScheduleChange,
  ScheduleConflict,
  ScheduleShift,
  ScheduleWeek,
} from '@portal/contract/hr-schedules';

/** A shift as the grid holds it: saved, or added or changed here and not saved yet. */
export interface GridShift {
  /** `shift-<id>` when saved (the server's conflict refs), `new-<n>` when added here. */
  ref: string;
  id: number | null;
  user_id: number;
  store_id: number;
  store_name: string;
  date: string;
  start_time: string;
  end_time: string;
  department_role_id: number | null;
  shift_template_id: number | null;
  notes: string | null;
  published: boolean;
  /** Added or changed here, not saved yet. */
  unsaved: boolean;
}

/** What the manager changed and has not saved: new shifts, and new versions of saved ones. */
export interface Pending {
  created: GridShift[];
  updated: Record<number, GridShift>;
}

export const noPending: Pending = { created: [], updated: {} };

export const hasPending = (pending: Pending) =>
  pending.created.length > 0 || Object.keys(pending.updated).length > 0;

export const fromServer = (shift: ScheduleShift): GridShift => ({
  ref: `shift-${shift.id}`,
  id: shift.id,
  user_id: shift.user_id,
  store_id: shift.store_id,
  store_name: shift.store_name,
  date: shift.date,
  start_time: shift.start_time,
  end_time: shift.end_time,
  department_role_id: shift.department_role_id,
  shift_template_id: shift.shift_template_id,
  notes: shift.notes,
  published: shift.published_at !== null,
  unsaved: false,
});

/** The week's shifts with the pending changes applied. */
export function gridShifts(week: ScheduleWeek, pending: Pending): GridShift[] {
  return [
    ...week.shifts.map((shift) => pending.updated[shift.id] ?? fromServer(shift)),
    ...pending.created,
  ];
}

/** The save (and check) payload of the pending changes. */
export function changesOf(pending: Pending): ScheduleChange[] {
  const fields = (shift: GridShift) => ({
    user_id: shift.user_id,
    date: shift.date,
    start_time: shift.start_time,
    end_time: shift.end_time,
    department_role_id: shift.department_role_id,
    shift_template_id: shift.shift_template_id,
    notes: shift.notes,
  });
  return [
    ...pending.created.map((shift) => ({
      op: 'create' as const,
      ref: shift.ref,
      ...fields(shift),
    })),
    ...Object.values(pending.updated).flatMap((shift) =>
      shift.id === null ? [] : [{ op: 'update' as const, id: shift.id, ...fields(shift) }],
    ),
  ];
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Wall-clock hours of a shift (an end at or before the start is the next day). */
export function shiftHours(shift: Pick<GridShift, 'start_time' | 'end_time'>): number {
  let span = minutes(shift.end_time) - minutes(shift.start_time);
  if (span <= 0) span += 24 * 60;
  return Math.round((span / 60) * 100) / 100;
}

/**
 * The conflicts to show: the check's for shifts changed here, the week's for the others (a check
 * covers only the shifts it was given).
 */
export function visibleConflicts(
  week: ScheduleWeek,
  pending: Pending,
  checked: readonly ScheduleConflict[],
): ScheduleConflict[] {
  const changed = new Set([
    ...pending.created.map((s) => s.ref),
    ...Object.keys(pending.updated).map((id) => `shift-${id}`),
  ]);
  return [...week.conflicts.filter((c) => !changed.has(c.ref)), ...checked];
}

export const formatHours = (hours: number) =>
  `${Number.isInteger(hours) ? hours : hours.toFixed(2).replace(/0$/, '')} h`;
