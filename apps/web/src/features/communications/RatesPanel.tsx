import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RateRow } from '@portal/contract/communications';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import type { DataColumn } from '../../platform/data-table/table-types.ts';
import { totalColumn } from '../../platform/data-table/total-column.ts';
import { communicationKeys, fetchRates } from './communications-api.ts';

const percent = (rate: number | null) => (rate === null ? '–' : `${rate}%`);

const columns = (place: string): DataColumn<RateRow>[] => [
  { id: 'name', header: place, value: (row) => row.name },
  totalColumn('recipients', 'People', (row) => row.recipients),
  totalColumn('acknowledged', 'Acknowledged', (row) => row.acknowledged),
  {
    id: 'rate',
    header: 'Rate',
    value: (row) => row.rate,
    cell: (row) => percent(row.rate),
    align: 'right',
  },
];
const levels = [
  ['regions', 'Region', 'Acknowledgement by region'],
  ['districts', 'District', 'Acknowledgement by district'],
  ['stores', 'Store', 'Acknowledgement by store'],
] as const;

/**
 * Acknowledgement of the current versions by region, district and store: of one bulletin, or
 * (bulletinId null) of every active bulletin.
 */
export function RatesPanel({ bulletinId }: { bulletinId: number | null }) {
  const rates = useQuery({
    queryKey: communicationKeys.rates(bulletinId),
    queryFn: ({ signal }) => fetchRates(bulletinId, signal),
  });
  if (rates.isError) return <Alert severity="error">{rates.error.message}</Alert>;
  const data = rates.data;
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {(
          [
            ['Overall rate', data ? percent(data.rate) : '…'],
            ['People to acknowledge', data ? String(data.recipients) : '…'],
            ['Acknowledged', data ? String(data.acknowledged) : '…'],
          ] as const
        ).map(([label, value]) => (
          <Paper key={label} variant="outlined" sx={{ p: 2, minWidth: 180 }}>
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography variant="h5" component="p" aria-label={label}>
              {value}
            </Typography>
          </Paper>
        ))}
      </Stack>
      {levels.map(([key, place, title]) => (
        <DataTable
          key={key}
          label={title}
          reportName={title}
          columns={columns(place)}
          rows={data?.[key] ?? []}
          getRowId={(row) => String(row.id)}
          loading={rates.isFetching}
          emptyMessage="Nobody to acknowledge here."
        />
      ))}
    </Stack>
  );
}
