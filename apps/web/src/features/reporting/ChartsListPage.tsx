import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { chartGroupByLabels, type SavedChart } from '@portal/contract/reporting';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import type { DataColumn } from '../../platform/data-table/table-types.ts';
import { reportingApi, reportingKeys } from './reporting-api.ts';

/** The saved charts list, shared by /reporting/charts (opens the builder) and /user-reporting. */
function SavedChartsList({
  title,
  linkOf,
  intro,
}: {
  title: string;
  linkOf: (chart: SavedChart) => string;
  intro: string;
}) {
  const charts = useQuery({
    queryKey: reportingKeys.charts,
    queryFn: ({ signal }) => reportingApi.charts(signal).then((r) => r.data.results),
    meta: { errorToast: false },
  });
  const datasets = useQuery({
    queryKey: reportingKeys.datasets,
    queryFn: ({ signal }) => reportingApi.datasets(signal).then((r) => r.data.results),
    meta: { errorToast: false },
  });
  useEffect(() => {
    document.title = title;
  }, [title]);
  const datasetTitle = (key: string) => datasets.data?.find((d) => d.key === key)?.title ?? key;
  const columns: DataColumn<SavedChart>[] = [
    {
      id: 'name',
      header: 'Name',
      value: (c) => c.name,
      cell: (c) => (
        <Link component={RouterLink} to={linkOf(c)}>
          {c.name}
        </Link>
      ),
    },
    { id: 'dataset', header: 'Dataset', value: (c) => datasetTitle(c.dataset) },
    { id: 'group_by', header: 'Group by', value: (c) => chartGroupByLabels[c.group_by] },
    { id: 'chart_type', header: 'Chart', value: (c) => c.chart_type },
    { id: 'owner', header: 'Author', value: (c) => (c.mine ? 'Me' : c.owner_name) },
    {
      id: 'shared',
      header: 'Shared',
      value: (c) => (c.mine ? (c.shared_role_ids.length ? 'Shared' : 'Private') : 'With me'),
    },
    { id: 'updated_at', header: 'Updated', value: (c) => c.updated_at.slice(0, 10) },
  ];
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 }, minWidth: 0 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}
      >
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <Button
          variant="contained"
          component={RouterLink}
          to="/reporting/charts/new"
          startIcon={<AddIcon />}
        >
          New chart
        </Button>
      </Stack>
      <Typography color="text.secondary">{intro}</Typography>
      {charts.isError ? (
        <Alert severity="error">{charts.error.message}</Alert>
      ) : (
        <DataTable
          columns={columns}
          rows={charts.data ?? []}
          getRowId={(c) => String(c.id)}
          reportName={title}
          loading={charts.isPending}
          emptyMessage="No saved charts yet"
          emptyLink={{ to: '/reporting/charts/new', label: 'Build a chart' }}
          label={title}
        />
      )}
    </Stack>
  );
}

/** /reporting/charts: the caller's charts and those shared with their role. */
export function ChartsListPage() {
  return (
    <SavedChartsList
      title="Charts"
      intro="Your charts and those shared with your role, over the stores you may see."
      linkOf={(c) => `/reporting/charts/${c.id}/edit`}
    />
  );
}

/** /user-reporting: the caller's saved reports and those shared with their role. */
export function UserReportingPage() {
  return (
    <SavedChartsList
      title="My reports"
      intro="Your saved reports and those shared with your role. Each shows the stores you may see."
      linkOf={(c) => `/user-reporting/${c.id}`}
    />
  );
}
