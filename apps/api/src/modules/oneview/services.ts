import { and, asc, eq } from 'drizzle-orm';
import {
  GRID_COLUMNS,
  modeOfAccessLevel,
  ONEVIEW_LAYOUT_EVENT,
  oneviewMessages,
  widgetListUrl,
  type BackgroundImageSave,
  type CompanyWidget,
  type CompanyWidgetPatch,
  type LayoutWidget,
  type OneviewLayout,
  type OneviewMode,
  type PersonalLayoutSave,
  type ScopeQuery,
  type WidgetData,
  type WidgetFigure,
  type WidgetPosition,
  type WidgetRows,
} from '@portal/contract/oneview';
import type { z } from 'zod';
import type { companyWidgetsSaveSchema } from '@portal/contract/oneview';
import { hasPermission, isSuperAdmin, type RequestContext } from '../../platform/context.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { publish } from '../../platform/events.ts';
import type { Uploads } from '../../platform/uploads.ts';
import type { ServerWidget, WidgetScope } from '../../platform/widgets.ts';
import { companyExists } from '../organisation/api.ts';
import { oneviewCompanyWidgets, oneviewSettings, oneviewUserLayouts } from './schema.ts';
import { resolveScope } from './scope.ts';
import { builtInLayouts, catalogueEntry, mayShow, type WidgetRegistry } from './widgets.ts';
import { tenantScope } from '../../db/columns.ts';

type CompanyWidgetsSave = z.infer<typeof companyWidgetsSaveSchema>;
type Position = Pick<WidgetPosition, 'x' | 'y' | 'w' | 'h'>;
const MAX_WIDGETS = 50;

const samePlace = (a: Position, b: Position) =>
  a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;

/** The caller's company, or (for a super admin) another existing one; else a 404. */
async function companyOf(db: Executor, ctx: RequestContext, companyId: number): Promise<number> {
  if (companyId === ctx.companyId) return companyId;
  if (isSuperAdmin(ctx)) {
    if (await companyExists(db, companyId)) return companyId;
  }
  throw AppError.notFound('Company');
}

function mustKnow(reg: WidgetRegistry, widgets: { widget_key: string }[]) {
  const unknown = widgets.find((w) => !reg.find(w.widget_key));
  if (unknown) {
    throw AppError.badRequest(oneviewMessages.unknownWidget(unknown.widget_key), {
      widgetsData: [oneviewMessages.unknownWidget(unknown.widget_key)],
    });
  }
}

/** The built-in layout of a mode: its widgets in rows of four. */
function builtInLayout(reg: WidgetRegistry, mode: OneviewMode): LayoutWidget[] {
  let x = 0;
  let y = 0;
  const placed: LayoutWidget[] = [];
  for (const key of builtInLayouts[mode]) {
    const widget = reg.find(key);
    if (!widget) continue;
    if (x + widget.w > GRID_COLUMNS) {
      x = 0;
      y += widget.h;
    }
    placed.push({
      widget_key: key,
      title: widget.title,
      x,
      y,
      w: widget.w,
      h: widget.h,
      locked: false,
    });
    x += widget.w;
  }
  return placed;
}

async function companyRows(db: Executor, companyId: number, mode?: OneviewMode) {
  return db
    .select()
    .from(oneviewCompanyWidgets)
    .where(
      and(
        tenantScope(oneviewCompanyWidgets, companyId),
        mode === undefined ? undefined : eq(oneviewCompanyWidgets.mode, mode),
      ),
    )
    .orderBy(
      asc(oneviewCompanyWidgets.mode),
      asc(oneviewCompanyWidgets.y),
      asc(oneviewCompanyWidgets.x),
    );
}

