import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
// Only screens load the table, so this zod-based contract file stays out of the entry bundle.
import { TABLE_PAGE_SIZES } from '@portal/contract/list-query';
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
  type ExpandedState,
  type Row,
  type RowSelectionState,
  type SortingState,
  type Updater,
  type ColumnVisibilityState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Fragment, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { notify } from '../toasts.ts';
import { cellMatches, cellText, compareCells, sumCells } from './cells.ts';
import { ColumnFilterButton } from './ColumnFilterButton.tsx';
import { ColumnsMenu } from './ColumnsMenu.tsx';
import { EmptyResults } from './EmptyResults.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import { downloadCsv, downloadPdf } from './export-files.ts';
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
type TableRowModel<TRow extends object> = Row<Features, TRow>;

/** Rows drawn at once when a client-side list is not paged: the rest are virtual. */
const ROW_HEIGHT_ESTIMATE = 53;
const SEARCH_DEBOUNCE_MS = 300;

/** The leaf rows in display order (under their groups when grouped): what an export holds. */
function leafRowsInOrder<TRow extends object>(rows: readonly TableRowModel<TRow>[]): TRow[] {
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

/**
 * The portal's one data table (SPEC.md section 2): sortable columns, search, a filter per column,
 * column show/hide with Select all, row checkboxes with bulk actions, grouping, expandable rows,
 * footer totals, pagination (10 to 50 rows, 50 by default), an empty-state message, and CSV and PDF
 * export made in the browser. With `server` the API sorts, filters and pages; without it the table
 * does, and an unpaged list is virtualized so 10,000 rows stay smooth.
 */
export function DataTable<TRow extends object>(props: DataTableProps<TRow>) {
  const {
    columns,
    rows,
    getRowId,
    server,
    reportName,
    exportPeriod,
    bulkActions = [],
    renderDetail,
    rowActions,
    rowMuted,
  } = props;
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
  const [exporting, setExporting] = useState(false);
  const [running, setRunning] = useState(false);

  /** A new query starts again from the first page, with nothing selected. */
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
  latestQuery.current = query;
  const changeQueryRef = useRef(changeQuery);
  changeQueryRef.current = changeQuery;
  useEffect(() => {
    if (searchText === latestQuery.current.search) return;
    const timer = window.setTimeout(
      () => changeQueryRef.current({ ...latestQuery.current, pageIndex: 0, search: searchText }),
      server ? SEARCH_DEBOUNCE_MS : 0,
    );
    return () => window.clearTimeout(timer);
  }, [searchText, server]);

  const visibleColumns = table.getVisibleLeafColumns();
  const pageRows = table.getRowModel().rows;
  const selectedRows = table.getSelectedRowModel().rows.map((row) => row.original);
  const hasSelection = bulkActions.length > 0;
  const hasDetail = renderDetail !== undefined || grouping.length > 0;
  const columnCount =
    visibleColumns.length + (hasSelection ? 1 : 0) + (hasDetail ? 1 : 0) + (rowActions ? 1 : 0);
  const totalColumns = columns.filter((column) => column.total);
  const totalRows = server ? rows : leafRowsInOrder(table.getFilteredRowModel().rows);
  const rowCount = server ? server.total : table.getRowCount();

  const exportTable = async (format: 'csv' | 'pdf') => {
    setExporting(true);
    try {
      const source = server
        ? await server.fetchAll()
        : leafRowsInOrder(table.getPrePaginatedRowModel().rows);
      const exported = visibleColumns
        .map((column) => byId.get(column.id))
        .filter((column): column is DataColumn<TRow> => column?.exportable !== false && !!column);
      const table_ = {
        reportName,
        period: exportPeriod,
        headers: exported.map((column) => column.header),
        rows: source.map((row) => exported.map((column) => column.value(row))),
      };
      if (format === 'csv') downloadCsv(table_);
      else await downloadPdf(table_);
    } catch (error) {
      notify.danger(error instanceof Error && error.message ? error.message : 'Export failed');
    } finally {
      setExporting(false);
    }
  };

  const runBulk = async (run: (selected: readonly TRow[]) => Promise<void> | void) => {
    setRunning(true);
    try {
      await run(selectedRows);
      setRowSelection({});
    } finally {
      setRunning(false);
    }
  };

  // ---- virtual rows: only for an unpaged client-side list
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = !paginate;
  // The portal does not use the React Compiler; this hook's functions are read fresh each render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: virtual ? pageRows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT_ESTIMATE,
    getItemKey: (index) => pageRows[index]?.id ?? index,
    overscan: 8,
  });
  const virtualItems = virtual ? virtualizer.getVirtualItems() : [];
  const drawn = virtual
    ? virtualItems.flatMap((item) => {
        const row = pageRows[item.index];
        return row ? [{ row, index: item.index }] : [];
      })
    : pageRows.map((row, index) => ({ row, index }));
  const padTop = virtual ? (virtualItems[0]?.start ?? 0) : 0;
  const padBottom = virtual
    ? virtualizer.getTotalSize() - (virtualItems[virtualItems.length - 1]?.end ?? 0)
    : 0;

  const groupable = columns.filter((column) => column.groupable !== false);
  const filtersOn = Object.keys(query.filters).length > 0 || query.search !== '';

  const renderRow = (row: TableRowModel<TRow>): ReactNode => {
    if (row.getIsGrouped()) {
      const column = row.groupingColumnId ? byId.get(row.groupingColumnId) : undefined;
      const label = cellText(
        row.groupingValue === undefined ? null : (row.groupingValue as CellValue),
      );
      return (
        <TableRow sx={{ bgcolor: 'action.hover' }}>
          <TableCell colSpan={columnCount} sx={{ pl: 2 + row.depth * 3 }}>
            <IconButton
              size="small"
              aria-label={`${row.getIsExpanded() ? 'Collapse' : 'Expand'} group ${label || '(blank)'}`}
              aria-expanded={row.getIsExpanded()}
              onClick={row.getToggleExpandedHandler()}
            >
              {row.getIsExpanded() ? <KeyboardArrowDownIcon /> : <KeyboardArrowRightIcon />}
            </IconButton>
            <Typography component="span" sx={{ fontWeight: 500 }}>
              {column ? `${column.header}: ` : ''}
              {label || '(blank)'}
            </Typography>{' '}
            <Typography component="span" color="text.secondary">
              ({row.getLeafRows().filter((leaf) => !leaf.getIsGrouped()).length})
            </Typography>
          </TableCell>
        </TableRow>
      );
    }
    const muted = rowMuted?.(row.original) ?? false;
    const open = renderDetail !== undefined && row.getIsExpanded();
    return (
      <>
        <TableRow
          hover
          selected={row.getIsSelected()}
          data-muted={muted || undefined}
          sx={muted ? { '& > td': { color: 'text.disabled' } } : undefined}
        >
          {hasSelection && (
            <TableCell padding="checkbox">
              <Checkbox
                size="small"
                checked={row.getIsSelected()}
                onClick={row.getToggleSelectedHandler()}
                slotProps={{ input: { 'aria-label': 'Select row' } }}
              />
            </TableCell>
          )}
          {hasDetail && (
            <TableCell padding="checkbox" sx={{ pl: row.depth * 3 }}>
              {renderDetail && (
                <IconButton
                  size="small"
                  aria-label={open ? 'Hide details' : 'Show details'}
                  aria-expanded={open}
                  onClick={row.getToggleExpandedHandler()}
                >
                  {open ? <KeyboardArrowDownIcon /> : <KeyboardArrowRightIcon />}
                </IconButton>
              )}
            </TableCell>
          )}
          {row.getVisibleCells().map((cell) => {
            const column = byId.get(cell.column.id);
            return (
              <TableCell key={cell.id} align={column?.align}>
                {column?.cell ? column.cell(row.original) : cellText(cell.getValue<CellValue>())}
              </TableCell>
            );
          })}
          {rowActions && (
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {rowActions(row.original)}
            </TableCell>
          )}
        </TableRow>
        {open && renderDetail && (
          <TableRow>
            <TableCell colSpan={columnCount} sx={{ bgcolor: 'background.default' }}>
              {renderDetail(row.original)}
            </TableCell>
          </TableRow>
        )}
      </>
    );
  };

  return (
    <Paper variant="outlined" sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <Box
        role="toolbar"
        aria-label={`${reportName} tools`}
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, p: 1.5 }}
      >
        {props.toolbar}
        <TextField
          size="small"
          label="Search"
          type="search"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ minWidth: 220 }}
        />
        {groupable.length > 0 && (
          <TextField
            select
            size="small"
            label="Group by"
            value={grouping[0] ?? ''}
            onChange={(event) => {
              setExpanded({});
              setGrouping(event.target.value ? [event.target.value] : []);
            }}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="">
              <em>None</em>
            </MenuItem>
            {groupable.map((column) => (
              <MenuItem key={column.id} value={column.id}>
                {column.header}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <ColumnsMenu
          columns={table.getAllLeafColumns().map((column) => ({
            id: column.id,
            header: byId.get(column.id)?.header ?? column.id,
            visible: column.getIsVisible(),
          }))}
          onToggle={(id, visible) => setColumnVisibility((state) => ({ ...state, [id]: visible }))}
          onToggleAll={(visible) => table.toggleAllColumnsVisible(visible)}
        />
        <ExportMenu busy={exporting} onExport={(format) => void exportTable(format)} />
      </Box>
      {hasSelection && selectedRows.length > 0 && (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            px: 2,
            py: 1,
            bgcolor: 'action.selected',
          }}
        >
          <Typography sx={{ mr: 1 }}>{selectedRows.length} selected</Typography>
          {bulkActions.map((action) => (
            <Button
              key={action.label}
              size="small"
              variant="outlined"
              disabled={running}
              onClick={() => void runBulk(action.run)}
            >
              {action.label}
            </Button>
          ))}
        </Box>
      )}
      <Box sx={{ height: 4 }}>{props.loading && <LinearProgress aria-label="Loading" />}</Box>
      <TableContainer ref={scrollRef} sx={virtual ? { maxHeight: '70vh' } : undefined}>
        <Table size="small" stickyHeader={virtual} aria-label={props.label ?? reportName}>
          <TableHead>
            <TableRow>
              {hasSelection && (
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={table.getIsAllPageRowsSelected()}
                    indeterminate={table.getIsSomePageRowsSelected()}
                    onChange={table.getToggleAllPageRowsSelectedHandler()}
                    slotProps={{ input: { 'aria-label': 'Select all rows' } }}
                  />
                </TableCell>
              )}
              {hasDetail && <TableCell padding="checkbox" aria-label="Details" />}
              {table.getFlatHeaders().map((header) => {
                if (!header.column.getIsVisible()) return null;
                const column = byId.get(header.column.id);
                if (!column) return null;
                const sorted = header.column.getIsSorted();
                const filterValue = query.filters[column.id] ?? '';
                return (
                  <TableCell
                    key={header.id}
                    align={column.align}
                    sortDirection={sorted === false ? false : sorted}
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    {header.column.getCanSort() ? (
                      <TableSortLabel
                        active={sorted !== false}
                        direction={sorted === false ? 'asc' : sorted}
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        {column.header}
                      </TableSortLabel>
                    ) : (
                      column.header
                    )}
                    {column.filter !== false && (
                      <ColumnFilterButton
                        header={column.header}
                        value={filterValue}
                        options={
                          typeof column.filter === 'object' ? column.filter.options : undefined
                        }
                        onChange={(value) => header.column.setFilterValue(value || undefined)}
                      />
                    )}
                  </TableCell>
                );
              })}
              {rowActions && (
                <TableCell align="right">
                  <Box component="span" sx={visuallyHidden}>
                    Actions
                  </Box>
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          {virtual ? (
            <>
              {padTop > 0 && <Spacer height={padTop} columns={columnCount} />}
              {drawn.map(({ row, index }) => (
                <TableBody key={row.id} data-index={index} ref={virtualizer.measureElement}>
                  {renderRow(row)}
                </TableBody>
              ))}
              {padBottom > 0 && <Spacer height={padBottom} columns={columnCount} />}
            </>
          ) : (
            <TableBody>
              {drawn.map(({ row }) => (
                <Fragment key={row.id}>{renderRow(row)}</Fragment>
              ))}
            </TableBody>
          )}
          {pageRows.length === 0 && !props.loading && (
            <TableBody>
              <TableRow>
                <TableCell colSpan={columnCount} sx={{ border: 0 }}>
                  <EmptyResults
                    message={props.emptyMessage}
                    link={filtersOn ? undefined : props.emptyLink}
                  />
                </TableCell>
              </TableRow>
            </TableBody>
          )}
          {totalColumns.length > 0 && pageRows.length > 0 && (
            <TableFooter>
              <TableRow>
                {hasSelection && <TableCell />}
                {hasDetail && <TableCell />}
                {visibleColumns.map((column, index) => {
                  const spec = byId.get(column.id);
                  return (
                    <TableCell
                      key={column.id}
                      align={spec?.align}
                      sx={{ fontWeight: 600, color: 'text.primary' }}
                    >
                      {spec?.total
                        ? sumCells(totalRows.map((row) => spec.value(row))).toLocaleString()
                        : index === 0
                          ? 'Total'
                          : ''}
                    </TableCell>
                  );
                })}
                {rowActions && <TableCell />}
              </TableRow>
            </TableFooter>
          )}
        </Table>
      </TableContainer>
      {paginate && (
        <TablePagination
          component="div"
          count={rowCount}
          page={rowCount === 0 ? 0 : query.pageIndex}
          rowsPerPage={query.pageSize}
          rowsPerPageOptions={[...TABLE_PAGE_SIZES]}
          onPageChange={(_event, page) => table.setPageIndex(page)}
          onRowsPerPageChange={(event) =>
            changeQuery({ ...query, pageIndex: 0, pageSize: Number(event.target.value) })
          }
        />
      )}
      {!paginate && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
          {rowCount.toLocaleString()} {rowCount === 1 ? 'row' : 'rows'}
        </Typography>
      )}
    </Paper>
  );
}

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** Stands in for the rows above or below the drawn window of a virtual list. */
function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    <tbody aria-hidden>
      <tr>
        <td colSpan={columns} style={{ height, padding: 0, border: 0 }} />
      </tr>
    </tbody>
  );
}
