import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { stockLocationSchema } from '@portal/contract/inventory';
import type { BulkRowError } from '@portal/contract/platform';
import {
  reconResultSchema,
  reconTemplate,
  type ReconLine,
  type ReconResult,
} from '@portal/contract/stock-recon';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { api } from '../../platform/api.ts';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import type { DataColumn } from '../../platform/data-table/table-types.ts';
import { bulkRowErrorsOf } from '../../platform/resources/BulkCsvPage.tsx';
import { CsvFileField, CsvProblemsTable } from '../../platform/resources/CsvFileField.tsx';
import { notify } from '../../platform/toasts.ts';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { totalColumn } from '../../platform/data-table/total-column.ts';
import { hasPermission } from '../auth/session.ts';

const lineColumns: DataColumn<ReconLine>[] = [
  { id: 'line', header: 'Line', value: (row) => row.line, align: 'right' },
  { id: 'sku', header: 'SKU', value: (row) => row.sku },
  { id: 'name', header: 'Accessory', value: (row) => row.name },
  { id: 'on_hand', header: 'On hand', value: (row) => row.on_hand, align: 'right', total: true },
  { id: 'counted', header: 'Counted', value: (row) => row.counted, align: 'right', total: true },
  totalColumn('difference', 'Difference', (row) => row.difference),
];

const reasonList = z.object({ results: z.array(z.object({ id: z.number(), name: z.string() })) });

/**
 * /accessory-recon-upload: an accessory count of a warehouse or store from a CSV file
 * (`sku,quantity`). Check compares it with the stock on hand and lists each line's difference,
 * saving nothing; Post adjustments posts every difference as a stock adjustment with the chosen
 * reason, all or nothing. Bad rows are listed by line and column.
 */
export function AccessoryReconPage() {
  if (!hasPermission('write_stock_adjustments')) return <AccessDenied />;
  return <AccessoryRecon />;
}

function AccessoryRecon() {
  const [csv, setCsv] = useState('');
  const [locationId, setLocationId] = useState('');
  const [reasonId, setReasonId] = useState('');
  const [note, setNote] = useState('');
  const [result, setResult] = useState<ReconResult | null>(null);
  const [rowErrors, setRowErrors] = useState<BulkRowError[]>([]);
  const locations = useQuery({
    queryKey: ['stock-locations'],
    queryFn: async () =>
      (await api.get('/stock-locations', z.array(stockLocationSchema))).data.filter(
        (location) => location.kind === 'warehouse' || location.kind === 'store',
      ),
  });
  const reasons = useQuery({
    queryKey: ['adjustment-reasons', 'choices'],
    queryFn: async () =>
      (await api.get('/adjustment-reasons?perPage=100&sort=name', reasonList)).data.results,
  });
  const send = useMutation({
    mutationFn: (dryRun: boolean) =>
      api.post(
        '/accessory-recon-upload',
        {
          location_id: Number(locationId),
          reason_id: Number(reasonId),
          note: note.trim() || null,
          csv,
          dry_run: dryRun,
        },
        reconResultSchema,
      ),
    onMutate: () => {
      setRowErrors([]);
      setResult(null);
    },
    onSuccess: (reply) => {
      setResult(reply.data);
      notify.success(reply.message);
    },
    onError: (error) => {
      setRowErrors(bulkRowErrorsOf(error));
      notify.danger(error.message || 'Stock adjustments not posted');
    },
  });
  const ready = Boolean(locationId && reasonId && csv.trim()) && !send.isPending;
  const differences = result?.lines.filter((line) => line.difference !== 0).length ?? 0;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)', maxWidth: 960 }}>
      <Typography variant="h5" component="h1">
        Accessory Recon Upload
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Typography variant="body2">
            One row per accessory: its SKU and the quantity counted. Check compares the count with
            the stock on hand; Post adjustments books every difference with the reason. If any row
            has a problem nothing is posted.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              size="small"
              label="Location"
              value={locationId}
              onChange={(event) => {
                setLocationId(event.target.value);
                setResult(null);
              }}
              sx={{ minWidth: 240 }}
            >
              {(locations.data ?? []).map((location) => (
                <MenuItem key={location.id} value={String(location.id)}>
                  {location.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Reason"
              value={reasonId}
              onChange={(event) => setReasonId(event.target.value)}
              sx={{ minWidth: 220 }}
            >
              {(reasons.data ?? []).map((reason) => (
                <MenuItem key={reason.id} value={String(reason.id)}>
                  {reason.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label="Note"
              value={note}
              onChange={(event) => setNote(event.target.value)}
              sx={{ flex: 1 }}
            />
          </Stack>
          <CsvFileField
            csv={csv}
            onChange={(text, from) => {
              setCsv(text);
              setResult(null);
              if (from === 'file') setRowErrors([]);
            }}
            template={{ csv: reconTemplate, fileName: 'accessory-recon-template.csv' }}
            placeholder={'sku,quantity\nACC-CASE-01,12'}
          />
          <Stack direction="row" spacing={1}>
            <Button disabled={!ready} onClick={() => send.mutate(true)}>
              Check
            </Button>
            <Button
              variant="contained"
              disabled={!ready || !result?.dry_run || differences === 0}
              onClick={() => send.mutate(false)}
            >
              Post adjustments
            </Button>
          </Stack>
        </Stack>
      </Paper>
      {send.error && !rowErrors.length && <Alert severity="error">{send.error.message}</Alert>}
      {rowErrors.length > 0 && (
        <CsvProblemsTable errors={rowErrors} reportName="Accessory Recon Problems" />
      )}
      {result && (
        <>
          <Alert severity={result.dry_run ? 'info' : 'success'}>
            {result.dry_run
              ? `${result.location_name}: ${differences} of ${result.lines.length} lines differ from the stock on hand.`
              : `${result.location_name}: ${result.adjustment_ids.length} stock adjustments posted; the stock now equals the count.`}
          </Alert>
          <DataTable
            label={result.dry_run ? 'Differences' : 'Posted'}
            reportName="Accessory Recon"
            columns={lineColumns}
            rows={result.lines}
            getRowId={(row) => String(row.line)}
          />
        </>
      )}
    </Box>
  );
}
