import {
  columnFilteringFeature,
  columnGroupingFeature,
  columnVisibilityFeature,
  createExpandedRowModel,
  createFilteredRowModel,
  createGroupedRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  functionalUpdate,
  globalFilteringFeature,
  rowExpandingFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnFiltersState,
  type ColumnVisibilityState,
  type ExpandedState,
  type ReactTable,
  type Row,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useEffect, useMemo, useRef, useState } from 'react';
import { cellMatches, cellText, compareCells } from './cells.ts';
import { initialTableQuery } from './table-query.ts';
import type { CellValue, DataColumn, DataTableProps, TableQuery } from './table-types.ts';

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  columnVisibilityFeature,
  columnGroupingFeature,
  groupedRowModel: createGroupedRowModel(),
  rowExpandingFeature,
  expandedRowModel: createExpandedRowModel(),
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
  rowSelectionFeature,
});
type Features = typeof features;
export type TableRowModel<TRow extends object> = Row<Features, TRow>;
export type TableInstance<TRow extends object> = ReactTable<Features, TRow>;

const SEARCH_DEBOUNCE_MS = 300;

/** The leaf rows in display order (under their groups when grouped): what an export holds. */
export function leafRowsInOrder<TRow extends object>(rows: readonly TableRowModel<TRow>[]): TRow[] {
  const result: TRow[] = [];
  const walk = (list: readonly TableRowModel<TRow>[]) => {
    for (const row of list) {
      if (row.getIsGrouped()) walk(row.subRows);
      else result.push(row.original);
    }
  };
  walk(rows);
  return result;
}

/** Which extra cells a row has besides the data columns: the same in the head, body and footer. */
export interface RowLayout {
  selection: boolean;
  detail: boolean;
  actions: boolean;
  /** Every cell of a row, for a cell that spans the row. */
  columnCount: number;
}

/** What the table's parts share: the TanStack table, the query and the table's own UI state. */
export interface DataTableModel<TRow extends object> {
  table: TableInstance<TRow>;
  query: TableQuery;
  /** A new query starts again from the first page, with nothing selected. */
  changeQuery: (next: TableQuery) => void;
  byId: ReadonlyMap<string, DataColumn<TRow>>;
  /** Paged (server mode always); an unpaged client list is virtualized. */
  paginate: boolean;
  grouping: readonly string[];
  groupBy: (columnId: string) => void;
  showColumn: (id: string, visible: boolean) => void;
  clearSelection: () => void;
  /** The search box's text, which reaches the query after a pause. */
  searchText: string;
  setSearchText: (text: string) => void;
  layout: RowLayout;
}

/**
 * The table's state and its TanStack table: sorting, filters, search and paging live in the
 * query (the parent's in server mode, the table's own otherwise); column visibility, grouping,
 * expanded rows and the selection are the table's.
 */
