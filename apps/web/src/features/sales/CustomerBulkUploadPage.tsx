import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { bulkResultSchema, bulkRowErrorSchema, type BulkRowError } from '@portal/contract/platform';
import { customers } from '@portal/contract/resources/sales';
import { api, ApiError } from '../../platform/api.ts';
import { failureMessage } from '../../platform/resources/outcome.ts';
import { notify } from '../../platform/toasts.ts';

const templateSchema = z.object({ columns: z.array(z.string()), csv: z.string() });
const rowErrorsOf = (error: unknown): BulkRowError[] => {
  if (!(error instanceof ApiError)) return [];
  const parsed = z
    .object({ data: z.object({ errors: z.array(bulkRowErrorSchema) }) })
    .safeParse(error.body);
  return parsed.success ? parsed.data.data.errors : [];
};

/** SPEC.md /customers/bulkupload: a CSV of customers, checked first, saved all or nothing. */
export function CustomerBulkUploadPage() {
  const [csv, setCsv] = useState('');
  const [errors, setErrors] = useState<BulkRowError[]>([]);
  const template = useQuery({
    queryKey: ['customers-bulk-template'],
    queryFn: async () =>
      (
        await api.get(`${customers.path}/bulk/template`, templateSchema, {
          query: { kind: 'create' },
        })
      ).data,
  });
  const send = useMutation({
    mutationFn: (dryRun: boolean) =>
      api.post(`${customers.path}/bulk`, { csv, dry_run: dryRun }, bulkResultSchema),
    onMutate: () => setErrors([]),
    onSuccess: (reply) => notify.success(reply.message),
    onError: (error) => {
      setErrors(rowErrorsOf(error));
      notify.danger(failureMessage(error, 'Customers not created'));
    },
  });
  const readFile = async (file: File | undefined) => {
    if (file) setCsv(await file.text());
  };
  return (
    <Stack spacing={2} sx={{ maxWidth: 900, minWidth: 0 }}>
      <Typography variant="h5" component="h1">
        Customers bulk upload
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        Columns: {template.data?.columns.join(', ') ?? '...'}. A phone or email already on file is
        refused by line; nothing is saved unless every line is right.
      </Typography>
      <Button variant="outlined" component="label" sx={{ alignSelf: 'flex-start' }}>
        Choose a CSV file
        <input
          type="file"
          accept=".csv,text/csv"
          hidden
          onChange={(event) => void readFile(event.target.files?.[0])}
        />
      </Button>
      <TextField
        label="CSV"
        multiline
        minRows={6}
        value={csv}
        onChange={(event) => setCsv(event.target.value)}
        placeholder={template.data?.csv}
      />
      <Stack direction="row" spacing={1}>
        <Button disabled={!csv.trim() || send.isPending} onClick={() => send.mutate(true)}>
          Check
        </Button>
        <Button
          variant="contained"
          disabled={!csv.trim() || send.isPending}
          onClick={() => send.mutate(false)}
        >
          Upload
        </Button>
      </Stack>
      {send.isSuccess && <Alert severity="success">{send.data.message}</Alert>}
      {errors.length > 0 && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Problems">
            <TableHead>
              <TableRow>
                <TableCell>Line</TableCell>
                <TableCell>Column</TableCell>
                <TableCell>Problem</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {errors.map((error, index) => (
                <TableRow key={index}>
                  <TableCell>{error.line}</TableCell>
                  <TableCell>{error.field ?? ''}</TableCell>
                  <TableCell>{error.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
