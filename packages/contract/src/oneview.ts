import { z } from 'zod';
import { id, isoDateTime } from './fields.ts';
import type { Permission } from './permissions.ts';
import { signUploadRequestSchema, storedFileAddress } from './uploads.ts';

/**
 * OneView, the home dashboard (SPEC.md sections 2, 3, 7, 8): a grid of widgets with live figures
 * from the portal's own data, on an optional background image. The company keeps one layout per
 * mode (1 normal/admin, 2 manager, 3 employee: the A, M and E buttons); a user may keep a personal
 * layout of their mode, saved on the server; an admin may lock a widget so nobody moves or removes it.
 */

/** SPEC.md section 3: editMode 1 normal, 2 manager, 3 employee. */
export const oneviewModes = [1, 2, 3] as const;
export type OneviewMode = (typeof oneviewModes)[number];
export const oneviewModeSchema = z.coerce
  .number()
  .int()
  .refine((n): n is OneviewMode => (oneviewModes as readonly number[]).includes(n), {
    message: 'Mode must be 1 (normal), 2 (manager) or 3 (employee)',
  })
  .transform((n) => n as OneviewMode);
export const oneviewModeButtons: { mode: OneviewMode; letter: string; label: string }[] = [
  { mode: 1, letter: 'A', label: 'Admin' },
  { mode: 2, letter: 'M', label: 'Manager' },
  { mode: 3, letter: 'E', label: 'Employee' },
];

/** The layout a role gets by default: company-wide roles mode 1, store managers 2, others 3. */
export const modeOfAccessLevel = (accessLevel: number): OneviewMode =>
  accessLevel >= 4 ? 1 : accessLevel === 3 ? 2 : 3;

/** The grid: 12 columns, rows of ROW_HEIGHT px; a widget spans 1 to 12 of each. */
export const GRID_COLUMNS = 12;
export const GRID_MAX_ROWS = 200;
export const GRID_ROW_HEIGHT = 40;

// ---- Widgets (the catalogue; each is declared in the API module whose data it counts)

/**
 * `count`: people (clocked in, late, pending time off); `hours`: worked against scheduled hours;
 * `records`: documents of the modules (today's sales, open orders and tickets, bulletins), each
 * row opening its record; `chart`: a saved chart pinned to OneView (its figures come from
 * reporting, for the scope bar's scope).
 */
export const widgetKinds = ['count', 'hours', 'records', 'chart'] as const;
export type WidgetKind = (typeof widgetKinds)[number];
/** `scope`: follows the scope bar; `self`: the signed-in user's own figures. */
export const widgetSubjects = ['scope', 'self'] as const;
export type WidgetSubject = (typeof widgetSubjects)[number];

export interface WidgetDeclaration {
  key: string;
  title: string;
  description: string;
  kind: WidgetKind;
  subject: WidgetSubject;
  /** Who may see it; null: every signed-in user. */
  permission: Permission | null;
  /** Its size when placed. */
  w: number;
  h: number;
}

