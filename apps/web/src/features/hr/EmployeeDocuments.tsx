import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { recordMessages, type EmployeeDocument } from '@portal/contract/hr-records';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { notify } from '../../platform/toasts.ts';
import { ConfirmDialog } from '../../platform/ui/ConfirmDialog.tsx';
import { hasPermission } from '../auth/session.ts';
import { failureOf, recordKeys, recordsApi } from './records-api.ts';

const sizeOf = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${Math.round(bytes / 1024)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Documents on the employee's record: upload (signed URL), list with download, delete. */
export function EmployeeDocuments({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const canWrite = hasPermission('write_employees');
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<EmployeeDocument | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const documents = useQuery({
    queryKey: recordKeys.documents(userId),
    queryFn: ({ signal }) => recordsApi.documents(userId, signal).then((r) => r.data.results),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: recordKeys.documents(userId) });
  const upload = useMutation({
    mutationFn: (chosen: File) => recordsApi.addDocument(userId, title.trim(), chosen),
    onSuccess: (reply) => {
      notify.success(reply.message);
      setTitle('');
      setFile(null);
      if (input.current) input.current.value = '';
      void refresh();
    },
    onError: (failure) => notify.danger(failureOf(failure, recordMessages.documentNotAdded)),
  });
  const remove = useMutation({
    mutationFn: (id: number) => recordsApi.deleteDocument(userId, id),
    onSuccess: (reply) => {
      notify.success(reply.message);
      void refresh();
    },
    onError: (failure) => notify.danger(failureOf(failure, recordMessages.documentNotDeleted)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return setError('Give the document a title');
    if (!file) return setError('Choose a file');
    setError(null);
    upload.mutate(file);
  };
  const rows = documents.data ?? [];
  return (
    <Stack spacing={2}>
      {canWrite && (
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
      )}
      {error && <Alert severity="error">{error}</Alert>}
      {documents.isError && (
        <Alert severity="error">{failureOf(documents.error, 'Bad Request')}</Alert>
      )}
      {documents.isSuccess && rows.length === 0 && (
        <Typography color="text.secondary">No documents yet.</Typography>
      )}
      {rows.length > 0 && (
        <Table size="small" aria-label="Documents">
          <TableHead>
            <TableRow>
              <TableCell>Title</TableCell>
              <TableCell>Size</TableCell>
              <TableCell>Uploaded by</TableCell>
              <TableCell>Uploaded</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((document) => (
              <TableRow key={document.id}>
                <TableCell>
                  <Link href={document.fileUrl} target="_blank" rel="noopener noreferrer" download>
                    {document.title}
                  </Link>
                </TableCell>
                <TableCell>{sizeOf(document.size)}</TableCell>
                <TableCell>{document.uploaded_by_name}</TableCell>
                <TableCell>{new Date(document.created_at).toLocaleDateString()}</TableCell>
                <TableCell align="right">
                  {canWrite && (
                    <Button
                      color="error"
                      size="small"
                      onClick={() => setDeleting(document)}
                      aria-label={`Delete ${document.title}`}
                    >
                      Delete
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <ConfirmDialog
        open={deleting !== null}
        message={`Delete ${deleting?.title ?? 'this document'}?`}
        okLabel="Delete"
        cancelLabel="Cancel"
        onAnswer={(answer) => {
          if (answer === 'Yes' && deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
      />
    </Stack>
  );
}
