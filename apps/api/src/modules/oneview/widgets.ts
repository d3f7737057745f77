import type { WidgetCatalogueEntry } from '@portal/contract/oneview';
import { hasPermission, type RequestContext } from '../../platform/context.ts';
import type { Executor } from '../../platform/database.ts';
import type { ServerWidget, WidgetSource } from '../../platform/widgets.ts';

/**
 * The widgets OneView offers: each declared by the module whose data it counts (its module.ts
 * `widgets`), collected in src/modules.ts and handed to this module when it is built, plus those
 * the sources make from records (saved charts), read for each caller.
 */
export interface WidgetRegistry {
  all: readonly ServerWidget[];
  find(key: string): ServerWidget | undefined;
  title(key: string): string;
  /** The registry with the sources' widgets of the caller's company. */
  forCaller(db: Executor, ctx: RequestContext): Promise<WidgetRegistry>;
}

export function widgetRegistry(
  widgets: readonly ServerWidget[],
  sources: readonly WidgetSource[] = [],
): WidgetRegistry {
  const byKey = new Map(widgets.map((w) => [w.key, w]));
  if (byKey.size !== widgets.length) throw new Error('oneview: two widgets share a key');
  const registry: WidgetRegistry = {
    all: widgets,
    find: (key) => byKey.get(key),
    title: (key) => byKey.get(key)?.title ?? key,
    forCaller: async (db, ctx) => {
      if (!sources.length) return registry;
      const made = await Promise.all(sources.map((source) => source.widgets(db, ctx)));
      return widgetRegistry([...widgets, ...made.flat()]);
    },
  };
  return registry;
}

export const mayShow = (ctx: RequestContext, widget: Pick<ServerWidget, 'permission' | 'shown'>) =>
  widget.shown !== false && (widget.permission === null || hasPermission(ctx, widget.permission));

export const catalogueEntry = ({
  rows: _rows,
  shown: _shown,
  needsAction: _needsAction,
  ...entry
}: ServerWidget): WidgetCatalogueEntry => entry;

/** Admins' and managers' built-in layout: the scope's figures, sales, orders and tickets. */
const scopeLayout: readonly string[] = [
  'clocked_in',
  'on_break',
  'late_today',
  'pending_timeoff',
  'hours_today',
  'hours_week',
  'pending_corrections',
  'sales_today',
  'open_store_orders',
  'open_tickets',
  'my_pending_bulletins',
];

/**
 * The built-in layout of each mode, used until the company saves its own: the scope's figures for
 * admins (1) and managers (2) with the stores' sales, orders and tickets, the employee's own figures
 * for employees (3); everyone's bulletins to acknowledge. Widgets not offered (their module absent)
 * are skipped.
 */
export const builtInLayouts: Record<1 | 2 | 3, readonly string[]> = {
  1: scopeLayout,
  2: scopeLayout,
  3: ['my_hours_week', 'my_pending_timeoff', 'my_pending_bulletins'],
};
