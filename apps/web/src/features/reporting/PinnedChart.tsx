import Typography from '@mui/material/Typography';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { ChartView } from './ChartView.tsx';
import { reportingApi, reportingKeys, type ChartScope } from './reporting-api.ts';

/**
 * A saved chart inside a OneView widget, for the scope bar's scope. OneView loads it lazily, so
 * the chart library comes only with a pinned chart.
 */
export function PinnedChart({ chartId, scope }: { chartId: number; scope: ChartScope | null }) {
  const chart = useQuery({
    queryKey: reportingKeys.chart(chartId),
    queryFn: ({ signal }) => reportingApi.chart(chartId, signal).then((r) => r.data),
    meta: { errorToast: false },
  });
  const data = useQuery({
    queryKey: reportingKeys.chartData(chartId, scope ?? undefined),
    queryFn: ({ signal }) =>
      reportingApi.chartData(chartId, signal, scope ?? undefined).then((r) => r.data),
    enabled: chart.isSuccess,
    meta: { errorToast: false },
  });
  const error = chart.error ?? data.error;
  if (error)
    return (
      <Typography color="text.secondary" variant="body2">
        {error.message}
      </Typography>
    );
  if (!chart.data || !data.data) return <Skeleton variant="rectangular" height="100%" />;
  return (
    <ChartView result={data.data} type={chart.data.chart_type} name={chart.data.name} compact />
  );
}
