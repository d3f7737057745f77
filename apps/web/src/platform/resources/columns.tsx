import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { keyedQueryField } from '@portal/contract/resource';
import { formatReportDate } from '../data-table/export-names.ts';
import type { CellValue, DataColumn } from '../data-table/table-types.ts';
import type { ResourceRow } from './resource-api.ts';
import type { ReferenceData } from './use-resource.ts';
import type { ColumnSpec, ReferenceSource, ResourceUi } from './ui.ts';

export type ReferenceMap = ReadonlyMap<ReferenceSource, ReferenceData>;

/** An ISO date-time as the portal shows dates (MMM DD, YYYY). */
export function formatDate(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatReportDate(date);
}

/**
 * The plain value of a column for a row: what is shown, sorted, grouped and exported. A reference
 * shows the name the API sent with the row (the resource's `references`: `role_name` beside
 * `role_id`), so a user who may not read the referenced list still reads names, never `#3`.
 */
export function columnValue(
  spec: ColumnSpec,
  row: ResourceRow,
  refs: ReferenceMap,
  ui?: ResourceUi,
): CellValue {
  if (spec.value) return spec.value(row);
  const raw = row[spec.field];
  switch (spec.kind ?? 'text') {
    case 'date':
      return formatDate(raw);
    case 'option':
      return spec.options?.find((option) => option.value === String(raw))?.label ?? cellValue(raw);
    case 'reference': {
      const data = spec.reference ? refs.get(spec.reference) : undefined;
      const namedAs = ui?.resource.references?.[spec.field]?.as;
      const named = namedAs ? row[namedAs] : undefined;
      const label = (id: number) =>
        data?.labels.get(id) ?? (typeof named === 'string' && named ? named : `#${id}`);
      if (Array.isArray(raw)) {
        return raw
          .filter((id): id is number => typeof id === 'number')
          .map(label)
          .join(', ');
      }
      return typeof raw === 'number' ? label(raw) : null;
    }
    default:
      return cellValue(raw);
  }
}

function cellValue(raw: unknown): CellValue {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean') return raw;
  if (Array.isArray(raw)) return raw.map(String).join(', ');
  return null;
}

/** How an option filter names a raw value: 'true', '12', 'super_admin'. */
const rawKey = (raw: unknown): string | null =>
  typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean'
    ? String(raw)
    : null;

/** What a row's status is, from its is_deleted and is_active flags. */
export type RowStatus = 'Deleted' | 'Inactive' | 'Active';
export function rowStatus(row: ResourceRow): RowStatus {
  if (row.is_deleted === true) return 'Deleted';
  if (row.is_active === false) return 'Inactive';
  return 'Active';
}

export function StatusChip({ status, flagged }: { status: RowStatus; flagged?: boolean }) {
  return (
    <Stack direction="row" spacing={0.5}>
      <Chip
        size="small"
        label={status}
        color={status === 'Active' ? 'success' : status === 'Deleted' ? 'error' : 'default'}
        variant={status === 'Active' ? 'outlined' : 'filled'}
      />
      {flagged && <Chip size="small" color="warning" label="Held by users" />}
    </Stack>
  );
}

/** The status column: filtered on is_active for deactivating resources, is_deleted for flagged. */
function statusColumn(
  ui: ResourceUi,
  flagged: ReadonlySet<number>,
): DataColumn<ResourceRow> | null {
  const { resource } = ui;
  const field =
    resource.deleteMode === 'deactivate'
      ? 'is_active'
      : resource.deleteMode === 'flag'
        ? 'is_deleted'
        : null;
  if (!field || !(field in resource.row.shape)) return null;
  const options =
    field === 'is_active'
      ? [
          { value: 'true', label: 'Active' },
          { value: 'false', label: 'Inactive' },
        ]
      : [
          { value: 'false', label: 'Not deleted' },
          { value: 'true', label: 'Deleted' },
        ];
  const queryable = (resource.queryFields as readonly string[]).includes(field);
  return {
    id: field,
    header: 'Status',
    value: (row) => rowStatus(row),
    cell: (row) => <StatusChip status={rowStatus(row)} flagged={flagged.has(row.id)} />,
    sortable: queryable,
    filter: queryable ? { options } : false,
    filterKey: (row) => String(row[field]),
  };
}

/** The data table's columns for a resource's list. */
export function buildColumns(
  ui: ResourceUi,
  refs: ReferenceMap,
  server: boolean,
  flagged: ReadonlySet<number>,
): DataColumn<ResourceRow>[] {
  const queryFields = ui.resource.queryFields as readonly string[];
  const columns = ui.columns.map((spec): DataColumn<ResourceRow> => {
    // On the server only declared fields (and keys of keyed fields) sort and filter; in the
    // browser every column does.
    const queryable =
      !server ||
      queryFields.includes(spec.field) ||
      keyedQueryField(ui.resource, spec.field) !== undefined;
    const optionList =
      spec.kind === 'option'
        ? spec.options
        : spec.kind === 'reference' && spec.reference
          ? refs.get(spec.reference)?.options
          : spec.kind === 'boolean'
            ? [
                { value: 'true', label: 'Yes' },
                { value: 'false', label: 'No' },
              ]
            : undefined;
    const filterable = (spec.filterable ?? true) && queryable;
    return {
      id: spec.field,
      header: spec.header,
      value: (row) => columnValue(spec, row, refs, ui),
      cell: spec.cell,
      sortable: (spec.sortable ?? true) && queryable,
      filter: !filterable ? false : optionList ? { options: optionList } : 'text',
      filterKey: optionList ? (row) => rawKey(row[spec.field]) : undefined,
      hidden: spec.hidden,
      total: spec.total,
      align: spec.kind === 'number' ? 'right' : undefined,
    };
  });
  const status = statusColumn(ui, flagged);
  return status ? [...columns, status] : columns;
}
