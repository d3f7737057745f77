import type { Permission } from '@portal/contract/permissions';
import type { ReactNode } from 'react';
import type { Control, UseFormSetValue } from 'react-hook-form';
import type { z } from 'zod';
import type { CellValue, FilterOption } from '../data-table/table-types.ts';
import type { AnyResource, ListSource, ResourceRow } from './resource-api.ts';
import type { ResourcePaths } from './paths.ts';

/** A choice in a select, a filter or a multi-select. */
export type Option = FilterOption;

/**
 * Rows of another resource offered as choices (a store's district, a user's role): fetched once
 * through that resource's list, labelled by `label`.
 */
export interface ReferenceSource {
  resource: ListSource;
  label: (row: ResourceRow) => string;
  /** Only these rows, e.g. `{ is_active: 'true' }`. */
  filter?: Readonly<Record<string, string>>;
  /** Of those, only the rows offered as choices (e.g. not the employee's own store). */
  offer?: (row: ResourceRow) => boolean;
  sort?: string;
  /** The permission its path needs, when not read_<resource name> (e.g. /user-roles: read_roles). */
  permission?: Permission;
}

/** The kinds of form field the engine draws; each has one renderer (see fields.tsx). */
export const fieldKinds = [
  'text',
  'email',
  'password',
  'number',
  'textarea',
  'switch',
  'select',
  'reference',
  'multiReference',
  'multiSelect',
  'color',
  'time',
  'date',
  'search',
  /** free words, typed and ended with Enter (a select's options): an array of strings */
  'tags',
] as const;
export type FieldKind = (typeof fieldKinds)[number];

type Keys<T> = Extract<keyof T, string>;
export type RowOf<D extends AnyResource> = z.output<D['row']>;
export type RowField<D extends AnyResource> = Keys<RowOf<D>>;
export type FormField<D extends AnyResource> =
  Keys<z.input<D['create']>> | Keys<z.input<D['update']>>;

export interface FieldSpec<Name extends string = string> {
  name: Name;
  label: string;
  kind: FieldKind;
  /** For select and multiSelect. */
  options?: readonly Option[];
  /** For reference, multiReference and search (a searchable select asking the list with search=). */
  reference?: ReferenceSource;
  /** search: the row's field naming the current choice (e.g. store_name), shown before any search. */
  labelFrom?: string;
  /** Shown only when creating, or only when editing (a password is set once). */
  only?: 'create' | 'edit';
  helperText?: string;
  /** Spans the whole form row (text areas, multi-selects). */
  wide?: boolean;
}

export interface ColumnSpec<Field extends string = string> {
  field: Field;
  header: string;
  /**
   * How the value shows: as is, Yes/No, a date, an option's label, another resource's label.
   * Default 'text'.
   */
  kind?: 'text' | 'number' | 'boolean' | 'date' | 'option' | 'reference';
  options?: readonly Option[];
  reference?: ReferenceSource;
  /** Hidden until chosen in the Columns menu. */
  hidden?: boolean;
  /** A footer total (number columns). */
  total?: boolean;
  /** Defaults: sortable and filterable when the declaration's queryFields has the field. */
  sortable?: boolean;
  filterable?: boolean;
  /** Custom value (and display), e.g. a name built of two fields. */
  value?: (row: ResourceRow) => CellValue;
  cell?: (row: ResourceRow) => ReactNode;
}

/** Columns a list asks for when it opens (see ResourceUi.extraColumns). */
export interface ExtraColumns {
  /** The resource the columns are read from: a user who may not read it gets none, unasked. */
  resource: ListSource;
  queryKey: readonly unknown[];
  load: (signal: AbortSignal) => Promise<readonly ColumnSpec[]>;
}

/** A per-row action beyond view, edit, delete and activate (e.g. a user's Enable). */
export interface RowAction {
  label: string;
  /** Shown only for rows it applies to. */
  when?: (row: ResourceRow) => boolean;
  /** The permission the button needs (the server checks it again). */
  permission?: Permission;
  /** Asks first, with this question. */
  confirm?: (row: ResourceRow) => string;
  /** Performs the action; its reply's message is the success toast, `fallback` the failure one. */
  run: (row: ResourceRow) => Promise<{ message?: string }>;
  successFallback: string;
  failureFallback: string;
}

/** A per-row link to a screen of its own, where the action needs more than a confirmation. */
export interface RowLink {
  label: string;
  /** The screen's address for this row. */
  to: (row: ResourceRow) => string;
  when?: (row: ResourceRow) => boolean;
  permission?: Permission;
}

