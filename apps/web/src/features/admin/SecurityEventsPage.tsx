import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { listDataSchema } from '@portal/contract/envelope';
import { companies } from '@portal/contract/resources/organisation';
import {
  securityEventKinds,
  securityEventLabels,
  securityEventQuerySchema,
  securityEventSchema,
  type SecurityEvent,
} from '@portal/contract/security-events';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { api } from '../../platform/api.ts';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import { initialTableQuery } from '../../platform/data-table/table-query.ts';
import type { DataColumn, TableQuery } from '../../platform/data-table/table-types.ts';
import { useResourceList, REFERENCE_FETCH_SIZE } from '../../platform/resources/use-resource.ts';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { hasPermission } from '../auth/session.ts';
import { useSessionUser } from '../auth/useSessionUser.ts';

const TITLE = 'Security Events';
const PAGE_SIZE = 20;
const kindOptions = securityEventKinds.map((kind) => ({
  value: kind,
  label: securityEventLabels[kind],
}));
const isKind = (value: string | undefined): value is SecurityEvent['kind'] =>
  securityEventKinds.some((kind) => kind === value);

const when = (value: string) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
};
const details = (detail: SecurityEvent['detail']) =>
  detail
    ? Object.entries(detail)
        .map(([key, value]) => `${key.replaceAll('_', ' ')}: ${String(value)}`)
        .join('; ')
    : null;

interface Params {
  page: number;
  perPage: number;
  kind?: SecurityEvent['kind'] | undefined;
  user?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const list = (query: Params, signal?: AbortSignal) =>
  api.get('/security-events', listDataSchema(securityEventSchema), {
    signal,
    query: { ...query },
  });

/**
 * /security-events: sign-ins, failures, lockouts, password, email, role and permission changes
 * (GET /security-events), newest first, for those who manage roles (`write_roles`); the super
 * admin sees every company's. Filters: event (column), user (column or search: part of a name or
 * email), and a day range.
 */
export function SecurityEventsPage() {
  const user = useSessionUser();
  if (!hasPermission('write_roles')) return <AccessDenied />;
  return user.data?.role === 'super_admin' ? (
    <EveryCompany />
  ) : (
    <SecurityEvents companyNames={null} />
  );
}

/** The super admin's view: every company's events, with the company named. */
function EveryCompany() {
  const companyList = useResourceList(companies, { page: 0, perPage: REFERENCE_FETCH_SIZE });
  const companyNames = useMemo(() => {
    const names = new Map<number, string>();
    for (const row of companyList.data?.results ?? []) {
      if (typeof row.id === 'number' && typeof row.name === 'string') names.set(row.id, row.name);
    }
    return names;
  }, [companyList.data]);
  return <SecurityEvents companyNames={companyNames} />;
}

function SecurityEvents({ companyNames }: { companyNames: ReadonlyMap<number, string> | null }) {
  const [query, setQuery] = useState<TableQuery>(() => ({
    ...initialTableQuery(),
    pageSize: PAGE_SIZE,
  }));
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const kind = query.filters.kind;
  const params: Params = {
    page: query.pageIndex,
    perPage: query.pageSize,
    kind: isKind(kind) ? kind : undefined,
    user: (query.filters.user ?? query.search).trim() || undefined,
    from: from || undefined,
    to: to || undefined,
  };
  // The same rules the server applies (a half-typed date is not sent).
  const valid = securityEventQuerySchema.safeParse(params).success;
  const events = useQuery({
    queryKey: ['security-events', params],
    queryFn: ({ signal }) => list(params, signal).then((reply) => reply.data),
    enabled: valid,
    placeholderData: (previous) => previous,
  });
  const columns = useMemo<readonly DataColumn<SecurityEvent>[]>(
    () => [
      {
        id: 'created_at',
        header: 'When',
        value: (row) => when(row.created_at),
        sortable: false,
        filter: false,
      },
      {
        id: 'kind',
        header: 'Event',
        value: (row) => securityEventLabels[row.kind],
        filterKey: (row) => row.kind,
        filter: { options: kindOptions },
        sortable: false,
      },
      {
        id: 'user',
        header: 'User',
        value: (row) => row.user_name ?? row.email,
        sortable: false,
      },
      { id: 'email', header: 'Email', value: (row) => row.email, sortable: false, filter: false },
      {
        id: 'actor',
        header: 'By',
        value: (row) => row.actor_name,
        sortable: false,
        filter: false,
      },
      ...(companyNames
        ? [
            {
              id: 'company',
              header: 'Company',
              value: (row: SecurityEvent) =>
                row.company_id === null
                  ? null
                  : (companyNames.get(row.company_id) ?? `#${row.company_id}`),
              sortable: false,
              filter: false as const,
            },
          ]
        : []),
      { id: 'ip', header: 'IP', value: (row) => row.ip, sortable: false, filter: false },
      {
        id: 'detail',
        header: 'Details',
        value: (row) => details(row.detail),
        sortable: false,
        filter: false,
      },
    ],
    [companyNames],
  );

  const fetchAll = async () => {
    const reply = await list({ ...params, page: 0, perPage: 5000 });
    return reply.data.results;
  };
  const setDay = (set: (value: string) => void) => (value: string) => {
    set(value);
    setQuery({ ...query, pageIndex: 0 });
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {TITLE}
      </Typography>
      <DataTable
        label={TITLE}
        reportName={TITLE}
        columns={columns}
        rows={events.data?.results ?? []}
        getRowId={(row) => String(row.id)}
        loading={events.isFetching}
        server={{ query, onQueryChange: setQuery, total: events.data?.total ?? 0, fetchAll }}
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
