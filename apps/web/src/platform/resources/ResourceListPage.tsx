import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataTable } from '../data-table/DataTable.tsx';
import { initialTableQuery } from '../data-table/table-query.ts';
import type { TableQuery } from '../data-table/table-types.ts';
import { AccessDenied } from '../ui/AccessDenied.tsx';
import { buildColumns } from './columns.tsx';
import { parseSort, tableQueryToListParams } from './list-state.ts';
import type { ListParams } from './query-keys.ts';
import { fetchAllRows, type ResourceRow } from './resource-api.ts';
import { RowDetails } from './RowDetails.tsx';
import { RowActionButtons, useRowCommands } from './row-commands.tsx';
import {
  mayRead,
  writePermission,
  type ColumnSpec,
  type ReferenceSource,
  type ResourceEnv,
  type ResourceUi,
} from './ui.ts';
import {
  CLIENT_FETCH_SIZE,
  mayReadSource,
  useReferenceData,
  useResourceList,
} from './use-resource.ts';

/** Every reference source a resource's columns and form use (fetched once each). */
export function referenceSources(ui: ResourceUi): ReferenceSource[] {
  const sources = [...ui.columns, ...ui.fields].flatMap((spec) =>
    spec.reference ? [spec.reference] : [],
  );
  return [...new Set(sources)];
}

const rowId = (row: ResourceRow) => String(row.id);

/**
 * A resource's list page: the data table over the API (server mode: every page, sort, filter and
 * search is a request) or over all rows at once (client mode), with view, edit, deactivate,
 * activate and delete per row and in bulk.
 */
export function ResourceListPage({ ui, env }: { ui: ResourceUi; env: ResourceEnv }) {
  const { resource } = ui;
  if (!mayRead(env, resource)) return <AccessDenied />;
  return <ListScreen ui={ui} env={env} />;
}

function ListScreen({ ui, env }: { ui: ResourceUi; env: ResourceEnv }) {
  const { resource, paths } = ui;
  const title = ui.title ?? resource.label.many;
  const canWrite = env.can(writePermission(resource));
  const toolbar = (
    <>
      {canWrite && paths.create && (
        <Button
          component={RouterLink}
          to={paths.create}
          variant="contained"
          startIcon={<AddIcon />}
        >
          Add {resource.label.one}
        </Button>
      )}
      {(ui.links ?? [])
        .filter((link) => env.can(link.permission ?? writePermission(resource)))
        .map((link) => (
          <Button key={link.to} component={RouterLink} to={link.to} variant="outlined">
            {link.label}
          </Button>
        ))}
    </>
  );
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <ResourceTable
        ui={ui}
        env={env}
        toolbar={toolbar}
        emptyLink={
          canWrite && paths.create
            ? { to: paths.create, label: `Add ${resource.label.one}` }
            : undefined
        }
      />
    </Box>
  );
}

/**
 * A resource's rows in the data table (a list page's, or a tab's: see ResourcePanel) with view,
 * edit, deactivate, activate and delete per row and in bulk.
 */
export function ResourceTable({
  ui,
  env,
  toolbar,
  emptyLink,
}: {
  ui: ResourceUi;
  env: ResourceEnv;
  toolbar?: ReactNode;
  emptyLink?: { to: string; label: string };
}) {
  const { resource } = ui;
  const title = ui.title ?? resource.label.many;
  const client = ui.mode === 'client';
  const [query, setQuery] = useState<TableQuery>(() =>
    initialTableQuery(parseSort(resource.defaultSort)),
  );
  const fixed = useMemo(
    () => ({ filter: ui.listFilter, related: ui.related }),
    [ui.listFilter, ui.related],
  );
  const params: ListParams = client
    ? { page: 0, perPage: CLIENT_FETCH_SIZE, sort: resource.defaultSort, ...fixed }
    : tableQueryToListParams(query, fixed);
  const list = useResourceList(resource, params);
  const sources = useMemo(() => referenceSources(ui), [ui]);
  const refs = useReferenceData(sources);
  const commands = useRowCommands(ui, env);
  const extra = useQuery({
    queryKey: ui.extraColumns?.queryKey ?? ['extra-columns', 'none'],
    queryFn: ({ signal }) => ui.extraColumns?.load(signal) ?? Promise.resolve(noColumns),
    enabled: ui.extraColumns !== undefined && mayReadSource(ui.extraColumns),
    staleTime: 60_000,
  });
  const columns = useMemo(
    () =>
      buildColumns(
        extra.data?.length ? { ...ui, columns: [...ui.columns, ...extra.data] } : ui,
        refs,
        !client,
        commands.flagged,
      ),
    [ui, extra.data, refs, client, commands.flagged],
  );
  const rows = list.data?.results ?? noRows;
  return (
    <>
      <DataTable
        label={title}
        reportName={title}
        columns={columns}
        rows={rows}
        getRowId={rowId}
        loading={list.isFetching}
        emptyMessage={ui.emptyMessage}
        emptyLink={emptyLink}
        toolbar={toolbar}
        paginate={ui.paginate}
        initialSort={client ? parseSort(resource.defaultSort) : undefined}
        initialGroupBy={ui.initialGroupBy}
        bulkActions={commands.bulkActions}
        rowMuted={(row) => row.is_active === false || row.is_deleted === true}
        renderDetail={(row) => <RowDetails ui={ui} row={row} refs={refs} />}
        rowActions={(row) => <RowActionButtons row={row} ui={ui} env={env} commands={commands} />}
        server={
          client
            ? undefined
            : {
                query,
                onQueryChange: setQuery,
                total: list.data?.total ?? 0,
                fetchAll: () =>
                  fetchAllRows(resource, {
                    sort: params.sort,
                    search: params.search,
                    filter: params.filter,
                    related: params.related,
                  }),
              }
        }
      />
      {commands.dialog}
    </>
  );
}

const noRows: ResourceRow[] = [];
const noColumns: readonly ColumnSpec[] = [];
