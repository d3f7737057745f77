import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { z } from 'zod';
import { bulkResultSchema, bulkRowErrorSchema, type BulkRowError } from '@portal/contract/platform';
import {
  invoiceBulkKinds,
  invoiceFilePaths,
  invoiceFiles,
  invoiceTemplateSchema,
  type InvoiceBulkKind,
  type InvoiceFile,
} from '@portal/contract/resources/sale-invoices';
import { api, ApiError } from '../../platform/api.ts';
import { failureMessage } from '../../platform/resources/outcome.ts';
import { notify } from '../../platform/toasts.ts';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { hasPermission } from '../auth/session.ts';
import { invoiceBulkPath, invoiceBulkPageOf } from './invoice-paths.ts';
import { salesPaths } from './paths.ts';

const rowErrorsOf = (error: unknown): BulkRowError[] => {
  if (!(error instanceof ApiError)) return [];
  const parsed = z
    .object({ data: z.object({ errors: z.array(bulkRowErrorSchema) }) })
    .safeParse(error.body);
  return parsed.success ? parsed.data.data.errors : [];
};

const fileLabels: Record<InvoiceFile, string> = {
  invoices: 'Invoices',
  'accessory-items': 'Accessory items',
  'feature-items': 'Feature items',
};
const kindLabels: Record<InvoiceBulkKind, string> = {
  upload: 'upload',
  update: 'update',
  delete: 'delete',
};
const actionLabels: Record<InvoiceBulkKind, string> = {
  upload: 'Upload',
  update: 'Update',
  delete: 'Delete',
};

const help: Record<InvoiceFile, Record<InvoiceBulkKind, string>> = {
  invoices: {
    upload:
      'Sales from another POS: one line per item or payment, grouped by invoice_number. Give the store (by name), date (YYYY-MM-DD), employee_email and customer_phone (optional, a customer on file) on the first line of an invoice. Amounts are in cents; an empty tax_cents is charged at the store rate. Payments must add up to the invoice total.',
    update:
      'Changes the date, employee, customer or note of imported invoices by invoice_number; an empty cell leaves the field as it is.',
    delete:
      'Deletes imported invoices by invoice_number with their lines. An invoice with a return cannot be deleted.',
  },
  'accessory-items': {
    upload:
      'Adds accessory lines to imported invoices by invoice_number and sku (amounts in cents); the total grows and is paid with payment_method (empty: the first payment).',
    update:
      'Changes the quantity, unit price or tax of an accessory line by invoice_number and sku; the first payment follows the total.',
    delete:
      'Removes accessory lines by invoice_number and sku; an invoice keeps at least one line.',
  },
  'feature-items': {
    upload:
      'Adds feature lines (insurance, hotspot...) to imported invoices by invoice_number and sku (amounts in cents); the total grows and is paid with payment_method (empty: the first payment).',
    update:
      'Changes the quantity, unit price or tax of a feature line by invoice_number and sku; the first payment follows the total.',
    delete: 'Removes feature lines by invoice_number and sku; an invoice keeps at least one line.',
  },
};

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * SPEC.md section 2 "Sales": the bulk upload, update and delete pages of invoices, accessory items
 * and feature items. A CSV file (chosen or pasted) is checked first or sent; nothing is saved
 * unless every line is right, and the problems are listed by line and column.
 */
export function InvoiceBulkPage() {
  const { file, kind } = invoiceBulkPageOf(useLocation().pathname);
  return <InvoiceBulkForm key={`${file}-${kind}`} file={file} kind={kind} />;
}

function InvoiceBulkForm({ file, kind }: { file: InvoiceFile; kind: InvoiceBulkKind }) {
  const [csv, setCsv] = useState('');
  const [errors, setErrors] = useState<BulkRowError[]>([]);
  const path = invoiceFilePaths[file];
  const template = useQuery({
    queryKey: ['invoice-bulk-template', file, kind],
    queryFn: async () =>
      (await api.get(`${path}/bulk/template`, invoiceTemplateSchema, { query: { kind } })).data,
  });
  const send = useMutation({
    mutationFn: (dryRun: boolean) => {
      const body = { csv, dry_run: dryRun };
      if (kind === 'update') return api.patch(`${path}/bulk`, body, bulkResultSchema);
      return api.post(
        kind === 'delete' ? `${path}/bulk/delete` : `${path}/bulk`,
        body,
        bulkResultSchema,
      );
    },
    onMutate: () => setErrors([]),
    onSuccess: (reply) => notify.success(reply.message),
    onError: (error) => {
      setErrors(rowErrorsOf(error));
      notify.danger(failureMessage(error, 'Nothing was saved'));
    },
  });
  if (!hasPermission('write_sales')) return <AccessDenied />;
  const readFile = async (chosen: File | undefined) => {
    if (chosen) setCsv(await chosen.text());
  };
  const ready = csv.trim() !== '' && !send.isPending;
  const title = `${fileLabels[file]} bulk ${kindLabels[kind]}`;
  return (
    <Stack spacing={2} sx={{ maxWidth: 960, minWidth: 0 }}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Tabs value={file} variant="scrollable" aria-label="Bulk file">
        {invoiceFiles.map((each) => (
          <Tab
            key={each}
            value={each}
            label={fileLabels[each]}
            component={RouterLink}
            to={invoiceBulkPath(each, kind)}
          />
        ))}
      </Tabs>
      <Tabs value={kind} aria-label="Bulk action">
        {invoiceBulkKinds.map((each) => (
          <Tab
            key={each}
            value={each}
            label={`Bulk ${kindLabels[each]}`}
            component={RouterLink}
            to={invoiceBulkPath(file, each)}
          />
        ))}
      </Tabs>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        Columns: {template.data?.columns.join(', ') ?? '...'}. {help[file][kind]} Nothing is saved
        unless every line is right.
      </Typography>
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={!template.data}
          onClick={() => template.data && download(`${file}-bulk-${kind}.csv`, template.data.csv)}
        >
          Download template
        </Button>
        <Button variant="outlined" component="label">
          Choose a CSV file
          <input
            type="file"
            accept=".csv,text/csv"
            hidden
            onChange={(event) => void readFile(event.target.files?.[0])}
          />
        </Button>
      </Stack>
      <TextField
        label="CSV"
        multiline
        minRows={6}
        value={csv}
        onChange={(event) => setCsv(event.target.value)}
        placeholder={template.data?.csv}
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      <Stack direction="row" spacing={1}>
        <Button disabled={!ready} onClick={() => send.mutate(true)}>
          Check
        </Button>
        <Button
          variant="contained"
          color={kind === 'delete' ? 'error' : 'primary'}
          disabled={!ready}
          onClick={() => send.mutate(false)}
        >
          {actionLabels[kind]}
        </Button>
        <Button component={RouterLink} to={salesPaths.sales.list}>
          Invoices
        </Button>
      </Stack>
      {send.isPending && <LinearProgress aria-label="Sending the file" />}
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