export const widgetCatalogueEntrySchema = z.object({
  key: z.string(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(widgetKinds),
  subject: z.enum(widgetSubjects),
  permission: z.string().nullable(),
  w: z.number().int(),
  h: z.number().int(),
});
export type WidgetCatalogueEntry = z.infer<typeof widgetCatalogueEntrySchema>;

/** A saved chart's widget key (`chart.12`), and back: the chart id, or null for another widget. */
export const chartWidgetKey = (chartId: number) => `chart.${chartId}`;
export const chartIdOfWidgetKey = (key: string): number | null => {
  const match = /^chart\.([1-9]\d{0,8})$/.exec(key);
  return match ? Number(match[1]) : null;
};

// ---- Positions and layouts

const widgetKey = z.string().trim().min(1, 'A widget is required').max(64);

/** POST /oneview/layout/widgets: pin one widget (a saved chart) to the end of the caller's layout. */
export const pinWidgetSchema = z.strictObject({ widget_key: widgetKey });
export type PinWidget = z.infer<typeof pinWidgetSchema>;
const gridInt = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

const positionShape = {
  x: gridInt('x', 0, GRID_COLUMNS - 1),
  y: gridInt('y', 0, GRID_MAX_ROWS - 1),
  w: gridInt('w', 1, GRID_COLUMNS),
  h: gridInt('h', 1, 12),
};
const insideGrid = (p: { x: number; w: number }) => p.x + p.w <= GRID_COLUMNS;
const outsideGrid = { message: `The widget must fit in the grid's ${GRID_COLUMNS} columns` };

/** One widget's place (SPEC.md widgetPositions): x, y, w, h in grid units. */
export const widgetPositionSchema = z
  .strictObject({ widget_key: widgetKey, ...positionShape, locked: z.boolean().default(false) })
  .refine(insideGrid, { ...outsideGrid, path: ['x'] });
export type WidgetPosition = z.infer<typeof widgetPositionSchema>;
export type WidgetPositionInput = z.input<typeof widgetPositionSchema>;

const widgetsData = z
  .array(widgetPositionSchema)
  .max(50, 'At most 50 widgets')
  .refine((list) => new Set(list.map((w) => w.widget_key)).size === list.length, {
    message: 'A widget appears twice',
  });

/** SPEC.md section 7: saving widgets sends company_id and widgetsData (the layout of one mode). */
export const companyWidgetsSaveSchema = z.strictObject({
  company_id: id,
  mode: oneviewModeSchema.default(1),
  widgetsData,
});
export type CompanyWidgetsSave = z.input<typeof companyWidgetsSaveSchema>;

/** PATCH /oneview-company-widgets/{id}: move, resize, lock or unlock one widget. */
export const companyWidgetPatchSchema = z
  .strictObject({
    x: positionShape.x.optional(),
    y: positionShape.y.optional(),
    w: positionShape.w.optional(),
    h: positionShape.h.optional(),
    locked: z.boolean().optional(),
  })
  .refine((p) => Object.keys(p).length > 0, { message: 'Nothing to update' });
export type CompanyWidgetPatch = z.infer<typeof companyWidgetPatchSchema>;

export const companyWidgetSchema = z.object({
  id,
  company_id: id,
  mode: z.number().int(),
  widget_key: z.string(),
  title: z.string(),
  x: z.number().int(),
  y: z.number().int(),
  w: z.number().int(),
  h: z.number().int(),
  locked: z.boolean(),
  updated_at: isoDateTime,
});
export type CompanyWidget = z.infer<typeof companyWidgetSchema>;

export const companyWidgetListQuerySchema = z.object({
  filter: z.object({ mode: oneviewModeSchema.optional() }).partial().optional(),
});

/** SPEC.md section 7: the background url saved with company_id; null removes it. */
export const backgroundImageSaveSchema = z.strictObject({
  company_id: id,
  // A signed read link (as the API hands files out) is stored as the file's plain address.
  url: z
    .string()
    .trim()
    .min(1, 'An image is required')
    .max(500)
    .transform(storedFileAddress)
    .nullable(),
});
export type BackgroundImageSave = z.input<typeof backgroundImageSaveSchema>;

/** POST /photos/upload (SPEC.md section 7): body file_type, folder oneViewBgImg and the file's name. */
export const oneviewUploadRequestSchema = z.strictObject({
  file_type: signUploadRequestSchema.shape.file_type,
  file_name: z.string().trim().min(1, 'A file name is required').max(200),
  folder: z.literal('oneViewBgImg', { error: 'Only the OneView background is uploaded here' }),
});

export const layoutWidgetSchema = z.object({
  widget_key: z.string(),
  title: z.string(),
  x: z.number().int(),
  y: z.number().int(),
  w: z.number().int(),
  h: z.number().int(),
  locked: z.boolean(),
});
export type LayoutWidget = z.infer<typeof layoutWidgetSchema>;

/** Where a layout comes from: the user's own, the company's for the mode, or the built-in one. */
export const layoutSources = ['personal', 'company', 'default'] as const;
export type LayoutSource = (typeof layoutSources)[number];

export const oneviewLayoutSchema = z.object({
  mode: z.number().int(),
  source: z.enum(layoutSources),
  widgets: z.array(layoutWidgetSchema),
  background_url: z.string().nullable(),
  /** Whether the caller may edit the company's layouts (write_oneview). */
  can_edit: z.boolean(),
});
export type OneviewLayout = z.infer<typeof oneviewLayoutSchema>;

export const layoutQuerySchema = z.object({
  /** A company layout to edit (write_oneview); without it, the caller's own view. */
  mode: oneviewModeSchema.optional(),
});

/** PUT /oneview/layout: the caller's personal layout. */
export const personalLayoutSaveSchema = z.strictObject({ widgetsData });
export type PersonalLayoutSave = z.infer<typeof personalLayoutSaveSchema>;

// ---- Scope and figures

export const scopeLevels = ['company', 'region', 'district', 'store'] as const;
export type ScopeLevel = (typeof scopeLevels)[number];

export const scopeQuerySchema = z
  .object({
    level: z.enum(scopeLevels, { error: 'Scope must be company, region, district or store' }),
    id: z.coerce.number().int().positive().optional(),
  })
  .refine((s) => s.level === 'company' || s.id !== undefined, {
    message: 'A region, district or store scope needs an id',
    path: ['id'],
  });
export type ScopeQuery = z.infer<typeof scopeQuerySchema>;

/** A widget request's scope: level and id, or neither for the caller's default scope. */
export const optionalScopeQuerySchema = z
  .object({
    level: z
      .enum(scopeLevels, { error: 'Scope must be company, region, district or store' })
      .optional(),
    id: z.coerce.number().int().positive().optional(),
  })
  .refine((s) => s.level === undefined || s.level === 'company' || s.id !== undefined, {
    message: 'A region, district or store scope needs an id',
    path: ['id'],
  });

const namedSchema = z.object({ id, name: z.string() });
export const scopeOptionsSchema = z.object({
  company: z.boolean(),
  regions: z.array(namedSchema),
  districts: z.array(namedSchema.extend({ region_id: id.nullable() })),
  stores: z.array(namedSchema.extend({ district_id: id.nullable() })),
  /** The scope the page opens with. */
  default: z.object({ level: z.enum(scopeLevels), id: id.nullable() }).nullable(),
});
export type ScopeOptions = z.infer<typeof scopeOptionsSchema>;

export const widgetFigureSchema = z.object({
  key: z.string(),
  title: z.string(),
  kind: z.enum(widgetKinds),
  /** A count, or worked hours. */
  value: z.number(),
  /** Scheduled hours, for hours widgets. */
  secondary: z.number().nullable(),
  /** The web list it opens, with the same filter: its rows are what the figure counts. */
  list_url: z.string(),
});
export type WidgetFigure = z.infer<typeof widgetFigureSchema>;

export const widgetDataSchema = z.object({
  scope: z.object({ level: z.enum(scopeLevels), id: id.nullable(), name: z.string() }),
  figures: z.array(widgetFigureSchema),
  now: isoDateTime,
});
export type WidgetData = z.infer<typeof widgetDataSchema>;

/** One row a widget counts: a person, where, and what about them. */
export const widgetRowSchema = z.object({
  /** the person the row is about; a record's person (its associate, assignee), if it has one */
  user_id: id.nullable(),
  name: z.string(),
  store_name: z.string().nullable(),
  detail: z.string(),
  /** Worked and scheduled hours, for hours widgets. */
  worked_hours: z.number().nullable(),
  scheduled_hours: z.number().nullable(),
  /** A `records` widget's row: the web path of its record. */
  link: z.string().nullable().optional(),
});
export type WidgetRow = z.infer<typeof widgetRowSchema>;

export const widgetRowsSchema = z.object({
  widget: widgetCatalogueEntrySchema,
  scope: widgetDataSchema.shape.scope,
  figure: widgetFigureSchema,
  results: z.array(widgetRowSchema),
  total: z.number().int(),
});
export type WidgetRows = z.infer<typeof widgetRowsSchema>;

/** The web list a widget opens: /oneview/list/{key}?level=..&id=.. */
export const widgetListUrl = (key: string, scope: { level: ScopeLevel; id: number | null }) =>
  `/oneview/list/${encodeURIComponent(key)}?level=${scope.level}${scope.id === null ? '' : `&id=${scope.id}`}`;

/** SPEC.md section 8, and the personal layout's own. */
export const oneviewMessages = {
  added: 'Widget added',
  updated: 'Widget updated',
  deleted: 'Widget deleted',
  notAdded: 'Widget not added',
  notUpdated: 'Widget not updated',
  notDeleted: 'Widget not deleted',
  background: 'Background Image Updated',
  backgroundTooLarge: 'Image size must be less than 2MB',
  backgroundTooLargeTitle: 'Error',
  layoutSaved: 'Your layout is saved',
  layoutReset: 'Your layout is back to the default',
  alreadyPinned: 'This widget is already on your OneView',
  locked: 'This widget is locked by an admin and cannot be moved or removed',
  unknownWidget: (key: string) => `There is no widget ${key}`,
  outsideScope: 'This scope is outside what you may see',
} as const;

/** Live event published when a company layout or background changes. */
export const ONEVIEW_LAYOUT_EVENT = 'oneview.layout_changed';
