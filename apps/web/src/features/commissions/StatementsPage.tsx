import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { scopeOptionsSchema } from '@portal/contract/oneview';
import {
  commissionCategoryLabels,
  lineKindLabels,
  statementExportSchema,
  statementSchema,
  type CommissionLine,
  type CommissionStatement,
} from '@portal/contract/resources/commissions';
import { dollars } from '@portal/contract/resources/sales';
import { api } from '../../platform/api.ts';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import { saveFile } from '../../platform/data-table/export-files.ts';
import { moneyColumn } from '../../platform/data-table/money-column.ts';
import type { DataColumn } from '../../platform/data-table/table-types.ts';
import { failureMessage } from '../../platform/resources/outcome.ts';
import { notify } from '../../platform/toasts.ts';
import { parseScopeKey, ScopeSelect } from '../../platform/ui/ScopeSelect.tsx';
import { hasPermission } from '../auth/session.ts';

const thisMonth = () => new Date().toISOString().slice(0, 7);

type EmployeeTotal = CommissionStatement['employees'][number];

const columns = (team: boolean): readonly DataColumn<CommissionLine>[] => [
  { id: 'date', header: 'Date', value: (row) => row.occurred_at.slice(0, 10) },
  { id: 'employee', header: 'Employee', value: (row) => row.employee_name, hidden: !team },
  { id: 'store', header: 'Store', value: (row) => row.store_name },
  {
    id: 'category',
    header: 'Category',
    value: (row) => commissionCategoryLabels[row.category],
  },
  { id: 'plan', header: 'Plan', value: (row) => `${row.plan_name} (v${String(row.rule_version)})` },
  {
    id: 'source',
    header: 'Source',
    value: (row) => row.source_label,
  },
  { id: 'kind', header: 'Kind', value: (row) => lineKindLabels[row.kind] },
  { id: 'units', header: 'Units', value: (row) => row.units, align: 'right' },
  moneyColumn('amount', 'Commission', (row) => row.amount_cents, { filter: 'text' }),
];

/**
 * A month's commission statement: mine (/commissions/my), or the people of a scope the caller may
 * see (/commissions/statements), with the export and, for managers, compute and close.
 */
function StatementsPage({ team }: { team: boolean }) {
  const client = useQueryClient();
  const [period, setPeriod] = useState(thisMonth());
  const [scopeKey, setScopeKey] = useState('');
  const scope = parseScopeKey(scopeKey);
  const query = {
    period,
    ...(team && scope ? { level: scope.level } : {}),
    ...(team && scope?.id ? { id: scope.id } : {}),
  };
  const scopes = useQuery({
    queryKey: ['commissions', 'scopes'],
    enabled: team,
    queryFn: async ({ signal }) =>
      (await api.get('/oneview/scopes', scopeOptionsSchema, { signal })).data,
  });
  const statement = useQuery({
    queryKey: ['commissions', team ? 'team' : 'mine', query],
    queryFn: async ({ signal }) =>
      (
        await api.get(team ? '/commissions/statements' : '/commissions/my', statementSchema, {
          signal,
          query,
        })
      ).data,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['commissions'] });
  const compute = useMutation({
    mutationFn: () =>
      api.post('/commission-periods/compute', { period }, z.object({ lines: z.number() })),
    onSuccess: (reply) => {
      notify.success(reply.message);
      refresh();
    },
    onError: (error) => notify.danger(failureMessage(error, 'Commissions not computed')),
  });
  const close = useMutation({
    mutationFn: () =>
      api.post('/commission-periods/close', { period }, z.object({ period: z.string() })),
    onSuccess: (reply) => {
      notify.success(reply.message);
      refresh();
    },
    onError: (error) => notify.danger(failureMessage(error, 'Period not closed')),
  });
  const exportCsv = useMutation({
    mutationFn: () =>
      api.get('/commissions/export', statementExportSchema, {
        query: team ? query : { period, mine: 'true' },
      }),
    onSuccess: (reply) =>
      saveFile(
        new Blob([reply.data.csv], { type: 'text/csv;charset=utf-8' }),
        reply.data.file_name,
      ),
    onError: (error) => notify.danger(failureMessage(error, 'Export failed')),
  });
  const data = statement.data;
  const manage = team && hasPermission('write_commissions');
  const status =
    data?.status === 'closed' ? 'Closed' : data?.status === 'open' ? 'Open' : 'Not computed';
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography variant="h5" component="h1">
        {team ? 'Team Commissions' : 'My Commissions'}
      </Typography>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <TextField
          size="small"
          label="Month"
          type="month"
          value={period}
          onChange={(event) => event.target.value && setPeriod(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {team && (
          <ScopeSelect
            label="Scope"
            size="small"
            value={scopeKey}
            onChange={setScopeKey}
            options={scopes.data}
            leading={[{ value: '', label: 'My default scope' }]}
            sx={{ minWidth: 220 }}
          />
        )}
        <Button onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending}>
          Export CSV
        </Button>
        {manage && (
          <>
            <Button
              variant="outlined"
              disabled={compute.isPending || data?.status === 'closed'}
              onClick={() => compute.mutate()}
            >
              Compute
            </Button>
            <Button
              variant="outlined"
              color="warning"
              disabled={close.isPending || data?.status !== 'open'}
              onClick={() => close.mutate()}
            >
              Close period
            </Button>
          </>
        )}
      </Stack>
      <Typography variant="body2" aria-label="Statement summary">
        {data ? `${data.scope} · ${status} · Total ${dollars(data.total_cents)}` : ''}
      </Typography>
      {team && data && data.employees.length > 0 && (
        <DataTable
          columns={[
            { id: 'employee', header: 'Employee', value: (row) => row.employee_name },
            { id: 'lines', header: 'Lines', value: (row) => row.lines, align: 'right' },
            moneyColumn<EmployeeTotal>('total', 'Total', (row) => row.total_cents, {
              filter: 'text',
            }),
          ]}
          rows={data.employees}
          getRowId={(row) => String(row.employee_id)}
          reportName="Commissions by employee"
        />
      )}
      <DataTable
        columns={columns(team)}
        rows={data?.lines ?? []}
        getRowId={(row) => String(row.id)}
        reportName={team ? 'Team commissions' : 'My commissions'}
        loading={statement.isLoading}
        emptyMessage="No commission lines for this month"
      />
    </Stack>
  );
}

/** /commissions/my: the caller's own statement. */
export function MyCommissionsPage() {
  return <StatementsPage team={false} />;
}

/** /commissions/statements: the statements of the people of a scope. */
export function TeamCommissionsPage() {
  return <StatementsPage team />;
}