const toCompanyWidget = (
  reg: WidgetRegistry,
  row: typeof oneviewCompanyWidgets.$inferSelect,
): CompanyWidget => ({
  id: row.id,
  company_id: row.company_id,
  mode: row.mode,
  widget_key: row.widget_key,
  title: reg.title(row.widget_key),
  x: row.x,
  y: row.y,
  w: row.w,
  h: row.h,
  locked: row.locked,
  updated_at: row.updated_at,
});

/** The company's layout of a mode: its saved widgets, or the built-in layout when it has none. */
async function companyLayout(
  reg: WidgetRegistry,
  db: Executor,
  companyId: number,
  mode: OneviewMode,
) {
  const rows = await companyRows(db, companyId, mode);
  if (!rows.length) return { source: 'default' as const, widgets: builtInLayout(reg, mode) };
  return {
    source: 'company' as const,
    widgets: rows.map(({ widget_key, x, y, w, h, locked }) => ({
      widget_key,
      title: reg.title(widget_key),
      x,
      y,
      w,
      h,
      locked,
    })),
  };
}

async function backgroundOf(db: Executor, companyId: number) {
  const [row] = await db
    .select({ url: oneviewSettings.background_url })
    .from(oneviewSettings)
    .where(tenantScope(oneviewSettings, companyId));
  return row?.url ?? null;
}

async function personalRow(db: Executor, ctx: RequestContext, mode: OneviewMode) {
  const [row] = await db
    .select({ widgets: oneviewUserLayouts.widgets })
    .from(oneviewUserLayouts)
    .where(
      and(
        tenantScope(oneviewUserLayouts, ctx.companyId),
        eq(oneviewUserLayouts.user_id, ctx.userId),
        eq(oneviewUserLayouts.mode, mode),
      ),
    );
  return row ?? null;
}

/**
 * GET /oneview/layout. Without a mode: the caller's own view, their personal layout (with the
 * company's locked widgets kept in their places) or their mode's company layout, showing only
 * widgets they may see. With a mode (write_oneview): that company layout, to edit.
 */
export async function readLayout(
  reg: WidgetRegistry,
  db: Executor,
  ctx: RequestContext,
  editMode?: OneviewMode,
): Promise<OneviewLayout> {
  const canEdit = hasPermission(ctx, 'write_oneview');
  const background_url = await backgroundOf(db, ctx.companyId);
  if (editMode !== undefined) {
    if (!canEdit) throw AppError.forbidden();
    const company = await companyLayout(reg, db, ctx.companyId, editMode);
    return { mode: editMode, ...company, background_url, can_edit: true };
  }
  const mode = modeOfAccessLevel(ctx.accessLevel);
  const company = await companyLayout(reg, db, ctx.companyId, mode);
  const personal = await personalRow(db, ctx, mode);
  let source: OneviewLayout['source'] = company.source;
  let widgets = company.widgets;
  if (personal) {
    source = 'personal';
    const locked = company.widgets.filter((w) => w.locked);
    widgets = [
      ...locked,
      ...personal.widgets
        .filter((w) => reg.find(w.widget_key) && !locked.some((l) => l.widget_key === w.widget_key))
        .map(({ widget_key, x, y, w, h }) => ({
          widget_key,
          title: reg.title(widget_key),
          x,
          y,
          w,
          h,
          locked: false,
        })),
    ];
  }
  const visible = widgets.filter((w) => {
    const widget = reg.find(w.widget_key);
    return widget !== undefined && mayShow(ctx, widget);
  });
  return { mode, source, widgets: visible, background_url, can_edit: canEdit };
}

/** Locked widgets of a company layout must stay, in the same place. */
function keepLocks(locked: (Position & { widget_key: string })[], next: WidgetPosition[]) {
  for (const lock of locked) {
    const kept = next.find((w) => w.widget_key === lock.widget_key);
    if (!kept || !samePlace(kept, lock)) throw AppError.conflict(oneviewMessages.locked);
  }
}

