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
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { bulkResultSchema, bulkRowErrorSchema, type BulkRowError } from '@portal/contract/platform';
import { b2bInvoices, b2bUpdateColumns, b2bUploadColumns } from '@portal/contract/resources/b2b';
import { api, ApiError } from '../../platform/api.ts';
import { failureMessage } from '../../platform/resources/outcome.ts';
import { useInvalidateResource } from '../../platform/resources/use-resource.ts';
import { notify } from '../../platform/toasts.ts';

const rowErrorsOf = (error: unknown): BulkRowError[] => {
  if (!(error instanceof ApiError)) return [];
  const parsed = z
    .object({ data: z.object({ errors: z.array(bulkRowErrorSchema) }) })
    .safeParse(error.body);
  return parsed.success ? parsed.data.data.errors : [];
};

const kinds = {
  upload: {
    title: 'B2B invoices bulk upload',
    columns: b2bUploadColumns,
    url: `${b2bInvoices.path}/bulk-upload`,
    help: 'One invoice line per row; rows of the same account, store and PO number make one draft invoice.',
    failed: 'B2B invoices not uploaded',
  },
  update: {
    title: 'B2B invoices bulk update',
    columns: b2bUpdateColumns,
    url: `${b2bInvoices.path}/bulk-update`,
    help: 'Each row names a draft invoice by id; an empty cell leaves the field as it is.',
    failed: 'B2B invoices not updated',
  },
} as const;

/** SPEC.md /b2b-sales/invoices/bulk-upload and bulk-update: checked first, saved all or nothing. */
function B2BBulkPage({ kind }: { kind: keyof typeof kinds }) {
  const spec = kinds[kind];
  const [csv, setCsv] = useState('');
  const [errors, setErrors] = useState<BulkRowError[]>([]);
  const invalidate = useInvalidateResource(b2bInvoices);
  const send = useMutation({
    mutationFn: (dryRun: boolean) => api.post(spec.url, { csv, dry_run: dryRun }, bulkResultSchema),
    onMutate: () => setErrors([]),
    onSuccess: (reply) => {
      notify.success(reply.message);
      void invalidate();
    },
    onError: (error) => {
      setErrors(rowErrorsOf(error));
      notify.danger(failureMessage(error, spec.failed));
    },
  });
  const readFile = async (file: File | undefined) => {
    if (file) setCsv(await file.text());
  };
  return (
    <Stack spacing={2} sx={{ maxWidth: 900, minWidth: 0 }}>
      <Typography variant="h5" component="h1">
        {spec.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        Columns: {spec.columns.join(', ')}. {spec.help} Nothing is saved unless every line is right.
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
        placeholder={`${spec.columns.join(',')}\n`}
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
          {kind === 'upload' ? 'Upload' : 'Update'}
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

export const B2BBulkUploadPage = () => <B2BBulkPage kind="upload" />;
export const B2BBulkUpdatePage = () => <B2BBulkPage kind="update" />;
