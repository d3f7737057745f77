import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ScopeLevel } from '@portal/contract/oneview';
import {
  chartGroupByLabels,
  chartTypes,
  type ChartGroupBy,
  type ChartQueryInput,
  type ChartType,
  type SavedChart,
} from '@portal/contract/reporting';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../platform/api.ts';
import { PageLoader } from '../../platform/PageLoader.tsx';
import { notify } from '../../platform/toasts.ts';
import { parseScopeKey, scopeKey, ScopeSelect } from '../../platform/ui/ScopeSelect.tsx';
import { ChartView } from './ChartView.tsx';
import { PinToOneviewButton } from './PinToOneviewButton.tsx';
import { reportingApi, reportingKeys } from './reporting-api.ts';

const chartTypeLabels: Record<ChartType, string> = {
  bar: 'Bar',
  line: 'Line',
  pie: 'Pie',
  table: 'Table',
};
const dayChoices = [7, 14, 30, 90, 180, 365];

interface Draft {
  name: string;
  dataset: string;
  measure: string;
  group_by: ChartGroupBy;
  filters: Record<string, string>;
  chart_type: ChartType;
  scope: string;
  days: number;
  shared_role_ids: number[];
}

const scopeValue = (level: ScopeLevel | null, id: number | null) =>
  level === null ? 'default' : scopeKey(level, id);
const scopeOf = (value: string): { scope_level: ScopeLevel | null; scope_id: number | null } => {
  const scope = parseScopeKey(value);
  return { scope_level: scope?.level ?? null, scope_id: scope?.id ?? null };
};
const draftOf = (chart: SavedChart): Draft => ({
  name: chart.name,
  dataset: chart.dataset,
  measure: chart.measure,
  group_by: chart.group_by,
  filters: chart.filters,
  chart_type: chart.chart_type,
  scope: scopeValue(chart.scope_level, chart.scope_id),
  days: chart.days,
  shared_role_ids: chart.shared_role_ids,
});

/** /reporting/charts/new and /reporting/charts/{id}/edit: build a chart, see it, save and share it. */
export function ChartBuilderPage() {
  const { id } = useParams();
  const chartId = id === undefined ? null : Number(id);
  const saved = useQuery({
    queryKey: reportingKeys.chart(chartId ?? 0),
    queryFn: ({ signal }) => reportingApi.chart(chartId ?? 0, signal).then((r) => r.data),
    enabled: chartId !== null,
  });
  const datasets = useQuery({
    queryKey: reportingKeys.datasets,
    queryFn: ({ signal }) => reportingApi.datasets(signal).then((r) => r.data.results),
  });
  if (datasets.isPending || (chartId !== null && saved.isPending)) return <PageLoader />;
  if (datasets.isError || saved.isError)
    return <Alert severity="error">{(datasets.error ?? saved.error)?.message}</Alert>;
  const first = datasets.data[0];
  if (!first)
    return <Alert severity="info">There is no data you may chart. Ask an administrator.</Alert>;
  const initial: Draft = saved.data
    ? draftOf(saved.data)
    : {
        name: '',
        dataset: first.key,
        measure: first.measures[0]?.key ?? '',
        group_by: first.groupBys[0] ?? 'store',
        filters: {},
        chart_type: 'bar',
        scope: 'default',
        days: 30,
        shared_role_ids: [],
      };
  return (
    <Builder
      key={chartId ?? 'new'}
      chartId={chartId}
      initial={initial}
      datasets={datasets.data}
      mine={saved.data?.mine ?? true}
    />
  );
}

type Datasets = NonNullable<Awaited<ReturnType<typeof reportingApi.datasets>>['data']>['results'];

