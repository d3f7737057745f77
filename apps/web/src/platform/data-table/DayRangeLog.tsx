import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ListData } from '@portal/contract/envelope';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from './DataTable.tsx';
import { initialTableQuery } from './table-query.ts';
import type { DataColumn, TableQuery } from './table-types.ts';

const PAGE_SIZE = 20;

/** An instant as "Nov 27, 2026, 9:41 PM"; what is not a date stays as it came. */
export const dateTime = (value: string | null) => {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
};

/** What a log asks the server for: the page, the table's own filters, and the day range. */
export type DayRangeParams<Filters> = Filters & {
  page: number;
  perPage: number;
  from?: string | undefined;
  to?: string | undefined;
};

interface DayRangeLogProps<Row extends { id: number }, Filters> {
  title: string;
  columns: readonly DataColumn<Row>[];
  /** The query key's prefix (the params follow it). */
  queryKey: readonly unknown[];
  /** The server parameters the table's column filters and search stand for. */
  filtersOf: (query: TableQuery) => Filters;
  /** The server's own rules for the parameters: a half-typed date is not sent. */
  valid: (params: DayRangeParams<Filters>) => boolean;
  fetch: (params: DayRangeParams<Filters>, signal?: AbortSignal) => Promise<ListData<Row>>;
}

/**
 * A server-paged log, newest first, with a From/To day range above the table (security events,
 * mail and SMS reports): the table's filters become the server's parameters, and the export
 * fetches every row of the same filter.
 */
export function DayRangeLog<Row extends { id: number }, Filters>({
  title,
  columns,
  queryKey,
  filtersOf,
  valid,
  fetch,
}: DayRangeLogProps<Row, Filters>) {
  const [query, setQuery] = useState<TableQuery>(() => ({
    ...initialTableQuery(),
    pageSize: PAGE_SIZE,
  }));
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const params: DayRangeParams<Filters> = {
    ...filtersOf(query),
    page: query.pageIndex,
    perPage: query.pageSize,
    from: from || undefined,
    to: to || undefined,
  };
  const rows = useQuery({
    queryKey: [...queryKey, params],
    queryFn: ({ signal }) => fetch(params, signal),
    enabled: valid(params),
    placeholderData: (previous) => previous,
  });
  const fetchAll = async () => (await fetch({ ...params, page: 0, perPage: 5000 })).results;
  // A new day range starts again at the first page.
  const setDay = (set: (value: string) => void) => (value: string) => {
    set(value);
    setQuery({ ...query, pageIndex: 0 });
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <DataTable
        label={title}
        reportName={title}
        columns={columns}
        rows={rows.data?.results ?? []}
        getRowId={(row) => String(row.id)}
        loading={rows.isFetching}
        server={{ query, onQueryChange: setQuery, total: rows.data?.total ?? 0, fetchAll }}
        emptyMessage="Sorry we could not find any results"
        toolbar={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <TextField
              type="date"
              size="small"
              label="From"
              value={from}
              onChange={(event) => setDay(setFrom)(event.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to || undefined } }}
            />
            <TextField
              type="date"
              size="small"
              label="To"
              value={to}
              onChange={(event) => setDay(setTo)(event.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined } }}
            />
          </Stack>
        }
      />
    </Stack>
  );
}
