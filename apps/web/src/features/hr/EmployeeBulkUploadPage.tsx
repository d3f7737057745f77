import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  EMPLOYEE_BULK_MAX_ROWS,
  EMPLOYEES_PATH,
  employeeBulkColumns,
  employeeBulkResultSchema,
  type EmployeeBulkResult,
} from '@portal/contract/hr-employees';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api, ApiError } from '../../platform/api.ts';
import { BulkProblems } from '../../platform/resources/BulkCsvPage.tsx';
import { notify } from '../../platform/toasts.ts';
import { employeeKeys } from './employees-api.ts';

const upload = (mode: 'preview' | 'commit', csv: string) =>
  api.post('/employees/bulk-upload', { mode, csv }, employeeBulkResultSchema);

/** The failed commit's report rides in the error reply's data. */
const resultOf = (error: unknown): EmployeeBulkResult | null => {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null)
    return null;
  const parsed = employeeBulkResultSchema.safeParse('data' in error.body ? error.body.data : null);
  return parsed.success ? parsed.data : null;
};

/** /employees/bulkupload: preview a CSV of up to 5,000 employees, then create all of them or none. */
export function EmployeeBulkUploadPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null);
  const [result, setResult] = useState<EmployeeBulkResult | null>(null);
  const run = useMutation({
    mutationFn: (mode: 'preview' | 'commit') => upload(mode, csv?.text ?? ''),
    onSuccess: (reply) => {
      setResult(reply.data);
      if (reply.data.mode === 'commit') {
        notify.success(reply.message);
        void queryClient.invalidateQueries({ queryKey: employeeKeys.all });
        void navigate(EMPLOYEES_PATH);
      }
    },
    onError: (error) => {
      setResult(resultOf(error));
      notify.danger(error.message);
    },
  });
  const template = `data:text/csv;charset=utf-8,${encodeURIComponent(
    `${employeeBulkColumns.join(',')}\njane.doe@example.com,Jane,Doe,Sales Associate,,hourly,,2026-01-31\n`,
  )}`;

  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      <Typography variant="h5" component="h1">
        Employees Bulk Upload
      </Typography>
      <Typography color="text.secondary">
        Up to {EMPLOYEE_BULK_MAX_ROWS.toLocaleString('en-US')} employees a file, all created or
        none. Columns: {employeeBulkColumns.join(', ')}. Employees set their password with Forgot
        password.
      </Typography>
      <Stack direction="row" spacing={1} alignItems="center">
        <Button component="label" variant="outlined">
          Choose CSV file
          <input
            hidden
            type="file"
            accept=".csv,text/csv"
            aria-label="CSV file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              setResult(null);
              if (file) void file.text().then((text) => setCsv({ name: file.name, text }));
            }}
          />
        </Button>
        <Typography>{csv?.name ?? 'No file chosen'}</Typography>
        <Button href={template} download="employees-template.csv">
          Download template
        </Button>
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          disabled={!csv}
          loading={run.isPending && run.variables === 'preview'}
          onClick={() => run.mutate('preview')}
        >
          Preview
        </Button>
        <Button
          variant="contained"
          disabled={!csv || !result?.valid}
          loading={run.isPending && run.variables === 'commit'}
          onClick={() => run.mutate('commit')}
        >
          Create employees
        </Button>
      </Stack>
      {result?.valid && (
        <Alert severity="success">All {result.total.toLocaleString('en-US')} rows are valid.</Alert>
      )}
      {result && !result.valid && (
        <>
          <Alert severity="error">
            {result.errorCount} {result.errorCount === 1 ? 'problem' : 'problems'} in {result.total}{' '}
            rows; nothing was created.
          </Alert>
          <BulkProblems errors={result.errors} label="Problems by line" />
        </>
      )}
    </Stack>
  );
}
