import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WidgetKind, WidgetRow } from '@portal/contract/oneview';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import { useLiveEvents } from '../hr/live-events.ts';
import { type DataColumn } from '../../platform/data-table/table-types.ts';
import { oneviewApi, oneviewKeys, scopeFromParams } from './oneview-api.ts';

const countColumns: DataColumn<WidgetRow>[] = [
  { id: 'name', header: 'Employee', value: (row) => row.name },
  { id: 'store', header: 'Store', value: (row) => row.store_name ?? '' },
  { id: 'detail', header: 'Details', value: (row) => row.detail },
];
/** A module's documents (a sale, an order, a ticket): each opens its record. */
const recordColumns: DataColumn<WidgetRow>[] = [
  {
    id: 'name',
    header: 'Record',
    value: (row) => row.name,
    cell: (row) =>
      row.link ? (
        <Link component={RouterLink} to={row.link}>
          {row.name}
        </Link>
      ) : (
        row.name
      ),
  },
  { id: 'store', header: 'Store', value: (row) => row.store_name ?? '' },
  { id: 'detail', header: 'Details', value: (row) => row.detail },
];
const hoursColumns: DataColumn<WidgetRow>[] = [
  { id: 'name', header: 'Employee', value: (row) => row.name },
  { id: 'worked', header: 'Worked (h)', value: (row) => row.worked_hours ?? 0, align: 'right' },
  {
    id: 'scheduled',
    header: 'Scheduled (h)',
    value: (row) => row.scheduled_hours ?? 0,
    align: 'right',
  },
];

// A pinned chart has no rows of its own (its card shows the chart); it shares the count columns.
const columnsOf: Record<WidgetKind, typeof countColumns> = {
  count: countColumns,
  records: recordColumns,
  hours: hoursColumns,
  chart: countColumns,
};

/**
 * /oneview/list/{widget}?level=..&id=..: the rows a widget counts for the same scope, so the list
 * has exactly as many rows as the widget's figure says.
 */
export function WidgetListPage() {
  const { key = '' } = useParams();
  const [params] = useSearchParams();
  const scope = scopeFromParams(params);
  const queryClient = useQueryClient();
  const rows = useQuery({
    queryKey: oneviewKeys.rows(key, scope),
    queryFn: ({ signal }) => oneviewApi.rows(key, scope, signal).then((r) => r.data),
    meta: { errorToast: false },
  });
  useLiveEvents((event) => {
    if (/^(clock\.|timeoff\.|timesheet\.)/.test(event.type))
      void queryClient.invalidateQueries({ queryKey: oneviewKeys.rows(key, scope) });
  });
  const data = rows.data;
  const back = `/oneview${params.toString() ? `?${params.toString()}` : ''}`;
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={back} startIcon={<ArrowBackIcon />}>
          OneView
        </Button>
        <Typography variant="h5" component="h1">
          {data ? `${data.widget.title} · ${data.scope.name}` : 'OneView list'}
        </Typography>
      </Stack>
      {rows.isError && (
        <Alert severity="error">
          {rows.error instanceof Error ? rows.error.message : 'Bad Request'}
        </Alert>
      )}
      {data && (
        <Typography color="text.secondary">
          {data.widget.description}.{' '}
          {data.widget.kind === 'hours'
            ? `${data.figure.value} h worked of ${data.figure.secondary ?? 0} h scheduled.`
            : `${data.total} in all.`}
        </Typography>
      )}
      {!rows.isError && (
        <DataTable
          columns={columnsOf[data?.widget.kind ?? 'count']}
          rows={data?.results ?? []}
          getRowId={(row) => row.link ?? `${row.user_id}-${row.detail}`}
          reportName={data ? `${data.widget.title} ${data.scope.name}` : 'OneView'}
          loading={rows.isPending}
          emptyMessage={data?.widget.kind === 'records' ? 'Nothing right now' : 'Nobody right now'}
          label={data?.widget.title}
        />
      )}
    </Stack>
  );
}
