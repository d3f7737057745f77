import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

/** One comment as both the staff and the public page show it. */
export interface ShownComment {
  id: number;
  body: string;
  author_name: string;
  from_supplier: boolean;
  created_at: string;
}

/**
 * A discrepancy's comments, oldest first, with a box to add one (absent once the discrepancy is
 * closed: `closedNote` says so instead).
 */
export function CommentThread(props: {
  comments: readonly ShownComment[];
  onAdd?: (body: string) => Promise<unknown>;
  busy: boolean;
  error: string | null;
  closedNote: string;
}) {
  const [body, setBody] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const submit = async () => {
    if (!props.onAdd || !body.trim()) return;
    setRefused(null);
    try {
      await props.onAdd(body.trim());
      setBody('');
    } catch (error) {
      setRefused(error instanceof Error ? error.message : 'Comment not added');
    }
  };
  return (
    <Stack spacing={1.5}>
      <Typography variant="h6" component="h2">
        Comments
      </Typography>
      {props.comments.length === 0 && (
        <Typography color="text.secondary">No comments yet.</Typography>
      )}
      {props.comments.map((comment) => (
        <Paper key={comment.id} variant="outlined" sx={{ p: 1.5 }}>
          <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
            <Typography variant="subtitle2">{comment.author_name}</Typography>
            {comment.from_supplier && <Chip size="small" label="Supplier" color="secondary" />}
            <Typography variant="caption" color="text.secondary">
              {new Date(comment.created_at).toLocaleString()}
            </Typography>
          </Stack>
          <Typography sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>{comment.body}</Typography>
        </Paper>
      ))}
      {(props.error ?? refused) && <Alert severity="error">{props.error ?? refused}</Alert>}
      {props.onAdd ? (
        <Stack spacing={1} sx={{ maxWidth: 640 }}>
          <TextField
            label="Comment"
            value={body}
            onChange={(event) => setBody(event.target.value)}
            multiline
            minRows={3}
          />
          <Stack direction="row">
            <Button
              variant="contained"
              disabled={props.busy || !body.trim()}
              onClick={() => void submit()}
            >
              Add comment
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Alert severity="info">{props.closedNote}</Alert>
      )}
    </Stack>
  );
}
