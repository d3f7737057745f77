import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { bulkRowErrorSchema, type BulkRowError } from '@portal/contract/platform';
import {
  carrierStatementDetailSchema,
  carrierStatementSchema,
  reconClasses,
  reconClassLabels,
  statementColumns,
  type ReconLine,
} from '@portal/contract/resources/commissions';
import { carriers } from '@portal/contract/resources/sales';
import { api, ApiError } from '../../platform/api.ts';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import { moneyColumn } from '../../platform/data-table/money-column.ts';
import type { DataColumn } from '../../platform/data-table/table-types.ts';
import { failureMessage } from '../../platform/resources/outcome.ts';
import { notify } from '../../platform/toasts.ts';
import { hasPermission } from '../auth/session.ts';
import { commissionPaths } from './paths.ts';

const rowErrorsOf = (error: unknown): BulkRowError[] => {
  if (!(error instanceof ApiError)) return [];
  const parsed = z
    .object({ data: z.object({ errors: z.array(bulkRowErrorSchema) }) })
    .safeParse(error.body);
  return parsed.success ? parsed.data.data.errors : [];
};

const lastMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1)).toISOString().slice(0, 7);
};

const classOptions = reconClasses.map((value) => ({ value, label: reconClassLabels[value] }));

const columns: readonly DataColumn<ReconLine>[] = [
  {
    id: 'class',
    header: 'Class',
    value: (row) => reconClassLabels[row.class],
    filter: { options: classOptions },
    filterKey: (row) => row.class,
  },
  { id: 'line_no', header: 'Line', value: (row) => row.line_no, align: 'right' },
  { id: 'phone_number', header: 'Phone number', value: (row) => row.phone_number },
  { id: 'imei', header: 'IMEI', value: (row) => row.imei },
  { id: 'iccid', header: 'ICCID', value: (row) => row.iccid, hidden: true },
  { id: 'activation_date', header: 'Activation date', value: (row) => row.activation_date },
  moneyColumn('paid', 'Paid', (row) => row.paid_cents, { filter: 'text' }),
  moneyColumn('expected', 'Expected', (row) => row.expected_cents, { filter: 'text' }),
  {
    id: 'activation',
    header: 'Activation',
    value: (row) => (row.activation_id === null ? null : `#${String(row.activation_id)}`),
  },
  { id: 'pos_phone', header: 'Number in POS', value: (row) => row.activation_phone },
  { id: 'employee', header: 'Sold by', value: (row) => row.employee_name },
  {
    id: 'chargeback',
    header: 'Chargeback',
    value: (row) => (row.chargeback ? 'Confirmed' : ''),
  },
];

/**
 * /commission-processing: a carrier's commission statement (CSV) imported for a month, then its
 * lines classified against the activations on the data table, filtered by class; a chargeback is
 * confirmed from its line.
 */
