import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TicketComment } from '@portal/contract/resources/tickets';
import { useState } from 'react';

const when = (value: string) =>
  new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A ticket's comments, oldest first, and a box to add one (staff's view and the public ticket
 * view share it); `onAdd` is left out when comments are closed.
 */
export function CommentThread({
  comments,
  onAdd,
  busy,
  error,
  closedNote,
}: {
  comments: readonly Pick<
    TicketComment,
    'id' | 'author_name' | 'body' | 'created_at' | 'from_public_link'
  >[];
  onAdd?: (body: string) => Promise<unknown>;
  busy?: boolean;
  error?: string | null;
  closedNote?: string;
}) {
  const [body, setBody] = useState('');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Comments
      </Typography>
      {comments.length === 0 && <Typography color="text.secondary">No comments yet.</Typography>}
      <List dense aria-label="Comments">
        {comments.map((item) => (
          <ListItem key={item.id} disableGutters alignItems="flex-start">
            <ListItemText
              primary={item.body}
              secondary={`${item.author_name}${item.from_public_link ? ' (public link)' : ''} · ${when(item.created_at)}`}
              slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap' } } }}
            />
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
            if (body.trim()) void onAdd(body.trim()).then(() => setBody(''));
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
          <div>
            <Button type="submit" variant="contained" loading={busy} disabled={!body.trim()}>
              Comment
            </Button>
          </div>
        </Stack>
      ) : (
        closedNote && <Typography color="text.secondary">{closedNote}</Typography>
      )}
    </Paper>
  );
}