/** An action over the selected rows beyond delete and activate (e.g. show many fields at once). */
export interface ResourceBulkAction {
  label: string;
  permission?: Permission;
  run: (rows: readonly ResourceRow[]) => Promise<{ message?: string }>;
  successFallback: string;
  failureFallback: string;
}

/**
 * The small per-resource UI config: with the contract declaration it gives the list page, the
 * create/edit screen, the view page and their routes.
 */
export interface ResourceUi<D extends AnyResource = AnyResource> {
  resource: D;
  paths: ResourcePaths;
  /** The list page's heading (and report name); the declaration's plural label by default. */
  title?: string;
  /** The columns of the list, in order. Status (active / deleted) and actions are added. */
  columns: readonly ColumnSpec<RowField<D>>[];
  /**
   * Columns known only at run time, loaded once per list and added after `columns` (a product's
   * device type fields). A column on a key of the declaration's `keyedFields`
   * (`extra_fields.storage`) sorts and filters on the server.
   */
  extraColumns?: ExtraColumns;
  /** The create/edit form's fields, in order. */
  fields: readonly FieldSpec<FormField<D>>[];
  /** Related records asked for with every list and view (`related=`). */
  related?: readonly string[];
  /** A fixed filter of the list (e.g. only one company's rows). */
  listFilter?: Readonly<Record<string, string>>;
  /** 'client' loads every row (up to 10,000) and lets the table sort, filter and page. */
  mode?: 'server' | 'client';
  /** Client mode: show all rows in one virtualized list instead of pages. */
  paginate?: boolean;
  initialGroupBy?: RowField<D>;
  emptyMessage?: string;
  /** SPEC.md section 2 redirects that differ between create and update (company update). */
  afterSave?: { create?: string; update?: string };
  rowActions?: readonly RowAction[];
  /** Per-row links to a screen of their own (e.g. a user's Set password). */
  rowLinks?: readonly RowLink[];
  bulkActions?: readonly ResourceBulkAction[];
  /** More links beside Add on the list (e.g. Users: Bulk upload). */
  links?: readonly { label: string; to: string; permission?: Permission }[];
  /** Values a new row's form starts with, beyond each field kind's empty value. */
  defaults?: Readonly<Record<string, unknown>>;
  /** A document's lines (the declaration's `lines`): edited with the parent, listed on its view. */
  lines?: LinesUi;
  /** Money fields of the parent that the server totals (e.g. subtotal, tax, total), in cents. */
  totals?: readonly { field: string; label: string }[];
  /** More tabs of the view page after Lines and before History (an order's price adjustments). */
  panels?: readonly ViewPanel[];
  /** A part of the form the feature draws under the fields (a product's device type fields). */
  formSection?: FormSection;
  /** What the feature draws under the view's details (a product's device type field values). */
  detailsSection?: (row: ResourceRow) => ReactNode;
}

/**
 * A form value the feature edits itself, beside the declared fields (an object, a variable set of
 * inputs): its name, its starting value and what draws it. Server errors on `<name>.<key>` land on
 * the form's errors under the same path.
 */
export interface FormSection {
  name: string;
  initial: (row: ResourceRow | undefined) => unknown;
  render: (props: {
    control: Control<Record<string, unknown>>;
    setValue: UseFormSetValue<Record<string, unknown>>;
    disabled: boolean;
  }) => ReactNode;
}

/** A tab of a row's view page drawn by the feature (it gets the row as the view loaded it). */
export interface ViewPanel {
  value: string;
  label: string;
  render: (row: ResourceRow) => ReactNode;
}

/** How a document's lines show: the form's fields per line and the view's columns. */
export interface LinesUi {
  fields: readonly FieldSpec[];
  columns: readonly ColumnSpec[];
}

/** Keeps the config's field names checked against the declaration, then erases the row type. */
export function defineResourceUi<D extends AnyResource>(ui: ResourceUi<D>): ResourceUi {
  return ui;
}

/** What the engine needs from the app around it. */
export interface ResourceEnv {
  /** Whether the session holds a permission (the client only hides; the server enforces). */
  can: (permission: Permission) => boolean;
}

/** Whether the session may read the resource (its read permission, or just being signed in). */
export const mayRead = (env: ResourceEnv, resource: AnyResource): boolean => {
  // `read_<name>` unless the declaration names its access (contract/resource.ts readAccessOf).
  const access = resource.access?.read ?? (`read_${resource.name}` as Permission);
  return access === 'authenticated' || env.can(access);
};
export const writePermission = (resource: AnyResource): Permission =>
  resource.access?.write ?? (`write_${resource.name}` as Permission);