/** PUT /oneview/layout: the caller's personal layout of their mode. */
export async function savePersonalLayout(
  reg: WidgetRegistry,
  db: Database,
  ctx: RequestContext,
  body: PersonalLayoutSave,
): Promise<OneviewLayout> {
  mustKnow(reg, body.widgetsData);
  const hidden = body.widgetsData.find((w) => {
    const widget = reg.find(w.widget_key);
    return widget !== undefined && !mayShow(ctx, widget);
  });
  if (hidden) throw AppError.forbidden(`You may not show the widget ${hidden.widget_key}`);
  const mode = modeOfAccessLevel(ctx.accessLevel);
  const company = await companyLayout(reg, db, ctx.companyId, mode);
  keepLocks(
    company.widgets.filter((w) => w.locked),
    body.widgetsData,
  );
  const widgets = body.widgetsData.map(({ widget_key, x, y, w, h }) => ({
    widget_key,
    x,
    y,
    w,
    h,
    locked: false,
  }));
  await db
    .insert(oneviewUserLayouts)
    .values({ company_id: ctx.companyId, user_id: ctx.userId, mode, widgets })
    .onConflictDoUpdate({
      target: [oneviewUserLayouts.company_id, oneviewUserLayouts.user_id, oneviewUserLayouts.mode],
      set: { widgets, updated_at: new Date().toISOString() },
    });
  return readLayout(reg, db, ctx);
}

/**
 * POST /oneview/layout/widgets: one widget (a saved chart, usually) added below the caller's
 * current view, which becomes their personal layout.
 */
export async function pinWidget(
  reg: WidgetRegistry,
  db: Database,
  ctx: RequestContext,
  key: string,
): Promise<OneviewLayout> {
  const widget = reg.find(key);
  if (!widget || !mayShow(ctx, widget)) throw AppError.notFound('Widget');
  const current = await readLayout(reg, db, ctx);
  if (current.widgets.some((w) => w.widget_key === key))
    throw AppError.conflict(oneviewMessages.alreadyPinned);
  if (current.widgets.length >= MAX_WIDGETS)
    throw AppError.badRequest(`At most ${MAX_WIDGETS} widgets`);
  const bottom = Math.max(0, ...current.widgets.map((w) => w.y + w.h));
  return savePersonalLayout(reg, db, ctx, {
    widgetsData: [
      ...current.widgets,
      { widget_key: key, x: 0, y: bottom, w: widget.w, h: widget.h, locked: false },
    ],
  });
}

/** DELETE /oneview/layout: back to the company layout of the caller's mode. */
export async function resetPersonalLayout(reg: WidgetRegistry, db: Executor, ctx: RequestContext) {
  await db
    .delete(oneviewUserLayouts)
    .where(
      and(
        tenantScope(oneviewUserLayouts, ctx.companyId),
        eq(oneviewUserLayouts.user_id, ctx.userId),
        eq(oneviewUserLayouts.mode, modeOfAccessLevel(ctx.accessLevel)),
      ),
    );
  return readLayout(reg, db, ctx);
}

// ---- Company widgets (/oneview-company-widgets)

export async function listCompanyWidgets(
  reg: WidgetRegistry,
  db: Executor,
  ctx: RequestContext,
  mode?: OneviewMode,
): Promise<CompanyWidget[]> {
  return (await companyRows(db, ctx.companyId, mode)).map((row) => toCompanyWidget(reg, row));
}

async function findCompanyWidget(db: Executor, ctx: RequestContext, id: number) {
  const [row] = await db
    .select()
    .from(oneviewCompanyWidgets)
    .where(
      and(
        isSuperAdmin(ctx) ? undefined : tenantScope(oneviewCompanyWidgets, ctx.companyId),
        eq(oneviewCompanyWidgets.id, id),
      ),
    );
  if (!row) throw AppError.notFound('Widget');
  return row;
}

export async function getCompanyWidget(
  reg: WidgetRegistry,
  db: Executor,
  ctx: RequestContext,
  id: number,
) {
  return toCompanyWidget(reg, await findCompanyWidget(db, ctx, id));
}

