import { listDataSchema } from '@portal/contract/envelope';
import { companies } from '@portal/contract/resources/organisation';
import {
  securityEventKinds,
  securityEventLabels,
  securityEventQuerySchema,
  securityEventSchema,
  type SecurityEvent,
} from '@portal/contract/security-events';
import { useMemo } from 'react';
import { api } from '../../platform/api.ts';
import {
  dateTime,
  DayRangeLog,
  type DayRangeParams,
} from '../../platform/data-table/DayRangeLog.tsx';
import type { DataColumn, TableQuery } from '../../platform/data-table/table-types.ts';
import { useResourceList, REFERENCE_FETCH_SIZE } from '../../platform/resources/use-resource.ts';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { hasPermission } from '../auth/session.ts';
import { useSessionUser } from '../auth/useSessionUser.ts';

const TITLE = 'Security Events';
const kindOptions = securityEventKinds.map((kind) => ({
  value: kind,
  label: securityEventLabels[kind],
}));
const isKind = (value: string | undefined): value is SecurityEvent['kind'] =>
  securityEventKinds.some((kind) => kind === value);

const details = (detail: SecurityEvent['detail']) =>
  detail
    ? Object.entries(detail)
        .map(([key, value]) => `${key.replaceAll('_', ' ')}: ${String(value)}`)
        .join('; ')
    : null;

interface Filters {
  kind?: SecurityEvent['kind'] | undefined;
  user?: string | undefined;
}
const filtersOf = (query: TableQuery): Filters => {
  const kind = query.filters.kind;
  return {
    kind: isKind(kind) ? kind : undefined,
    user: (query.filters.user ?? query.search).trim() || undefined,
  };
};
const queryKey = ['security-events'] as const;
const valid = (params: DayRangeParams<Filters>) =>
  securityEventQuerySchema.safeParse(params).success;
const list = async (query: DayRangeParams<Filters>, signal?: AbortSignal) =>
  (
    await api.get('/security-events', listDataSchema(securityEventSchema), {
      signal,
      query: { ...query },
    })
  ).data;

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
  const columns = useMemo<readonly DataColumn<SecurityEvent>[]>(
    () => [
      {
        id: 'created_at',
        header: 'When',
        value: (row) => dateTime(row.created_at),
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

  return (
    <DayRangeLog
      title={TITLE}
      columns={columns}
      queryKey={queryKey}
      filtersOf={filtersOf}
      valid={valid}
      fetch={list}
    />
  );
}
