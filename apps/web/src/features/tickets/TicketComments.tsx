import AttachFileIcon from '@mui/icons-material/AttachFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TicketComment } from '@portal/contract/resources/tickets';
import { useState } from 'react';
import { acceptOf } from '../../platform/uploads.ts';
import { FileButton } from '../../platform/ui/FileButton.tsx';
import type { CommentFile } from './tickets-api.ts';

const when = (value: string) =>
  new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Where a comment sits on the page: the ticket's file list links a comment's files to it. */
export const commentAnchor = (id: number) => `ticket-comment-${id}`;

/**
 * A ticket's comments, oldest first, each with the files that came with it, and a box to add one
 * (staff's view and the public ticket view share it); `onAdd` is left out when comments are
 * closed, `onUpload` when the writer may not add files (a visitor).
 */
export function CommentThread({
  comments,
  onAdd,
  onUpload,
  busy,
  error,
  closedNote,
}: {
  comments: readonly Pick<
    TicketComment,
    'id' | 'author_name' | 'body' | 'created_at' | 'from_public_link' | 'attachments'
  >[];
  onAdd?: (body: string, files: CommentFile[]) => Promise<unknown>;
  onUpload?: (file: File) => Promise<CommentFile>;
  busy?: boolean;
  error?: string | null;
  closedNote?: string;
}) {
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<CommentFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const upload = (chosen: File) => {
    if (!onUpload) return;
    setUploading(true);
    setUploadError(null);
    onUpload(chosen)
      .then((file) => setFiles((list) => [...list, file]))
      .catch((failure: unknown) =>
        setUploadError(
          failure instanceof Error ? failure.message : 'The file could not be uploaded',
        ),
      )
      .finally(() => setUploading(false));
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Comments
      </Typography>
      {comments.length === 0 && <Typography color="text.secondary">No comments yet.</Typography>}
      <List dense aria-label="Comments">
        {comments.map((item) => (
          <ListItem
            key={item.id}
            id={commentAnchor(item.id)}
            disableGutters
            sx={{ flexDirection: 'column', alignItems: 'stretch' }}
          >
            <ListItemText
              primary={item.body}
              secondary={`${item.author_name}${item.from_public_link ? ' (public link)' : ''} · ${when(item.created_at)}`}
              slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } }}
            />
            {item.attachments.length > 0 && (
              <Stack
                component="ul"
                aria-label={`Attached to ${item.author_name}’s comment`}
                direction="row"
                useFlexGap
                sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
              >
                {item.attachments.map((file) => (
                  <Box component="li" key={file.id} sx={{ minWidth: 0, maxWidth: '100%' }}>
                    <Link
                      href={file.file_url}
                      target="_blank"
                      rel="noopener noreferrer"
                      sx={{
                        display: 'inline-flex',
                        alignItems: 'center',
                        gap: 0.5,
                        overflowWrap: 'anywhere',
                      }}
                    >
                      <AttachFileIcon fontSize="small" aria-hidden />
                      {file.file_name}
                    </Link>
                  </Box>
                ))}
              </Stack>
            )}
          </ListItem>
        ))}
      </List>
      {onAdd ? (
        <Stack
          component="form"
          spacing={1}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (body.trim())
              void onAdd(body.trim(), files).then(() => {
                setBody('');
                setFiles([]);
              });
          }}
        >
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            label="Add a comment"
            multiline
            minRows={2}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            fullWidth
          />
          {files.length > 0 && (
            <Stack
              direction="row"
              useFlexGap
              aria-label="Files for the comment"
              sx={{ flexWrap: 'wrap', gap: 1 }}
            >
              {files.map((file) => (
                <Chip
                  key={file.key}
                  icon={<AttachFileIcon />}
                  label={file.file_name}
                  onDelete={() => setFiles((list) => list.filter((f) => f.key !== file.key))}
                  sx={{ maxWidth: '100%' }}
                />
              ))}
            </Stack>
          )}
          {uploadError && <Alert severity="error">{uploadError}</Alert>}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              type="submit"
              variant="contained"
              loading={busy}
              disabled={!body.trim() || uploading}
            >
              Comment
            </Button>
            {onUpload && (
              <FileButton
                label="Add a file"
                accept={acceptOf('ticket-attachments')}
                inputLabel="File for the comment"
                onFile={upload}
                loading={uploading}
                startIcon={<AttachFileIcon />}
              />
            )}
          </Stack>
        </Stack>
      ) : (
        closedNote && <Typography color="text.secondary">{closedNote}</Typography>
      )}
    </Paper>
  );
}