const layoutChanged = (db: Executor, companyId: number, mode: number) =>
  publish(db, companyId, { type: ONEVIEW_LAYOUT_EVENT, mode });

/**
 * POST /oneview-company-widgets: the company's whole layout of one mode (SPEC.md: company_id and
 * widgetsData), replacing the one before in one transaction. Locked widgets must stay in place.
 */
export async function saveCompanyLayout(
  reg: WidgetRegistry,
  db: Database,
  ctx: RequestContext,
  body: CompanyWidgetsSave,
): Promise<CompanyWidget[]> {
  const companyId = await companyOf(db, ctx, body.company_id);
  mustKnow(reg, body.widgetsData);
  return db.transaction(async (tx) => {
    const before = await companyRows(tx, companyId, body.mode);
    keepLocks(
      before.filter((w) => w.locked),
      body.widgetsData,
    );
    await tx
      .delete(oneviewCompanyWidgets)
      .where(
        and(
          tenantScope(oneviewCompanyWidgets, companyId),
          eq(oneviewCompanyWidgets.mode, body.mode),
        ),
      );
    if (body.widgetsData.length) {
      await tx.insert(oneviewCompanyWidgets).values(
        body.widgetsData.map((w) => ({
          company_id: companyId,
          mode: body.mode,
          widget_key: w.widget_key,
          x: w.x,
          y: w.y,
          w: w.w,
          h: w.h,
          locked: w.locked,
        })),
      );
    }
    await layoutChanged(tx, companyId, body.mode);
    return (await companyRows(tx, companyId, body.mode)).map((row) => toCompanyWidget(reg, row));
  });
}

/** PATCH /oneview-company-widgets/{id}: a locked widget moves only in the request that unlocks it. */
export async function patchCompanyWidget(
  reg: WidgetRegistry,
  db: Database,
  ctx: RequestContext,
  id: number,
  patch: CompanyWidgetPatch,
): Promise<CompanyWidget> {
  return db.transaction(async (tx) => {
    const row = await findCompanyWidget(tx, ctx, id);
    const next = {
      x: patch.x ?? row.x,
      y: patch.y ?? row.y,
      w: patch.w ?? row.w,
      h: patch.h ?? row.h,
    };
    if (next.x + next.w > GRID_COLUMNS) {
      throw AppError.badRequest(`The widget must fit in the grid's ${GRID_COLUMNS} columns`, {
        x: [`The widget must fit in the grid's ${GRID_COLUMNS} columns`],
      });
    }
    if (row.locked && patch.locked !== false && !samePlace(next, row))
      throw AppError.conflict(oneviewMessages.locked);
    const [updated] = await tx
      .update(oneviewCompanyWidgets)
      .set({ ...next, locked: patch.locked ?? row.locked, updated_at: new Date().toISOString() })
      .where(
        and(tenantScope(oneviewCompanyWidgets, row.company_id), eq(oneviewCompanyWidgets.id, id)),
      )
      .returning();
    if (!updated) throw AppError.notFound('Widget');
    await layoutChanged(tx, row.company_id, row.mode);
    return toCompanyWidget(reg, updated);
  });
}

/** DELETE /oneview-company-widgets/{id}: refused while the widget is locked. */
export async function deleteCompanyWidget(
  reg: WidgetRegistry,
  db: Database,
  ctx: RequestContext,
  id: number,
) {
  return db.transaction(async (tx) => {
    const row = await findCompanyWidget(tx, ctx, id);
    if (row.locked) throw AppError.conflict(oneviewMessages.locked);
    await tx
      .delete(oneviewCompanyWidgets)
      .where(
        and(tenantScope(oneviewCompanyWidgets, row.company_id), eq(oneviewCompanyWidgets.id, id)),
      );
    await layoutChanged(tx, row.company_id, row.mode);
    return toCompanyWidget(reg, row);
  });
}