function Builder({
  chartId,
  initial,
  datasets,
  mine,
}: {
  chartId: number | null;
  initial: Draft;
  datasets: Datasets;
  mine: boolean;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(initial);
  const [nameError, setNameError] = useState('');
  const dataset = datasets.find((d) => d.key === draft.dataset) ?? datasets[0];
  const scopes = useQuery({
    queryKey: reportingKeys.scopes,
    queryFn: ({ signal }) => reportingApi.scopes(signal).then((r) => r.data),
  });
  const roles = useQuery({
    queryKey: reportingKeys.roles,
    queryFn: ({ signal }) => reportingApi.roles(signal).then((r) => r.data.results),
    meta: { errorToast: false },
  });
  const query: ChartQueryInput = {
    dataset: draft.dataset,
    measure: draft.measure,
    group_by: draft.group_by,
    filters: draft.filters,
    chart_type: draft.chart_type,
    days: draft.days,
    ...scopeOf(draft.scope),
  };
  const result = useQuery({
    queryKey: reportingKeys.run(query),
    queryFn: ({ signal }) => reportingApi.run(query, signal).then((r) => r.data),
    placeholderData: (previous) => previous,
    meta: { errorToast: false },
  });
  useEffect(() => {
    document.title = chartId === null ? 'New chart' : 'Edit chart';
  }, [chartId]);

  const save = useMutation({
    mutationFn: () => {
      const body = { ...query, name: draft.name, shared_role_ids: draft.shared_role_ids };
      return chartId === null ? reportingApi.create(body) : reportingApi.update(chartId, body);
    },
    onSuccess: async (reply) => {
      notify.success(reply.message);
      await queryClient.invalidateQueries({ queryKey: reportingKeys.all });
      if (chartId === null) void navigate(`/reporting/charts/${reply.data.id}/edit`);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fieldErrors.name)
        setNameError(error.fieldErrors.name[0] ?? '');
      notify.danger(error.message);
    },
  });

  const pickDataset = (key: string) => {
    const next = datasets.find((d) => d.key === key);
    if (!next) return;
    setDraft((d) => ({
      ...d,
      dataset: key,
      measure: next.measures[0]?.key ?? '',
      group_by: next.groupBys.includes(d.group_by) ? d.group_by : (next.groupBys[0] ?? 'store'),
      filters: {},
    }));
  };
  const setFilter = (key: string, value: string) =>
    setDraft((d) => ({
      ...d,
      filters: Object.fromEntries([
        ...Object.entries(d.filters).filter(([k]) => k !== key),
        ...(value === '' ? [] : [[key, value]]),
      ]),
    }));
  const onSave = () => {
    if (draft.name.trim() === '') {
      setNameError('Name is required');
      return;
    }
    setNameError('');
    save.mutate();
  };

  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 }, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Button component={RouterLink} to="/reporting/charts" startIcon={<ArrowBackIcon />}>
          Charts
        </Button>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {chartId === null ? 'New chart' : draft.name || 'Chart'}
        </Typography>
        {chartId !== null && <PinToOneviewButton chartId={chartId} />}
      </Stack>
      {!mine && (
        <Alert severity="info">
          This chart is shared with you: you can change it here and look, but only its author can
          save it.
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <TextField
              select
              label="Dataset"
              value={draft.dataset}
              onChange={(e) => pickDataset(e.target.value)}
              sx={{ minWidth: 180 }}
              helperText={dataset?.description}
            >
              {datasets.map((d) => (
                <MenuItem key={d.key} value={d.key}>
                  {d.title}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Measure"
              value={draft.measure}
              onChange={(e) => setDraft((d) => ({ ...d, measure: e.target.value }))}
              sx={{ minWidth: 180 }}
            >
              {dataset?.measures.map((m) => (
                <MenuItem key={m.key} value={m.key}>
                  {m.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Group by"
              value={draft.group_by}
              onChange={(e) =>
                setDraft((d) => ({ ...d, group_by: e.target.value as ChartGroupBy }))
              }
              sx={{ minWidth: 150 }}
            >
              {dataset?.groupBys.map((g) => (
                <MenuItem key={g} value={g}>
                  {chartGroupByLabels[g]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Chart type"
              value={draft.chart_type}
              onChange={(e) => setDraft((d) => ({ ...d, chart_type: e.target.value as ChartType }))}
              sx={{ minWidth: 130 }}
            >
              {chartTypes.map((t) => (
                <MenuItem key={t} value={t}>
                  {chartTypeLabels[t]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <ScopeSelect
              label="Scope"
              value={draft.scope}
              onChange={(scope) => setDraft((d) => ({ ...d, scope }))}
              options={scopes.data}
              leading={[{ value: 'default', label: 'My default scope' }]}
              sx={{ minWidth: 220 }}
            />
            <TextField
              select
              label="Period"
              value={draft.days}
              onChange={(e) => setDraft((d) => ({ ...d, days: Number(e.target.value) }))}
              sx={{ minWidth: 150 }}
            >
              {dayChoices.map((n) => (
                <MenuItem key={n} value={n}>
                  Last {n} days
                </MenuItem>
              ))}
            </TextField>
            {dataset?.filters.map((f) => (
              <TextField
                key={f.key}
                select
                label={f.label}
                value={draft.filters[f.key] ?? ''}
                onChange={(e) => setFilter(f.key, e.target.value)}
                sx={{ minWidth: 150 }}
              >
                <MenuItem value="">Any</MenuItem>
                {f.options.map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))}
              </TextField>
            ))}
          </Stack>
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
        {result.isError ? (
          <Alert severity="error">{result.error.message}</Alert>
        ) : result.data ? (
          <ChartView result={result.data} type={draft.chart_type} name={draft.name || 'Chart'} />
        ) : (
          <Typography>Loading the figures…</Typography>
        )}
      </Paper>
      {mine && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            <TextField
              label="Name"
              required
              value={draft.name}
              onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
              error={nameError !== ''}
              helperText={nameError || ' '}
              sx={{ maxWidth: 420 }}
            />
            {roles.data && roles.data.length > 0 && (
              <div>
                <FormLabel component="legend">Share with roles</FormLabel>
                <FormGroup row>
                  {roles.data
                    .filter((r) => r.is_active)
                    .map((r) => (
                      <FormControlLabel
                        key={r.id}
                        label={r.name}
                        control={
                          <Checkbox
                            checked={draft.shared_role_ids.includes(r.id)}
                            onChange={(e) =>
                              setDraft((d) => ({
                                ...d,
                                shared_role_ids: e.target.checked
                                  ? [...d.shared_role_ids, r.id]
                                  : d.shared_role_ids.filter((x) => x !== r.id),
                              }))
                            }
                          />
                        }
                      />
                    ))}
                </FormGroup>
              </div>
            )}
            <div>
              <Button
                variant="contained"
                startIcon={<SaveIcon />}
                onClick={onSave}
                disabled={save.isPending}
              >
                Save chart
              </Button>
            </div>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
