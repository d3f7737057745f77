import DeleteIcon from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TicketAttachment } from '@portal/contract/resources/tickets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { acceptOf } from '../../platform/uploads.ts';
import { FileButton } from '../../platform/ui/FileButton.tsx';
import { commentAnchor } from './TicketComments.tsx';
import {
  attachFile,
  fetchAttachments,
  removeAttachment,
  ticketKeys,
  TICKETS_BASE,
} from './tickets-api.ts';

const sizeOf = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${Math.round(bytes / 1024)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const when = (value: string) =>
  new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A ticket's files (each a short-lived read link the API signed; a file that came with a comment
 * links to it) and, when `onAttach` is given, a button to attach one; the staff views and the
 * public ticket view share it.
 */
export function AttachmentList({
  files,
  onAttach,
  onRemove,
  busy,
  error,
}: {
  files: readonly TicketAttachment[];
  onAttach?: (file: File) => void;
  onRemove?: (file: TicketAttachment) => void;
  busy?: boolean;
  error?: string | null;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Files
      </Typography>
      {files.length === 0 && <Typography color="text.secondary">No files yet.</Typography>}
      <List dense aria-label="Files">
        {files.map((file) => (
          <ListItem
            key={file.id}
            disableGutters
            secondaryAction={
              onRemove && (
                <IconButton
                  edge="end"
                  aria-label={`Remove ${file.file_name}`}
                  onClick={() => onRemove(file)}
                >
                  <DeleteIcon />
                </IconButton>
              )
            }
          >
            <ListItemText
              primary={
                <Link href={file.file_url} target="_blank" rel="noopener noreferrer">
                  {file.file_name}
                </Link>
              }
              secondary={
                <>
                  {`${sizeOf(file.size)} · ${file.uploaded_by_name} · ${when(file.created_at)}`}
                  {file.comment_id !== null && (
                    <>
                      {' · '}
                      <Link href={`#${commentAnchor(file.comment_id)}`} color="inherit">
                        with {file.uploaded_by_name}’s comment
                      </Link>
                    </>
                  )}
                </>
              }
            />
          </ListItem>
        ))}
      </List>
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      {onAttach && (
        <FileButton
          label="Attach a file"
          accept={acceptOf('ticket-attachments')}
          inputLabel="File to attach"
          onFile={onAttach}
          loading={busy}
        />
      )}
    </Paper>
  );
}

/**
 * The files panel of a ticket for staff (the ticket center, or the external ticket center through
 * `base`): listed, attached and removed while the ticket is not closed.
 */
export function TicketAttachments({
  id,
  canWrite,
  base = TICKETS_BASE,
}: {
  id: number;
  canWrite: boolean;
  base?: string;
}) {
  const client = useQueryClient();
  const key = [...ticketKeys.attachments(id), base];
  const files = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchAttachments(id, signal, base),
  });
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const attach = useMutation({
    mutationFn: (file: File) => attachFile(id, file, base),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (file: TicketAttachment) => removeAttachment(id, file.id, base),
    onSuccess: refresh,
  });
  const failure = attach.error ?? remove.error;
  return (
    <AttachmentList
      files={files.data ?? []}
      onAttach={canWrite ? (file) => attach.mutate(file) : undefined}
      onRemove={canWrite ? (file) => remove.mutate(file) : undefined}
      busy={attach.isPending}
      error={failure?.message ?? null}
    />
  );
}
