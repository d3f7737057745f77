import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  NO_REGION,
  storeReportSchema,
  type StoreReport,
} from '@portal/contract/resources/store-views';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { api } from '../../platform/api.ts';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import type { DataColumn } from '../../platform/data-table/table-types.ts';
import { resourceKeys } from '../../platform/resources/query-keys.ts';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { totalColumn } from '../../platform/data-table/total-column.ts';
import { hasPermission } from '../auth/session.ts';

type DistrictLine = StoreReport['by_district'][number] & { region: string };

const REPORT_NAME = 'Store Report';

const columns: DataColumn<DistrictLine>[] = [
  { id: 'name', header: 'District', value: (line) => line.name },
  { id: 'region', header: 'Region', value: (line) => line.region },
  { id: 'total', header: 'Stores', value: (line) => line.total, total: true, align: 'right' },
  { id: 'active', header: 'Active', value: (line) => line.active, total: true, align: 'right' },
  totalColumn('inactive', 'Inactive', (line) => line.inactive),
];

/**
 * How many stores each district has, active and inactive (POST /stores/report), with totals, for
 * one region or all of them.
 */
export function StoreReportPage() {
  if (!hasPermission('read_stores')) return <AccessDenied />;
  return <Report />;
}

/** POST /stores/report, kept under the stores' keys so a store written anywhere refreshes it. */
function useStoreReport(body: { region_id?: number }) {
  return useQuery({
    queryKey: [...resourceKeys('stores').all, 'report', body],
    queryFn: async () => (await api.post('/stores/report', body, storeReportSchema)).data,
  });
}

function Report() {
  const [regionId, setRegionId] = useState<number | null>(null);
  const body = regionId === null ? {} : { region_id: regionId };
  const report = useStoreReport(body);
  // The region filter offers every region of the company: the unfiltered report lists them.
  const regions = useStoreReport({}).data?.by_region ?? [];
  const lines = useMemo((): DistrictLine[] => {
    const names = new Map(report.data?.by_region.map((region) => [region.region_id, region.name]));
    return (report.data?.by_district ?? []).map((line) => ({
      ...line,
      region: names.get(line.region_id) ?? NO_REGION,
    }));
  }, [report.data]);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Typography variant="h5" component="h1">
        {REPORT_NAME}
      </Typography>
      <DataTable
        label={REPORT_NAME}
        reportName={REPORT_NAME}
        columns={columns}
        rows={lines}
        getRowId={(line) => `${line.district_id ?? 'none'}`}
        loading={report.isFetching}
        initialSort={{ id: 'name', desc: false }}
        toolbar={
          <TextField
            select
            size="small"
            label="Region"
            value={regionId === null ? '' : String(regionId)}
            onChange={(event) =>
              setRegionId(event.target.value ? Number(event.target.value) : null)
            }
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">
              <em>All regions</em>
            </MenuItem>
            {regions
              .filter((region) => region.region_id !== null)
              .map((region) => (
                <MenuItem key={region.region_id} value={String(region.region_id)}>
                  {region.name}
                </MenuItem>
              ))}
          </TextField>
        }
      />
    </Box>
  );
}
