import type { WidgetDeclaration, WidgetRow, ScopeLevel } from '@portal/contract/oneview';
import type { RequestContext } from './context.ts';
import type { Executor } from './database.ts';

/**
 * A dashboard widget, declared as data by the module whose records it counts (OneView shows it).
 * `rows` answers the records the widget counts for a scope the caller may see; the figure is
 * computed from the same rows, and the web list the widget opens shows them, so the count always
 * equals the rows of its list.
 */
export interface WidgetScope {
  level: ScopeLevel;
  id: number | null;
  name: string;
  /** Active stores inside the scope (every store of the company for `company`). */
  storeIds: number[];
  /** The zone "today" is read in: the store's, or the first store's of a wider scope. */
  timeZone: string;
}

export interface ServerWidget extends WidgetDeclaration {
  /**
   * Its rows are things someone has to act on (late people, requests to decide, open orders and
   * tickets, bulletins to acknowledge): the weekly digest mails a manager its figure when above 0.
   */
  needsAction?: boolean;
  rows(db: Executor, ctx: RequestContext, scope: WidgetScope): Promise<WidgetRow[]>;
  /**
   * False for a widget made from a record the caller may not see (a chart not shared with them):
   * the company's layouts may hold it, but it is not shown to this caller.
   */
  shown?: boolean;
}

/**
 * Widgets a module makes from its own records at request time (saved charts pinned to OneView):
 * every one of the caller's company, `shown` saying whether this caller sees each.
 */
export interface WidgetSource {
  widgets(db: Executor, ctx: RequestContext): Promise<ServerWidget[]>;
}

/** Typed declaration helper: `defineWidget({ key, title, ..., rows })`. */
export const defineWidget = (widget: ServerWidget): ServerWidget => widget;

/** Hours with one decimal, from minutes. */
export const hoursOf = (minutes: number) => Math.round(minutes / 6) / 10;