/**
 * PATCH /oneview-company-widgets/bg-image: the background url (an upload of the company's own
 * oneViewBgImg folder, already stored), or null for none.
 */
export async function saveBackground(
  db: Executor,
  ctx: RequestContext,
  uploads: Uploads,
  uploadsBase: string,
  body: BackgroundImageSave,
): Promise<{ company_id: number; url: string | null }> {
  const companyId = await companyOf(db, ctx, body.company_id);
  const url = body.url ?? null;
  if (url !== null) {
    const prefix = `${uploadsBase}/`;
    const key = url.startsWith(prefix) ? url.slice(prefix.length) : '';
    const bad = () =>
      AppError.badRequest('The background must be an image uploaded for OneView', {
        url: ['Upload the image first (POST /photos/upload)'],
      });
    if (!key.startsWith(`${companyId}/oneViewBgImg/`)) throw bad();
    try {
      await uploads.open(key);
    } catch {
      throw bad();
    }
  }
  await db
    .insert(oneviewSettings)
    .values({ company_id: companyId, background_url: url })
    .onConflictDoUpdate({
      target: oneviewSettings.company_id,
      set: { background_url: url, updated_at: new Date().toISOString() },
    });
  await publish(db, companyId, { type: ONEVIEW_LAYOUT_EVENT, background: true });
  return { company_id: companyId, url };
}

// ---- Figures

function figureOf(
  widget: ServerWidget,
  scope: WidgetScope,
  rows: { worked_hours: number | null; scheduled_hours: number | null }[],
): WidgetFigure {
  const sum = (pick: (r: (typeof rows)[number]) => number | null) =>
    Math.round(rows.reduce((total, r) => total + (pick(r) ?? 0), 0) * 10) / 10;
  return {
    key: widget.key,
    title: widget.title,
    kind: widget.kind,
    value: widget.kind === 'hours' ? sum((r) => r.worked_hours) : rows.length,
    secondary: widget.kind === 'hours' ? sum((r) => r.scheduled_hours) : null,
    list_url: widgetListUrl(widget.key, scope),
  };
}

const scopeView = (scope: WidgetScope) => ({ level: scope.level, id: scope.id, name: scope.name });

/** GET /oneview/widget-data: every widget the caller may see, for a scope they may see. */
export async function widgetData(
  reg: WidgetRegistry,
  db: Executor,
  ctx: RequestContext,
  query: ScopeQuery | null,
): Promise<WidgetData> {
  const scope = await resolveScope(db, ctx, query);
  // A pinned chart's figures come from reporting, for the same scope. The widgets are independent:
  // they read at once (the pool gives each its own connection; a transaction queues them).
  const shown = reg.all.filter((widget) => mayShow(ctx, widget) && widget.kind !== 'chart');
  const figures: WidgetFigure[] = await Promise.all(
    shown.map(async (widget) => figureOf(widget, scope, await widget.rows(db, ctx, scope))),
  );
  return { scope: scopeView(scope), figures, now: new Date().toISOString() };
}

/** GET /oneview/widgets/{key}/rows: the rows one widget counts (the list it opens). */
export async function widgetRows(
  reg: WidgetRegistry,
  db: Executor,
  ctx: RequestContext,
  key: string,
  query: ScopeQuery | null,
): Promise<WidgetRows> {
  const widget = reg.find(key);
  if (!widget) throw AppError.notFound('Widget');
  if (!mayShow(ctx, widget)) throw AppError.forbidden();
  const scope = await resolveScope(db, ctx, query);
  const rows = await widget.rows(db, ctx, scope);
  return {
    widget: catalogueEntry(widget),
    scope: scopeView(scope),
    figure: figureOf(widget, scope, rows),
    results: rows,
    total: rows.length,
  };
}

export const widgetCatalogue = (reg: WidgetRegistry) =>
  reg.all.filter((w) => w.shown !== false).map(catalogueEntry);
