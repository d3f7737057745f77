import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { PageLoader } from '../../platform/PageLoader.tsx';
import { ChartView } from './ChartView.tsx';
import { PinToOneviewButton } from './PinToOneviewButton.tsx';
import { reportingApi, reportingKeys } from './reporting-api.ts';

/** /user-reporting/{id}: one saved report with the viewer's own scope's figures. */
export function SavedReportPage() {
  const id = Number(useParams().id);
  const chart = useQuery({
    queryKey: reportingKeys.chart(id),
    queryFn: ({ signal }) => reportingApi.chart(id, signal).then((r) => r.data),
    meta: { errorToast: false },
  });
  const data = useQuery({
    queryKey: reportingKeys.chartData(id),
    queryFn: ({ signal }) => reportingApi.chartData(id, signal).then((r) => r.data),
    meta: { errorToast: false },
  });
  useEffect(() => {
    if (chart.data) document.title = chart.data.name;
  }, [chart.data]);
  if (chart.isPending) return <PageLoader />;
  const error = chart.error ?? data.error;
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 }, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Button component={RouterLink} to="/user-reporting" startIcon={<ArrowBackIcon />}>
          My reports
        </Button>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {chart.data?.name ?? 'Report'}
        </Typography>
        {chart.data && <PinToOneviewButton chartId={id} />}
        {chart.data?.mine && (
          <Button
            component={RouterLink}
            to={`/reporting/charts/${id}/edit`}
            startIcon={<EditIcon />}
          >
            Edit
          </Button>
        )}
      </Stack>
      {chart.data && !chart.data.mine && (
        <Typography color="text.secondary">Shared by {chart.data.owner_name}</Typography>
      )}
      {error ? (
        <Alert severity="error">{error.message}</Alert>
      ) : (
        <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
          {data.data && chart.data ? (
            <ChartView result={data.data} type={chart.data.chart_type} name={chart.data.name} />
          ) : (
            <Typography>Loading the figures…</Typography>
          )}
        </Paper>
      )}
    </Stack>
  );
}
