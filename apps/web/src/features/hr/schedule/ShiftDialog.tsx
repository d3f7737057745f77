import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { scheduleMessages } from '@portal/contract/hr-schedules';
import { useId, useState } from 'react';
import type { GridShift } from './grid-model.ts';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Change a shift's times, role and notes, or delete it (a saved shift is deleted at once). */
export function ShiftDialog({
  shift,
  employeeName,
  roles,
  canWrite,
  onClose,
  onApply,
  onDelete,
}: {
  shift: GridShift;
  employeeName: string;
  roles: readonly { id: number; name: string; is_active: boolean }[];
  canWrite: boolean;
  onClose: () => void;
  onApply: (shift: GridShift) => void;
  onDelete: (shift: GridShift) => void;
}) {
  const titleId = useId();
  const [start, setStart] = useState(shift.start_time);
  const [end, setEnd] = useState(shift.end_time);
  const [role, setRole] = useState<number | ''>(shift.department_role_id ?? '');
  const [notes, setNotes] = useState(shift.notes ?? '');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const endError = !TIME.test(end)
    ? 'Use a 24-hour time like 17:00'
    : end === start
      ? scheduleMessages.endEqualsStart
      : null;
  const startError = TIME.test(start) ? null : 'Use a 24-hour time like 09:00';
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>
        {employeeName}, {shift.date}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Starts at"
            type="time"
            value={start}
            onChange={(e) => setStart(e.target.value)}
            error={Boolean(startError)}
            helperText={startError ?? ' '}
            disabled={!canWrite}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="Ends at"
            type="time"
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            error={Boolean(endError)}
            helperText={
              endError ?? (end < start ? 'Ends the next day' : 'At or before the start: next day')
            }
            disabled={!canWrite}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            select
            label="Department role"
            value={role}
            onChange={(e) => setRole(e.target.value === '' ? '' : Number(e.target.value))}
            disabled={!canWrite}
          >
            <MenuItem value="">No role</MenuItem>
            {roles
              .filter((r) => r.is_active || r.id === shift.department_role_id)
              .map((r) => (
                <MenuItem key={r.id} value={r.id}>
                  {r.name}
                </MenuItem>
              ))}
          </TextField>
          <TextField
            label="Notes"
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            disabled={!canWrite}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        {canWrite &&
          (confirmDelete ? (
            <Button color="error" variant="contained" onClick={() => onDelete(shift)}>
              Yes, delete
            </Button>
          ) : (
            <Button color="error" onClick={() => setConfirmDelete(true)}>
              Delete shift
            </Button>
          ))}
        <Button onClick={onClose}>Cancel</Button>
        {canWrite && (
          <Button
            variant="contained"
            disabled={Boolean(startError || endError)}
            onClick={() =>
              onApply({
                ...shift,
                start_time: start,
                end_time: end,
                department_role_id: role === '' ? null : role,
                notes: notes.trim() || null,
              })
            }
          >
            Apply
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
