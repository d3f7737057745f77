import DeleteIcon from '@mui/icons-material/Delete';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { companyAssets } from '@portal/contract/resources/company';
import { uploadFolders } from '@portal/contract/uploads';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import type { DataColumn } from '../../platform/data-table/table-types.ts';
import { failureMessage, successMessage } from '../../platform/resources/outcome.ts';
import { createRow, deleteRow, type ResourceRow } from '../../platform/resources/resource-api.ts';
import {
  CLIENT_FETCH_SIZE,
  useInvalidateResource,
  useResourceList,
} from '../../platform/resources/use-resource.ts';
import { notify } from '../../platform/toasts.ts';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { ConfirmDialog } from '../../platform/ui/ConfirmDialog.tsx';
import { FormStack } from '../../platform/ui/form.tsx';
import { FormSection } from '../../platform/ui/settings-form.tsx';
import { acceptOf, UploadRefused, uploadSigned } from '../../platform/uploads.ts';
import { hasPermission } from '../auth/session.ts';

const TITLE = 'Company Documents';
/** SPEC.md section 7: POST /companies/documents/upload (file_type, file_name) returns a signedUrl. */
const SIGN_PATH = '/companies/documents/upload';
const FOLDER = 'company-documents';
const { messages } = companyAssets;
const MAX_MB = Math.round(uploadFolders[FOLDER].maxBytes / 1024 / 1024);

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * /company-documents: the company's documents. A file is uploaded to a signed URL, then kept as a
 * company asset of kind document (POST /company-assets with its address); listed with a link to
 * open it, and removable.
 */
export function CompanyDocumentsPage() {
  if (!hasPermission('read_company_assets')) return <AccessDenied />;
  return <Documents />;
}

function Documents() {
  const canWrite = hasPermission('write_company_assets');
  const documents = useResourceList(companyAssets, {
    page: 0,
    perPage: CLIENT_FETCH_SIZE,
    sort: '-created_at',
    filter: { kind: 'document' },
  });
  const invalidate = useInvalidateResource(companyAssets);
  const [removing, setRemoving] = useState<ResourceRow | null>(null);
  const remove = useMutation({
    mutationFn: (row: ResourceRow) => deleteRow(companyAssets, row.id),
    onSuccess: (reply) => notify.success(successMessage(reply, messages.deleted)),
    onError: (error) => notify.danger(failureMessage(error, messages.notDeleted)),
    onSettled: () => invalidate(),
  });

  const columns: DataColumn<ResourceRow>[] = [
    {
      id: 'name',
      header: 'Name',
      value: (row) => text(row.name),
      cell: (row) => (
        <Link href={text(row.url)} target="_blank" rel="noopener noreferrer">
          {text(row.name)}
        </Link>
      ),
    },
    {
      id: 'created_at',
      header: 'Uploaded',
      value: (row) => text(row.created_at),
      cell: (row) => new Date(text(row.created_at)).toLocaleString(),
      filter: false,
    },
  ];

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Typography variant="h5" component="h1">
        {TITLE}
      </Typography>
      {canWrite && (
        <FormSection title="Upload a document">
          <UploadForm onUploaded={invalidate} />
        </FormSection>
      )}
      <DataTable
        label={TITLE}
        reportName={TITLE}
        columns={columns}
        rows={documents.data?.results ?? []}
        getRowId={(row) => String(row.id)}
        loading={documents.isFetching}
        emptyMessage="No documents yet"
        rowActions={
          canWrite
            ? (row) => (
                <Button
                  size="small"
                  color="error"
                  startIcon={<DeleteIcon />}
                  aria-label={`Delete ${text(row.name)}`}
                  onClick={() => setRemoving(row)}
                >
                  Delete
                </Button>
              )
            : undefined
        }
      />
      <ConfirmDialog
        open={removing !== null}
        message={`Delete the document ${text(removing?.name)}?`}
        okLabel="Yes"
        cancelLabel="No"
        onAnswer={(answer) => {
          if (answer === 'Yes' && removing) remove.mutate(removing);
          setRemoving(null);
        }}
      />
    </Box>
  );
}

/** Sign, PUT the bytes, then keep the file as a company asset: three calls, one toast. */
function UploadForm({ onUploaded }: { onUploaded: () => Promise<void> }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  // The name follows the chosen file until the user types one of their own.
  const [typedName, setTypedName] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: async ({ chosen, title }: { chosen: File; title: string }) => {
      const url = await uploadSigned(SIGN_PATH, FOLDER, chosen, messages.notCreated);
      return createRow(companyAssets, { name: title, kind: 'document', url });
    },
    onSuccess: (reply) => {
      notify.success(successMessage(reply, messages.created));
      setFile(null);
      setName('');
      setTypedName(false);
      if (input.current) input.current.value = '';
    },
    onError: (failure) =>
      notify.danger(
        failure instanceof UploadRefused
          ? failure.message
          : failureMessage(failure, messages.notCreated),
      ),
    onSettled: () => onUploaded(),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) {
      setError('Choose a file to upload');
      return;
    }
    const title = name.trim() || file.name;
    setError(null);
    upload.mutate({ chosen: file, title });
  };

  return (
    <FormStack onSubmit={submit}>
      <Typography color="text.secondary">
        PDF, Word, Excel, CSV, text or an image, up to {MAX_MB}MB.
      </Typography>
      <Box>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
          Choose file
          <input
            ref={input}
            type="file"
            hidden
            accept={acceptOf(FOLDER)}
            aria-label="Document file"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              setError(null);
              if (chosen && !typedName) setName(chosen.name.replace(/\.[^.]+$/, ''));
            }}
          />
        </Button>
        <Typography component="span" sx={{ ml: 2 }} color={error ? 'error' : 'text.secondary'}>
          {error ?? file?.name ?? 'No file chosen'}
        </Typography>
      </Box>
      <TextField
        label="Document name"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setTypedName(event.target.value.trim() !== '');
        }}
        slotProps={{ htmlInput: { maxLength: 120 } }}
        fullWidth
      />
      <Box>
        <Button type="submit" variant="contained" loading={upload.isPending}>
          Upload
        </Button>
      </Box>
    </FormStack>
  );
}