export function useDataTable<TRow extends object>(
  props: DataTableProps<TRow>,
): DataTableModel<TRow> {
  const { columns, rows, getRowId, server, bulkActions = [], renderDetail, rowActions } = props;
  const paginate = server !== undefined || props.paginate !== false;

  const [ownQuery, setOwnQuery] = useState(() => initialTableQuery(props.initialSort ?? null));
  const query = server?.query ?? ownQuery;
  const [columnVisibility, setColumnVisibility] = useState<ColumnVisibilityState>(() =>
    Object.fromEntries(
      columns.filter((column) => column.hidden).map((column) => [column.id, false]),
    ),
  );
  const [grouping, setGrouping] = useState<string[]>(() =>
    props.initialGroupBy ? [props.initialGroupBy] : [],
  );
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});

  const changeQuery = (next: TableQuery) => {
    setRowSelection({});
    (server?.onQueryChange ?? setOwnQuery)(next);
  };

  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);

  const columnDefs = useMemo(
    (): ColumnDef<Features, TRow, unknown>[] =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        accessorFn: (row: TRow) => column.value(row),
        enableSorting: column.sortable !== false,
        enableColumnFilter: column.filter !== false,
        enableGrouping: column.groupable !== false,
        sortFn: (a: TableRowModel<TRow>, b: TableRowModel<TRow>, id: string) =>
          compareCells(a.getValue<CellValue>(id), b.getValue<CellValue>(id)),
        filterFn: (row: TableRowModel<TRow>, id: string, filterValue: unknown) => {
          const wanted = typeof filterValue === 'string' ? filterValue : '';
          if (typeof column.filter === 'object') {
            const key = column.filterKey?.(row.original) ?? cellText(row.getValue<CellValue>(id));
            return wanted === '' || key === wanted;
          }
          return cellMatches(row.getValue<CellValue>(id), wanted);
        },
      })),
    [columns],
  );

  const sorting: SortingState = useMemo(() => (query.sort ? [query.sort] : []), [query.sort]);
  const columnFilters: ColumnFiltersState = useMemo(
    () => Object.entries(query.filters).map(([id, value]) => ({ id, value })),
    [query.filters],
  );
  const pagination = useMemo(
    () => ({ pageIndex: query.pageIndex, pageSize: query.pageSize }),
    [query.pageIndex, query.pageSize],
  );
  // Rows cache their cell values: new columns (e.g. labels of another resource that arrived) need
  // new rows, so the data array is renewed with them.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- columns on purpose, see above
  const data = useMemo(() => [...rows], [rows, columns]);

  const table = useTable({
    features,
    columns: columnDefs,
    data,
    getRowId: (row: TRow) => getRowId(row),
    state: {
      sorting,
      columnFilters,
      globalFilter: query.search,
      pagination,
      columnVisibility,
      grouping,
      expanded,
      rowSelection,
    },
    onSortingChange: (updater: Updater<SortingState>) => {
      const [first] = functionalUpdate(updater, sorting);
      changeQuery({
        ...query,
        pageIndex: 0,
        sort: first ? { id: first.id, desc: first.desc } : null,
      });
    },
    onColumnFiltersChange: (updater: Updater<ColumnFiltersState>) => {
      const next = functionalUpdate(updater, columnFilters);
      const filters = Object.fromEntries(
        next
          .filter((filter) => typeof filter.value === 'string' && filter.value !== '')
          .map((filter) => [filter.id, String(filter.value)]),
      );
      changeQuery({ ...query, pageIndex: 0, filters });
    },
    onPaginationChange: (updater) => {
      const next = functionalUpdate(updater, pagination);
      changeQuery({ ...query, ...next });
    },
    onColumnVisibilityChange: setColumnVisibility,
    onGroupingChange: setGrouping,
    onExpandedChange: setExpanded,
    onRowSelectionChange: setRowSelection,
    globalFilterFn: (row: TableRowModel<TRow>, id: string, filterValue: unknown) =>
      cellMatches(row.getValue<CellValue>(id), typeof filterValue === 'string' ? filterValue : ''),
    getColumnCanGlobalFilter: () => true,
    getRowCanExpand: (row: TableRowModel<TRow>) => row.getIsGrouped() || renderDetail !== undefined,
    enableSortingRemoval: true,
    manualSorting: server !== undefined,
    manualFiltering: server !== undefined,
    manualPagination: !paginate || server !== undefined,
    rowCount: server?.total,
    autoResetPageIndex: false,
    autoResetExpanded: false,
  });

  // ---- search: typed text reaches the query after a pause (one request per pause on the server)
  const [searchText, setSearchText] = useState(query.search);
  const latestQuery = useRef(query);
  const changeQueryRef = useRef(changeQuery);
  useEffect(() => {
    latestQuery.current = query;
    changeQueryRef.current = changeQuery;
  });
  useEffect(() => {
    if (searchText === latestQuery.current.search) return;
    const timer = window.setTimeout(
      () => changeQueryRef.current({ ...latestQuery.current, pageIndex: 0, search: searchText }),
      server ? SEARCH_DEBOUNCE_MS : 0,
    );
    return () => window.clearTimeout(timer);
  }, [searchText, server]);

  const selection = bulkActions.length > 0;
  const detail = renderDetail !== undefined || grouping.length > 0;
  const actions = rowActions !== undefined;
  const columnCount =
    table.getVisibleLeafColumns().length +
    (selection ? 1 : 0) +
    (detail ? 1 : 0) +
    (actions ? 1 : 0);

  return {
    table,
    query,
    changeQuery,
    byId,
    paginate,
    grouping,
    groupBy: (columnId) => {
      setExpanded({});
      setGrouping(columnId ? [columnId] : []);
    },
    showColumn: (id, visible) => setColumnVisibility((state) => ({ ...state, [id]: visible })),
    clearSelection: () => setRowSelection({}),
    searchText,
    setSearchText,
    layout: { selection, detail, actions, columnCount },
  };
}
