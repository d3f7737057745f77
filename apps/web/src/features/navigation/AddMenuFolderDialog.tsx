import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';

/** The Add New Menu Folder dialog (SPEC.md section 2): Menu Name, Cancel and Add. */
export function AddMenuFolderDialog({
  saving,
  onCancel,
  onAdd,
}: {
  saving: boolean;
  onCancel: () => void;
  onAdd: (name: string) => void;
}) {
  const titleId = useId();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = name.trim() === '';
  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!missing) onAdd(name.trim());
        }}
      >
        <DialogTitle id={titleId}>Add New Menu Folder</DialogTitle>
        <DialogContent>
          <TextField
            label="Menu Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            autoFocus
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: { maxLength: 120 } }}
            error={touched && missing}
            helperText={touched && missing ? 'Name is required' : undefined}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained" loading={saving}>
            Add
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
