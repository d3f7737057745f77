import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  USER_BULK_UPLOAD_MAX_ROWS,
  userBulkUploadColumns,
  userBulkUploadRequiredColumns,
  userBulkUploadResultSchema,
  type UserBulkUploadError,
  type UserBulkUploadResult,
} from '@portal/contract/resources/user-admin';
import { users } from '@portal/contract/resources/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { api, ApiError } from '../../platform/api.ts';
import { buildCsv } from '../../platform/data-table/csv.ts';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import { saveFile } from '../../platform/data-table/export-files.ts';
import type { DataColumn } from '../../platform/data-table/table-types.ts';
import { failureMessage, successMessage } from '../../platform/resources/outcome.ts';
import { resourceKeys } from '../../platform/resources/query-keys.ts';
import { notify } from '../../platform/toasts.ts';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { hasPermission } from '../auth/session.ts';

/** The request body limit of the API's csv field (contract: at most 2,000,000 characters). */
const MAX_FILE_BYTES = 2_000_000;
const UPLOAD_PATH = '/user-bulk-upload';

type PreviewRow = UserBulkUploadResult['rows'][number];

const rowColumns: DataColumn<PreviewRow>[] = [
  { id: 'line', header: 'Line', value: (row) => row.line, align: 'right' },
  { id: 'email', header: 'Email', value: (row) => row.email },
  { id: 'first_name', header: 'First name', value: (row) => row.first_name },
  { id: 'last_name', header: 'Last name', value: (row) => row.last_name },
  { id: 'role', header: 'Role', value: (row) => row.role },
  { id: 'stores', header: 'Stores', value: (row) => row.stores.join(', ') },
];

const errorColumns: DataColumn<UserBulkUploadError>[] = [
  { id: 'line', header: 'Line', value: (error) => error.line, align: 'right' },
  { id: 'field', header: 'Column', value: (error) => error.field ?? '' },
  { id: 'message', header: 'Problem', value: (error) => error.message, groupable: false },
];

/** A reply body that is a bulk upload result (a refused commit carries one as its data). */
function resultOf(error: unknown): UserBulkUploadResult | null {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) {
    return null;
  }
  const parsed = userBulkUploadResultSchema.safeParse(
    'data' in error.body ? error.body.data : undefined,
  );
  return parsed.success ? parsed.data : null;
}

/** A template with the expected header line, to fill in a spreadsheet. */
function downloadTemplate() {
  const csv = buildCsv(userBulkUploadColumns, [
    ['jane.doe@example.com', 'Jane', 'Doe', 'base_user', '', 'DE001;DE002', 'false'],
  ]);
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), 'User bulk upload template.csv');
}

/**
 * Bulk user upload (/csv-upload): a CSV is checked on the server first (every row, each problem
 * with its line), then created all or nothing.
 */
export function UserBulkUploadPage() {
  if (!hasPermission('write_users')) return <AccessDenied />;
  return <UploadScreen />;
}

function UploadScreen() {
  const inputId = useId();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [result, setResult] = useState<UserBulkUploadResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const send = useMutation({
    mutationFn: (body: { mode: 'preview' | 'commit'; csv: string }) =>
      api.post(UPLOAD_PATH, body, userBulkUploadResultSchema),
  });

  const preview = async (next: { name: string; csv: string }) => {
    setResult(null);
    setProblem(null);
    try {
      const reply = await send.mutateAsync({ mode: 'preview', csv: next.csv });
      setResult(reply.data);
    } catch (error) {
      setResult(resultOf(error));
      setProblem(failureMessage(error, 'The file could not be checked'));
    }
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    if (chosen.size > MAX_FILE_BYTES) {
      setFile(null);
      setResult(null);
      setProblem('The file is larger than 2 MB; split it into smaller files');
      return;
    }
    const next = { name: chosen.name, csv: await chosen.text() };
    setFile(next);
    await preview(next);
  };

  const commit = async () => {
    if (!file) return;
    try {
      const reply = await send.mutateAsync({ mode: 'commit', csv: file.csv });
      await client.invalidateQueries({ queryKey: resourceKeys(users.name).all });
      notify.success(successMessage(reply, 'Users created'));
      // SPEC.md section 2: user create goes to /users.
      void navigate('/users');
    } catch (error) {
      setResult(resultOf(error) ?? result);
      notify.danger(failureMessage(error, 'User not created'));
    }
  };

  const valid = result?.valid === true;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Typography variant="h5" component="h1">
        Bulk User Upload
      </Typography>
      <Paper variant="outlined" sx={{ p: 3, display: 'grid', gap: 2 }}>
        <Typography>
          A CSV file with a header line and up to {USER_BULK_UPLOAD_MAX_ROWS} users. Columns:{' '}
          {userBulkUploadColumns.map((column) => (
            <Chip
              key={column}
              size="small"
              sx={{ mr: 0.5, mb: 0.5 }}
              label={column}
              variant={
                (userBulkUploadRequiredColumns as readonly string[]).includes(column)
                  ? 'filled'
                  : 'outlined'
              }
            />
          ))}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Filled columns are required. <code>role</code> is a role name or base role,{' '}
          <code>stores</code> store ids split by <code>;</code>. Nothing is created until every row
          is valid.{' '}
          <Link component="button" type="button" onClick={downloadTemplate}>
            Download a template
          </Link>
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Button
            component="label"
            htmlFor={inputId}
            variant="outlined"
            startIcon={<UploadFileIcon />}
          >
            Choose CSV file
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              hidden
              onChange={(event) => void choose(event)}
            />
          </Button>
          <Typography color="text.secondary">{file?.name ?? 'No file chosen'}</Typography>
        </Stack>
      </Paper>

      {problem && <Alert severity="error">{problem}</Alert>}
      {result && (
        <>
          <Alert severity={valid ? 'success' : 'warning'}>
            {valid
              ? `All ${result.total} rows are valid`
              : `${result.errors.length} ${result.errors.length === 1 ? 'problem' : 'problems'} in ${result.total} rows: fix the file and choose it again`}
          </Alert>
          {result.errors.length > 0 && (
            <DataTable
              label="Problems"
              reportName="User upload problems"
              columns={errorColumns}
              rows={result.errors}
              getRowId={(error) => `${error.line}-${error.field ?? ''}-${error.message}`}
              initialSort={{ id: 'line', desc: false }}
            />
          )}
          <DataTable
            label="Users in the file"
            reportName="User upload preview"
            columns={rowColumns}
            rows={result.rows}
            getRowId={(row) => String(row.line)}
            emptyMessage="No valid rows"
            initialSort={{ id: 'line', desc: false }}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
            <Button onClick={() => void navigate('/users')}>Cancel</Button>
            <Button
              variant="contained"
              disabled={!valid || send.isPending}
              onClick={() => void commit()}
            >
              {send.isPending ? 'Creating…' : `Create ${result.total} users`}
            </Button>
          </Box>
        </>
      )}
    </Box>
  );
}
