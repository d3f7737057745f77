import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FieldErrors } from '@portal/contract/envelope';
import type { TimeoffType } from '@portal/contract/hr-timeoff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, notify } from '../dashboard-deps.ts';
import { timeoffApi, timeoffKeys } from './timeoff-api.ts';
import { formatHours } from './timeoff-ui.tsx';

interface Draft {
  name: string;
  is_paid: boolean;
  allowance: string;
  is_active: boolean;
}

function TypeDialog({
  type,
  onClose,
}: {
  /** null: a new type */
  type: TimeoffType | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>({
    name: type?.name ?? '',
    is_paid: type?.is_paid ?? true,
    allowance:
      type?.yearly_allowance_hours === null || type?.yearly_allowance_hours === undefined
        ? ''
        : String(type.yearly_allowance_hours),
    is_active: type?.is_active ?? true,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation({
    mutationFn: () => {
      const body = {
        name: draft.name.trim(),
        is_paid: draft.is_paid,
        yearly_allowance_hours: draft.allowance.trim() === '' ? null : Number(draft.allowance),
        is_active: draft.is_active,
      };
      return type ? timeoffApi.updateType(type.id, body) : timeoffApi.createType(body);
    },
    onSuccess: (reply) => {
      notify.success(reply.message);
      void queryClient.invalidateQueries({ queryKey: timeoffKeys.all });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(error.fieldErrors);
      notify.danger(error.message);
    },
  });
  const err = (field: string) => errors[field]?.[0];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{type ? `Edit ${type.name}` : 'Add a time off type'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Name"
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            error={Boolean(err('name'))}
            helperText={err('name') ?? ' '}
          />
          <TextField
            type="number"
            label="Yearly allowance (hours)"
            value={draft.allowance}
            onChange={(e) => setDraft({ ...draft, allowance: e.target.value })}
            error={Boolean(err('yearly_allowance_hours'))}
            helperText={err('yearly_allowance_hours') ?? 'Leave empty for no limit'}
            slotProps={{ htmlInput: { min: 0, step: 1 } }}
          />
          <FormControlLabel
            control={
              <Switch
                checked={draft.is_paid}
                onChange={(e) => setDraft({ ...draft, is_paid: e.target.checked })}
              />
            }
            label="Paid"
          />
          <FormControlLabel
            control={
              <Switch
                checked={draft.is_active}
                onChange={(e) => setDraft({ ...draft, is_active: e.target.checked })}
              />
            }
            label="Offered to employees"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={save.isPending || !draft.name.trim()}
          onClick={() => save.mutate()}
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The company's time off types, for HR approvers (write_hr_timeoff): add, edit, stop offering. */
export function TimeoffTypesCard() {
  const [editing, setEditing] = useState<TimeoffType | null | undefined>(undefined);
  const types = useQuery({
    queryKey: timeoffKeys.types,
    queryFn: ({ signal }) => timeoffApi.types(signal).then((reply) => reply.data.results),
  });
  return (
    <Card variant="outlined" component="section" aria-labelledby="timeoff-types">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id="timeoff-types" variant="h6" component="h2">
            Time off types
          </Typography>
          <Button onClick={() => setEditing(null)}>Add type</Button>
        </Stack>
        <Table size="small" aria-label="Time off types">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Paid</TableCell>
              <TableCell align="right">Yearly allowance</TableCell>
              <TableCell>Offered</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(types.data ?? []).map((type) => (
              <TableRow key={type.id}>
                <TableCell>{type.name}</TableCell>
                <TableCell>{type.is_paid ? 'Paid' : 'Unpaid'}</TableCell>
                <TableCell align="right">{formatHours(type.yearly_allowance_hours)}</TableCell>
                <TableCell>{type.is_active ? 'Yes' : 'No'}</TableCell>
                <TableCell>
                  <Button size="small" onClick={() => setEditing(type)}>
                    Edit
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {editing !== undefined && (
          <TypeDialog type={editing} onClose={() => setEditing(undefined)} />
        )}
      </CardContent>
    </Card>
  );
}
