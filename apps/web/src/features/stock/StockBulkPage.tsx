import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
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
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { bulkResultSchema, bulkRowErrorSchema, type BulkRowError } from '@portal/contract/platform';
import { adjustmentReasons } from '@portal/contract/resources/catalog';
import {
  inventoryStock,
  stockUpdateColumns,
  stockUploadColumns,
} from '@portal/contract/resources/stock';
import { api, ApiError } from '../../platform/api.ts';
import { failureMessage } from '../../platform/resources/outcome.ts';
import { useInvalidateResource, useResourceList } from '../../platform/resources/use-resource.ts';
import { notify } from '../../platform/toasts.ts';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { hasPermission } from '../auth/session.ts';
import { stockPaths as paths } from './paths.ts';

const rowErrorsOf = (error: unknown): BulkRowError[] => {
  if (!(error instanceof ApiError)) return [];
  const parsed = z
    .object({ data: z.object({ errors: z.array(bulkRowErrorSchema) }) })
    .safeParse(error.body);
  return parsed.success ? parsed.data.data.errors : [];
};

const kinds = {
  upload: {
    title: 'Stock bulk upload',
    columns: stockUploadColumns,
    path: '/inventory-stock/bulk-upload',
    example: 'sku,location,quantity,cost,reorder_point\nCASE-001,Main Warehouse,24,4.50,10\n',
    help: 'Each line adds its quantity to the SKU at the warehouse (named as on the Warehouses screen) with the reason below, and sets the cost (dollars) and reorder point where given; a missing stock record is made.',
  },
  update: {
    title: 'Stock bulk update',
    columns: stockUpdateColumns,
    path: '/inventory-stock/bulk-update',
    example:
      'sku,location,reorder_point,reorder_quantity,cost\nCASE-001,Main Warehouse,12,24,4.75\n',
    help: 'Each line changes the reorder point, reorder quantity and cost (dollars) of an existing stock record; an empty cell leaves that field as it is. On hand changes only by movements.',
  },
} as const;

/** /inventory/stock/bulk-upload and bulk-update: a CSV file, checked first, saved all or nothing. */
function StockBulkPage({ kind }: { kind: keyof typeof kinds }) {
  const page = kinds[kind];
  const [csv, setCsv] = useState('');
  const [reasonId, setReasonId] = useState('');
  const [errors, setErrors] = useState<BulkRowError[]>([]);
  const invalidate = useInvalidateResource(inventoryStock);
  const reasons = useResourceList(adjustmentReasons, {
    page: 0,
    perPage: 1000,
    sort: 'name',
  });
  const send = useMutation({
    mutationFn: (dryRun: boolean) =>
      api.post(
        page.path,
        kind === 'upload'
          ? { csv, dry_run: dryRun, reason_id: Number(reasonId) }
          : { csv, dry_run: dryRun },
        bulkResultSchema,
      ),
    onMutate: () => setErrors([]),
    onSuccess: async (reply) => {
      notify.success(reply.message);
      await invalidate();
    },
    onError: (error) => {
      setErrors(rowErrorsOf(error));
      notify.danger(failureMessage(error, 'Stock not saved'));
    },
  });
  if (!hasPermission('write_inventory_stock')) return <AccessDenied />;
  const readFile = async (file: File | undefined) => {
    if (file) setCsv(await file.text());
  };
  const ready = csv.trim() !== '' && (kind === 'update' || reasonId !== '') && !send.isPending;
  return (
    <Stack spacing={2} sx={{ maxWidth: 900, minWidth: 0 }}>
      <Typography variant="h5" component="h1">
        {page.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        Columns: {page.columns.join(', ')}. {page.help} Nothing is saved unless every line is right.
      </Typography>
      {kind === 'upload' && (
        <TextField
          select
          label="Reason"
          value={reasonId}
          onChange={(event) => setReasonId(event.target.value)}
          sx={{ maxWidth: 360 }}
          helperText="Recorded with every quantity the file adds"
        >
          {(reasons.data?.results ?? []).map((reason) => (
            <MenuItem key={reason.id} value={String(reason.id)}>
              {String(reason.name)}
            </MenuItem>
          ))}
        </TextField>
      )}
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
        placeholder={page.example}
      />
      <Stack direction="row" spacing={1}>
        <Button disabled={!ready} onClick={() => send.mutate(true)}>
          Check
        </Button>
        <Button variant="contained" disabled={!ready} onClick={() => send.mutate(false)}>
          {kind === 'upload' ? 'Upload' : 'Update'}
        </Button>
        <Button component={RouterLink} to={paths.records.list}>
          Stock
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

export function StockBulkUploadPage() {
  return <StockBulkPage kind="upload" />;
}

export function StockBulkUpdatePage() {
  return <StockBulkPage kind="update" />;
}