export function CommissionProcessingPage() {
  const client = useQueryClient();
  const [carrier, setCarrier] = useState<string>(carriers[0]);
  const [period, setPeriod] = useState(lastMonth());
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [errors, setErrors] = useState<BulkRowError[]>([]);
  const [chosen, setChosen] = useState<number | null>(null);
  const canImport = hasPermission('write_carrier_statements');
  const list = useQuery({
    queryKey: ['carrier-statements'],
    queryFn: async ({ signal }) =>
      (await api.get('/carrier-statements', z.array(carrierStatementSchema), { signal })).data,
  });
  const current = chosen ?? list.data?.[0]?.id ?? null;
  const detail = useQuery({
    queryKey: ['carrier-statements', current],
    enabled: current !== null,
    queryFn: async ({ signal }) =>
      (
        await api.get(`/carrier-statements/${String(current)}`, carrierStatementDetailSchema, {
          signal,
        })
      ).data,
  });
  const upload = useMutation({
    mutationFn: () =>
      api.post(
        '/carrier-statements',
        { carrier, period, csv, file_name: fileName },
        carrierStatementDetailSchema,
      ),
    onMutate: () => setErrors([]),
    onSuccess: (reply) => {
      notify.success(reply.message);
      setChosen(reply.data.id);
      setCsv('');
      void client.invalidateQueries({ queryKey: ['carrier-statements'] });
    },
    onError: (error) => {
      setErrors(rowErrorsOf(error));
      notify.danger(failureMessage(error, 'Statement not imported'));
    },
  });
  const chargeback = useMutation({
    mutationFn: (lineId: number) =>
      api.post(
        `/carrier-statement-lines/${String(lineId)}/chargeback`,
        {},
        carrierStatementDetailSchema,
      ),
    onSuccess: (reply) => {
      notify.success(reply.message);
      void client.invalidateQueries({ queryKey: ['carrier-statements'] });
    },
    onError: (error) => notify.danger(failureMessage(error, 'Chargeback not confirmed')),
  });
  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    setCsv(await file.text());
  };
  const statement = detail.data;
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography variant="h5" component="h1">
        Commission Processing
      </Typography>
      {canImport && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              A carrier statement CSV with the columns {statementColumns.join(', ')} (amount in
              dollars and cents). Lines match activations on the number, or the IMEI or ICCID, with
              the activation date within 3 days; a negative amount is a chargeback.{' '}
              <RouterLink to={commissionPaths.carrierRates.list}>Carrier rates</RouterLink> give the
              expected amounts.
            </Typography>
            <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
              <TextField
                select
                size="small"
                label="Carrier"
                value={carrier}
                onChange={(event) => setCarrier(event.target.value)}
                sx={{ minWidth: 180 }}
              >
                {carriers.map((name) => (
                  <MenuItem key={name} value={name}>
                    {name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label="Month"
                type="month"
                value={period}
                onChange={(event) => event.target.value && setPeriod(event.target.value)}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <Button variant="outlined" component="label">
                {fileName ?? 'Choose a CSV file'}
                <input
                  type="file"
                  accept=".csv,text/csv"
                  hidden
                  aria-label="Statement file"
                  onChange={(event) => void readFile(event.target.files?.[0])}
                />
              </Button>
              <Button
                variant="contained"
                disabled={!csv.trim() || upload.isPending}
                onClick={() => upload.mutate()}
              >
                Import statement
              </Button>
            </Stack>
            {errors.length > 0 && (
              <Alert severity="error">
                {errors.map((error) => (
                  <div key={`${String(error.line)}-${error.field ?? ''}`}>
                    Line {error.line}
                    {error.field ? ` (${error.field})` : ''}: {error.message}
                  </div>
                ))}
              </Alert>
            )}
          </Stack>
        </Paper>
      )}
      {list.data && list.data.length > 0 && (
        <TextField
          select
          size="small"
          label="Statement"
          value={current ?? ''}
          onChange={(event) => setChosen(Number(event.target.value))}
          sx={{ maxWidth: 420 }}
        >
          {list.data.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.carrier} {s.period} {s.file_name ? `(${s.file_name})` : ''} #{s.id}
            </MenuItem>
          ))}
        </TextField>
      )}
      {statement && (
        <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap aria-label="Counts by class">
          {reconClasses.map((cls) => (
            <Typography key={cls} variant="body2">
              {reconClassLabels[cls]}: <strong>{statement.counts[cls] ?? 0}</strong>
            </Typography>
          ))}
        </Stack>
      )}
      <DataTable
        columns={columns}
        rows={statement?.lines ?? []}
        getRowId={(row) => String(row.id)}
        reportName="Commission statement"
        loading={list.isLoading || detail.isLoading}
        emptyMessage={list.data?.length === 0 ? 'No statement imported yet' : 'No lines'}
        rowActions={(row) =>
          canImport && row.activation_id !== null && !row.chargeback && row.line_no !== null ? (
            <Button
              size="small"
              disabled={chargeback.isPending}
              onClick={() => chargeback.mutate(row.id)}
            >
              Chargeback
            </Button>
          ) : null
        }
      />
    </Stack>
  );
}
