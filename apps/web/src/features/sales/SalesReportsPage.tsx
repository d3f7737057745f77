import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { scopeOptionsSchema, type ScopeLevel } from '@portal/contract/oneview';
import {
  salesDetailsSchema,
  salesReportGroupByLabels,
  salesReportGroupBys,
  salesReportSchema,
  type SalesDetailRow,
  type SalesReportGroupBy,
  type SalesReportRow,
} from '@portal/contract/sales-reports';
import { dollars } from '@portal/contract/resources/sales';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ApiError, api } from '../../platform/api.ts';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import { moneyColumn } from '../../platform/data-table/money-column.ts';
import { initialTableQuery } from '../../platform/data-table/table-query.ts';
import type { DataColumn, TableQuery } from '../../platform/data-table/table-types.ts';
import { formatCents } from '../../platform/resources/DocumentPanels.tsx';
import { parseScopeKey, ScopeSelect } from '../../platform/ui/ScopeSelect.tsx';
import { salesReportPresets, type SalesReportPreset } from './sales-report-presets.ts';

const localToday = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};
const daysBefore = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};
const asDate = (date: string) => new Date(`${date}T00:00:00`);

const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)} %`);

/** A money column of the reports: a missing amount shows a dash. */
const money = <Row,>(
  id: string,
  header: string,
  cents: (row: Row) => number | null,
  total = true,
): DataColumn<Row> => moneyColumn(id, header, cents, { total, blank: '—' });
const countColumn = <Row,>(
  id: string,
  header: string,
  value: (row: Row) => number | null,
  total = true,
): DataColumn<Row> => ({ id, header, value, align: 'right', filter: false, total });

const groupColumn = (groupBy: SalesReportGroupBy): DataColumn<SalesReportRow> => ({
  id: 'label',
  header: salesReportGroupByLabels[groupBy],
  value: (row) => row.label,
});

const summaryColumns = (groupBy: SalesReportGroupBy): DataColumn<SalesReportRow>[] => [
  groupColumn(groupBy),
  countColumn('sales_count', 'Sales', (r) => r.sales_count),
  countColumn('units', 'Units', (r) => r.units),
  money('revenue', 'Revenue', (r) => r.revenue_cents),
  countColumn('returns_count', 'Returns', (r) => r.returns_count),
  money('refunds', 'Refunds', (r) => r.refunds_cents),
  money('net', 'Net', (r) => r.net_cents),
  countColumn('activations', 'Activations', (r) => r.activations),
  {
    id: 'attach_rate',
    header: 'Attach rate',
    value: (r) => r.attach_rate,
    cell: (r) => percent(r.attach_rate),
    align: 'right',
    filter: false,
  },
  countColumn('labor_hours', 'Hours worked', (r) => r.labor_hours),
  money('splh', 'Sales per labour hour', (r) => r.sales_per_labor_hour_cents, false),
];

const metricsColumns = (groupBy: SalesReportGroupBy): DataColumn<SalesReportRow>[] => [
  groupColumn(groupBy),
  countColumn('sales_count', 'Sales', (r) => r.sales_count),
  countColumn('activations', 'Activations', (r) => r.activations),
  countColumn('device_sales', 'Device sales', (r) => r.device_sales),
  {
    id: 'attach_rate',
    header: 'Accessory attach rate',
    value: (r) => r.attach_rate,
    cell: (r) => percent(r.attach_rate),
    align: 'right',
    filter: false,
  },
  money('net', 'Net', (r) => r.net_cents),
  money(
    'average',
    'Average sale',
    (r) => (r.sales_count ? Math.round(r.net_cents / r.sales_count) : null),
    false,
  ),
  countColumn('labor_hours', 'Hours worked', (r) => r.labor_hours),
  money('splh', 'Sales per labour hour', (r) => r.sales_per_labor_hour_cents, false),
];

const detailBase: DataColumn<SalesDetailRow>[] = [
  { id: 'sold_at', header: 'Date', value: (r) => r.sold_at },
  { id: 'sale_id', header: 'Sale #', value: (r) => r.sale_id, align: 'right' },
  { id: 'store_name', header: 'Store', value: (r) => r.store_name },
  { id: 'employee_name', header: 'Employee', value: (r) => r.employee_name },
  { id: 'customer_name', header: 'Customer', value: (r) => r.customer_name },
  { id: 'product_name', header: 'Product', value: (r) => r.product_name },
  { id: 'sku', header: 'SKU', value: (r) => r.sku, hidden: true },
  { id: 'category_name', header: 'Category', value: (r) => r.category_name },
  { id: 'serial', header: 'Serial / IMEI', value: (r) => r.serial },
  countColumn('quantity', 'Qty', (r) => r.quantity),
  money('unit_price', 'Unit price', (r) => r.unit_price_cents, false),
  money('tax', 'Tax', (r) => r.tax_cents),
  money('total', 'Total', (r) => r.total_cents),
  money('refund', 'Refund', (r) => r.refund_cents),
];
// The API pages the lines newest first; sorting, filters and grouping are the summary's.
const detailColumns = detailBase.map((column) => ({
  ...column,
  sortable: false,
  filter: false as const,
  groupable: false,
}));

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, flex: '1 1 130px', minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p">
        {value}
      </Typography>
    </Paper>
  );
}

const errorText = (error: unknown) =>
  error instanceof ApiError ? error.message : error ? 'Server Error' : null;

/**
 * The sales reports (SPEC.md section 2: /sales-reports and its siblings; section 43
 * /sales-engagement): one screen whose path picks a preset (sales-report-presets.ts): the summary
 * by a chosen group, the metrics per employee, or the sale lines. Range and scope in the address,
 * CSV and PDF from the data table.
 */
export function SalesReportsPage() {
  const { pathname } = useLocation();
  const preset: SalesReportPreset =
    salesReportPresets.find((p) => p.path === pathname) ?? salesReportPresets[0];
  const [params, setParams] = useSearchParams();
  const today = localToday();
  const to = params.get('to') ?? today;
  const from = params.get('from') ?? daysBefore(to, preset.days - 1);
  const scopeKey = params.get('scope') ?? (preset.companyWide ? 'company:' : '');
  const chosen = salesReportGroupBys.find((g) => g === params.get('group'));
  const groupBy = chosen ?? preset.groupBy;
  const scope = parseScopeKey(scopeKey);
  const scopes = useQuery({
    queryKey: ['sales-reports', 'scopes'],
    queryFn: ({ signal }) =>
      api.get('/oneview/scopes', scopeOptionsSchema, { signal }).then((r) => r.data),
  });
  useEffect(() => {
    document.title = preset.title;
  }, [preset.title]);
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    setParams(next, { replace: true });
  };
  const range: Range = {
    from,
    to,
    ...(scope ? { level: scope.level } : {}),
    ...(scope?.id ? { id: scope.id } : {}),
  };
  const valid = from <= to;
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography variant="h5" component="h1">
        {preset.title}
      </Typography>
      <Typography color="text.secondary">{preset.description}</Typography>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <TextField
          label="From"
          type="date"
          size="small"
          value={from}
          onChange={(event) => event.target.value && set('from', event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="To"
          type="date"
          size="small"
          value={to}
          onChange={(event) => event.target.value && set('to', event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <ScopeSelect
          label="Scope"
          size="small"
          value={scopeKey}
          onChange={(value) => set('scope', value)}
          options={scopes.data}
          leading={[{ value: '', label: 'My default scope' }]}
          sx={{ minWidth: 220 }}
        />
        {preset.view !== 'details' && (
          <TextField
            select
            label="Report by"
            size="small"
            value={groupBy}
            onChange={(event) => set('group', event.target.value)}
            sx={{ minWidth: 160 }}
          >
            {salesReportGroupBys.map((g) => (
              <MenuItem key={g} value={g}>
                {salesReportGroupByLabels[g]}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      {!valid ? (
        <Alert severity="error">The start date must be on or before the end date</Alert>
      ) : preset.view === 'details' ? (
        <DetailsTable title={preset.title} range={range} />
      ) : (
        <SummaryTable preset={preset} groupBy={groupBy} range={range} />
      )}
    </Stack>
  );
}

interface Range {
  from: string;
  to: string;
  level?: ScopeLevel;
  id?: number;
}

function SummaryTable({
  preset,
  groupBy,
  range,
}: {
  preset: SalesReportPreset;
  groupBy: SalesReportGroupBy;
  range: Range;
}) {
  const report = useQuery({
    queryKey: ['sales-reports', 'summary', range, groupBy],
    queryFn: ({ signal }) =>
      api
        .get('/sales-reports', salesReportSchema, {
          signal,
          query: { ...range, group_by: groupBy },
        })
        .then((r) => r.data),
    meta: { errorToast: false },
  });
  const totals = report.data?.totals;
  const error = errorText(report.error);
  return (
    <>
      {error && <Alert severity="error">{error}</Alert>}
      {totals && (
        <Stack direction="row" gap={1} flexWrap="wrap">
          <Figure label="Sales" value={String(totals.sales_count)} />
          <Figure label="Net" value={dollars(totals.net_cents)} />
          <Figure label="Refunds" value={dollars(totals.refunds_cents)} />
          <Figure label="Activations" value={String(totals.activations)} />
          <Figure label="Attach rate" value={percent(totals.attach_rate)} />
          <Figure label="Hours worked" value={String(totals.labor_hours ?? 0)} />
          <Figure
            label="Sales per labour hour"
            value={formatCents(totals.sales_per_labor_hour_cents) ?? '—'}
          />
        </Stack>
      )}
      <DataTable
        key={groupBy}
        label={preset.title}
        reportName={`${preset.title} by ${salesReportGroupByLabels[groupBy]}`}
        exportPeriod={{ from: asDate(range.from), to: asDate(range.to) }}
        exportScope={report.data?.scope_name}
        columns={preset.view === 'metrics' ? metricsColumns(groupBy) : summaryColumns(groupBy)}
        rows={report.data?.rows ?? []}
        getRowId={(row) => row.key || '-'}
        loading={report.isFetching}
        emptyMessage="No sales for these dates"
      />
    </>
  );
}

function DetailsTable({ title, range }: { title: string; range: Range }) {
  const [table, setTable] = useState<TableQuery>(() => initialTableQuery());
  const query = { ...range, page: table.pageIndex, perPage: table.pageSize };
  const page = useQuery({
    queryKey: ['sales-reports', 'details', query],
    queryFn: ({ signal }) =>
      api.get('/sales-reports/details', salesDetailsSchema, { signal, query }).then((r) => r.data),
    meta: { errorToast: false },
  });
  // Every line for the export, a thousand at a time.
  const fetchAll = async () => {
    const rows: SalesDetailRow[] = [];
    for (let index = 0; ; index += 1) {
      const reply = await api.get('/sales-reports/details', salesDetailsSchema, {
        query: { ...range, page: index, perPage: 1000 },
      });
      rows.push(...reply.data.results);
      if (rows.length >= reply.data.total || reply.data.results.length === 0) return rows;
    }
  };
  const error = errorText(page.error);
  return (
    <>
      {error && <Alert severity="error">{error}</Alert>}
      <DataTable
        label={title}
        reportName={title}
        exportPeriod={{ from: asDate(range.from), to: asDate(range.to) }}
        exportScope={page.data?.scope_name}
        columns={detailColumns}
        rows={page.data?.results ?? []}
        getRowId={(row) => String(row.line_id)}
        loading={page.isFetching}
        server={{ query: table, onQueryChange: setTable, total: page.data?.total ?? 0, fetchAll }}
        emptyMessage="No sales for these dates"
      />
    </>
  );
}
