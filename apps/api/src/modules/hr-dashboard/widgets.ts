import type { StoreEmployee } from '@portal/contract/hr-dashboard';
import type { WidgetRow } from '@portal/contract/oneview';
import type { RequestContext } from '../../platform/context.ts';
import type { Executor } from '../../platform/database.ts';
import { defineWidget, type WidgetScope } from '../../platform/widgets.ts';
import { storeViews } from './services.ts';

type Staff = { store_name: string; employee: StoreEmployee }[];
/** One reading per scope object: the three widgets of one request share it. */
const readings = new WeakMap<WidgetScope, Promise<Staff>>();

/** Everyone at the stores of a scope today, each with their store view status (one read of all the stores). */
function staffOfScope(db: Executor, ctx: RequestContext, scope: WidgetScope): Promise<Staff> {
  let reading = readings.get(scope);
  if (!reading) {
    reading = storeViews(db, ctx, scope.storeIds).then((views) =>
      views.flatMap((view) =>
        view.employees.map((employee) => ({ store_name: view.store.name, employee })),
      ),
    );
    readings.set(scope, reading);
  }
  return reading;
}

const minutesAgo = (iso: string | null) =>
  iso ? `${Math.max(0, Math.floor((Date.now() - Date.parse(iso)) / 60_000))} min` : '';

function statusWidget(
  key: string,
  title: string,
  description: string,
  keep: (e: StoreEmployee) => boolean,
  detail: (e: StoreEmployee) => string,
) {
  return defineWidget({
    key,
    title,
    description,
    kind: 'count',
    subject: 'scope',
    permission: 'read_hr_dashboard',
    w: 3,
    h: 3,
    async rows(db, ctx, scope) {
      const staff = await staffOfScope(db, ctx, scope);
      return staff
        .filter(({ employee }) => keep(employee))
        .map(({ store_name, employee }): WidgetRow => ({
          user_id: employee.user_id,
          name: employee.name,
          store_name,
          detail: detail(employee),
          worked_hours: null,
          scheduled_hours: null,
        }));
    },
  });
}

/** The store view's figures as OneView widgets (the same statuses as /hr/dashboard/store_employees). */
export const hrDashboardWidgets = [
  statusWidget(
    'clocked_in',
    'Clocked in now',
    'People clocked in at the stores in scope, on a break or not',
    (e) => e.status === 'clocked_in' || e.status === 'on_break',
    (e) =>
      e.status === 'on_break'
        ? `On ${e.break_name ?? 'a break'} for ${minutesAgo(e.break_start)}`
        : `Working for ${minutesAgo(e.clock_in)}`,
  ),
  statusWidget(
    'on_break',
    'On break',
    'People on a break now',
    (e) => e.status === 'on_break',
    (e) => `${e.break_name ?? 'Break'} for ${minutesAgo(e.break_start)}`,
  ),
  {
    ...statusWidget(
      'late_today',
      'Late today',
      'Scheduled people not clocked in past their start, or who clocked in late',
      (e) => e.status === 'late' || e.late_minutes > 0,
      (e) =>
        e.status === 'late'
          ? `Not clocked in, ${e.late_minutes} min late`
          : `Clocked in ${e.late_minutes} min late`,
    ),
    needsAction: true,
  },
];
