import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
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
import { useState, type ReactNode } from 'react';
import { z } from 'zod';
import { bulkResultSchema, bulkRowErrorSchema, type BulkRowError } from '@portal/contract/platform';
import { api, ApiError } from '../api.ts';
import { notify } from '../toasts.ts';
import { saveFile } from '../data-table/export-files.ts';
import { failureMessage } from './outcome.ts';

/** The closing sentence of every bulk page's help. */
export const ALL_OR_NOTHING = 'Nothing is saved unless every line is right.';

/** The per-line problems a refused bulk file carries in its error reply's data. */
export function bulkRowErrorsOf(error: unknown): BulkRowError[] {
  if (!(error instanceof ApiError)) return [];
  const parsed = z
    .object({ data: z.object({ errors: z.array(bulkRowErrorSchema) }) })
    .safeParse(error.body);
  return parsed.success ? parsed.data.data.errors : [];
}

/** The problems of a CSV file, one row each: its line (1 is the header), column and message. */
export function BulkProblems({
  errors,
  label = 'Problems',
}: {
  errors: readonly BulkRowError[];
  label?: string;
}) {
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Line</TableCell>
            <TableCell>Column</TableCell>
            <TableCell>Problem</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {errors.map((error, index) => (
            <TableRow key={`${error.line}-${index}`}>
              <TableCell>{error.line}</TableCell>
              <TableCell>{error.field ?? ''}</TableCell>
              <TableCell>{error.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

const templateSchema = z.object({ columns: z.array(z.string()), csv: z.string() });

/** The engine's bulk endpoints of a resource path (apps/api/src/platform/resources/bulk.ts). */
export function engineBulk(path: string, kind: 'create' | 'update' | 'delete') {
  return {
    send: {
      method: kind === 'update' ? ('patch' as const) : ('post' as const),
      path: kind === 'delete' ? `${path}/bulk/delete` : `${path}/bulk`,
    },
    template: { path: `${path}/bulk/template`, kind },
  };
}

export interface BulkCsvPageProps {
  title: string;
  /** What follows "Columns: ...": the page's help, its last sentence says it is all or nothing. */
  help: string;
  /** Where `{ csv, dry_run }` (and `body`) goes; POST unless `method` says PATCH. */
  send: { path: string; method?: 'post' | 'patch' };
  /** More fields of the request body (a reason chosen on the page). */
  body?: Record<string, unknown>;
  /** The columns, known here or read from a template endpoint (`GET path?kind=`). */
  columns: readonly string[] | { path: string; kind: string };
  /** The CSV box's example (default: the template's header line). */
  placeholder?: string;
  /** The file name of a "Download template" button (none without it). */
  templateFile?: string;
  /** The send button's label (Upload, Update, Delete). */
  action: string;
  danger?: boolean;
  /** The toast of a refused file without a message of its own. */
  failed: string;
  onSaved?: () => unknown;
  /** False while something else the page asks for is missing. */
  ready?: boolean;
  /** Shown under the title (tabs between files). */
  header?: ReactNode;
  /** Shown under the help (a field the whole file shares). */
  fields?: ReactNode;
  /** Shown after the send button (a link back to the list). */
  links?: ReactNode;
  maxWidth?: number;
}

/**
 * A bulk CSV page: a file (chosen or pasted) is checked first (dry run) or sent; nothing is saved
 * unless every line is right, and the problems are listed by line and column. A bar runs while a
 * (large) file is on its way.
 */
export function BulkCsvPage(props: BulkCsvPageProps) {
  const { send: endpoint, columns } = props;
  const [csv, setCsv] = useState('');
  const [errors, setErrors] = useState<BulkRowError[]>([]);
  const fromServer = 'kind' in columns ? columns : null;
  const template = useQuery({
    queryKey: ['bulk-template', fromServer?.path, fromServer?.kind],
    enabled: fromServer !== null,
    queryFn: async () =>
      fromServer
        ? (await api.get(fromServer.path, templateSchema, { query: { kind: fromServer.kind } }))
            .data
        : null,
  });
  const known = 'kind' in columns ? template.data : { columns, csv: `${columns.join(',')}\n` };
  const send = useMutation({
    mutationFn: (dryRun: boolean) => {
      const body = { csv, dry_run: dryRun, ...props.body };
      return endpoint.method === 'patch'
        ? api.patch(endpoint.path, body, bulkResultSchema)
        : api.post(endpoint.path, body, bulkResultSchema);
    },
    onMutate: () => setErrors([]),
    onSuccess: async (reply) => {
      notify.success(reply.message);
      await props.onSaved?.();
    },
    onError: (error) => {
      setErrors(bulkRowErrorsOf(error));
      notify.danger(failureMessage(error, props.failed));
    },
  });
  const readFile = async (file: File | undefined) => {
    if (file) setCsv(await file.text());
  };
  const ready = csv.trim() !== '' && props.ready !== false && !send.isPending;
  const { templateFile } = props;
  return (
    <Stack spacing={2} sx={{ maxWidth: props.maxWidth ?? 900, minWidth: 0 }}>
      <Typography variant="h5" component="h1">
        {props.title}
      </Typography>
      {props.header}
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        Columns: {known?.columns.join(', ') ?? '...'}. {props.help}
      </Typography>
      {props.fields}
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
        {templateFile && (
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={!known}
            onClick={() =>
              known && saveFile(new Blob([known.csv], { type: 'text/csv' }), templateFile)
            }
          >
            Download template
          </Button>
        )}
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
        placeholder={props.placeholder ?? known?.csv}
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      <Stack direction="row" spacing={1}>
        <Button disabled={!ready} onClick={() => send.mutate(true)}>
          Check
        </Button>
        <Button
          variant="contained"
          color={props.danger ? 'error' : 'primary'}
          disabled={!ready}
          onClick={() => send.mutate(false)}
        >
          {props.action}
        </Button>
        {props.links}
      </Stack>
      {send.isPending && <LinearProgress aria-label="Sending the file" />}
      {send.isSuccess && <Alert severity="success">{send.data.message}</Alert>}
      {errors.length > 0 && <BulkProblems errors={errors} />}
    </Stack>
  );
}
