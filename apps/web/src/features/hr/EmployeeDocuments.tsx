import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { employeeDocumentResource, recordMessages } from '@portal/contract/hr-records';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { ResourcePanel } from '../../platform/resources/ResourcePanel.tsx';
import { createRow, type AnyResource } from '../../platform/resources/resource-api.ts';
import { defineResourceUi, type ResourceEnv } from '../../platform/resources/ui.ts';
import { notify } from '../../platform/toasts.ts';
import { uploadSignedFile } from '../../platform/uploads.ts';
import { hasPermission } from '../auth/session.ts';
import { failureOf } from './records-api.ts';

const env: ResourceEnv = { can: hasPermission };

const sizeOf = (bytes: unknown) =>
  typeof bytes !== 'number'
    ? ''
    : bytes < 1024
      ? `${bytes} B`
      : bytes < 1024 * 1024
        ? `${Math.round(bytes / 1024)} KB`
        : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Documents on the employee's record: the engine's panel of the parent-scoped
 * `/employees/:id/documents` (the list, with download links, and Delete), with its own add form:
 * the file goes to a signed URL first (uploadSignedFile), then it is attached by its key.
 */
export function EmployeeDocuments({ userId }: { userId: number }) {
  const ui = useMemo(
    () =>
      defineResourceUi({
        resource: employeeDocumentResource,
        paths: { list: `/employees/edit/${userId}` },
        mode: 'client',
        emptyMessage: 'No documents yet.',
        columns: [
          {
            field: 'title',
            header: 'Title',
            cell: (row) => (
              <Link href={text(row.fileUrl)} target="_blank" rel="noopener noreferrer" download>
                {text(row.title)}
              </Link>
            ),
          },
          { field: 'size', header: 'Size', value: (row) => sizeOf(row.size) },
          { field: 'uploaded_by_name', header: 'Uploaded by' },
          { field: 'created_at', header: 'Uploaded', kind: 'date' },
        ],
        fields: [],
      }),
    [userId],
  );
  return (
    <ResourcePanel
      ui={ui}
      env={env}
      parentId={userId}
      renderAdd={(resource, refresh) => (
        <UploadForm userId={userId} resource={resource} refresh={refresh} />
      )}
    />
  );
}

function UploadForm({
  userId,
  resource,
  refresh,
}: {
  userId: number;
  resource: AnyResource;
  refresh: () => Promise<void>;
}) {
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: async (chosen: File) => {
      const signed = await uploadSignedFile(
        `/employees/${userId}/documents/sign`,
        'company-documents',
        chosen,
        recordMessages.documentNotAdded,
      );
      return createRow(resource, { title: title.trim(), key: signed.key });
    },
    onSuccess: (reply) => {
      notify.success(reply.message);
      setTitle('');
      setFile(null);
      if (input.current) input.current.value = '';
      void refresh();
    },
    onError: (failure) => notify.danger(failureOf(failure, recordMessages.documentNotAdded)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return setError('Give the document a title');
    if (!file) return setError('Choose a file');
    setError(null);
    upload.mutate(file);
  };
  return (
    <Stack spacing={2}>
      <Stack
        component="form"
        onSubmit={submit}
        noValidate
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        alignItems={{ md: 'center' }}
        aria-label="Upload a document"
      >
        <TextField
          label="Document title"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 120 } }}
          required
        />
        <Button component="label" variant="outlined">
          {file ? file.name : 'Choose file'}
          <input
            ref={input}
            hidden
            type="file"
            aria-label="Document file"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </Button>
        <div>
          <Button type="submit" variant="contained" loading={upload.isPending}>
            Upload
          </Button>
        </div>
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}
