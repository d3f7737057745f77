import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  recordMessages,
  storeAccessCreateSchema,
  type StoreAccess,
} from '@portal/contract/hr-records';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../platform/api.ts';
import { notify } from '../../platform/toasts.ts';
import { serverFieldMessages } from '../../platform/ui/contract-form.ts';
import { hasPermission } from '../auth/session.ts';
import { employeeKeys, employeesApi } from './employees-api.ts';
import { failureOf, recordKeys, recordsApi } from './records-api.ts';

const statusOf = (access: StoreAccess) => {
  if (access.active) return <Chip size="small" color="success" label="Active" />;
  const today = new Date().toISOString().slice(0, 10);
  return <Chip size="small" label={access.starts_on > today ? 'Upcoming' : 'Expired'} />;
};

/**
 * Clocking rights at another store for a date range: the store kiosk honours them while today is
 * inside the range, and they end by themselves.
 */
export function EmployeeStoreAccess({
  userId,
  ownStore,
}: {
  userId: number;
  ownStore: number | null;
}) {
  const queryClient = useQueryClient();
  const canWrite = hasPermission('write_employees');
  const today = new Date().toISOString().slice(0, 10);
  const [storeId, setStoreId] = useState<number | ''>('');
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const stores = useQuery({
    queryKey: employeeKeys.stores,
    queryFn: ({ signal }) => employeesApi.stores(signal).then((r) => r.data.results),
  });
  const grants = useQuery({
    queryKey: recordKeys.storeAccess(userId),
    queryFn: ({ signal }) => recordsApi.storeAccess(userId, signal).then((r) => r.data.results),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: recordKeys.storeAccess(userId) });
  const grant = useMutation({
    mutationFn: () =>
      recordsApi.grantStoreAccess(userId, {
        store_id: Number(storeId),
        starts_on: from,
        ends_on: to,
        note: note || null,
      }),
    onSuccess: (reply) => {
      notify.success(reply.message);
      setNote('');
      void refresh();
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(serverFieldMessages(error));
      notify.danger(failureOf(error, recordMessages.accessNotGranted));
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => recordsApi.removeStoreAccess(userId, id),
    onSuccess: (reply) => {
      notify.success(reply.message);
      void refresh();
    },
    onError: (error) => notify.danger(failureOf(error, recordMessages.accessNotRemoved)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = storeAccessCreateSchema.safeParse({
      store_id: storeId || undefined,
      starts_on: from,
      ends_on: to,
      note: note || null,
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        found[field] ??= field === 'store_id' ? 'Choose the store' : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    grant.mutate();
  };
  const rows = grants.data ?? [];
  return (
    <Stack spacing={2}>
      {canWrite && (
        <Stack
          component="form"
          onSubmit={submit}
          noValidate
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          aria-label="Grant store access"
        >
          <TextField
            select
            label="Store"
            value={storeId}
            onChange={(event) => setStoreId(Number(event.target.value))}
            error={Boolean(errors.store_id)}
            helperText={errors.store_id}
            sx={{ minWidth: 200 }}
            required
          >
            {(stores.data ?? [])
              .filter((store) => store.id !== ownStore)
              .map((store) => (
                <MenuItem key={store.id} value={store.id}>
                  {store.name}
                </MenuItem>
              ))}
          </TextField>
          <TextField
            label="From"
            type="date"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            error={Boolean(errors.starts_on)}
            helperText={errors.starts_on}
            slotProps={{ inputLabel: { shrink: true } }}
            required
          />
          <TextField
            label="To"
            type="date"
            value={to}
            onChange={(event) => setTo(event.target.value)}
            error={Boolean(errors.ends_on)}
            helperText={errors.ends_on}
            slotProps={{ inputLabel: { shrink: true } }}
            required
          />
          <TextField label="Note" value={note} onChange={(event) => setNote(event.target.value)} />
          <div>
            <Button type="submit" variant="contained" loading={grant.isPending}>
              Grant access
            </Button>
          </div>
        </Stack>
      )}
      {grants.isError && <Alert severity="error">{failureOf(grants.error, 'Bad Request')}</Alert>}
      {grants.isSuccess && rows.length === 0 && (
        <Typography color="text.secondary">No temporary store access.</Typography>
      )}
      {rows.length > 0 && (
        <Table size="small" aria-label="Store access">
          <TableHead>
            <TableRow>
              <TableCell>Store</TableCell>
              <TableCell>From</TableCell>
              <TableCell>To</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Note</TableCell>
              <TableCell>Granted by</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((access) => (
              <TableRow key={access.id}>
                <TableCell>{access.store_name}</TableCell>
                <TableCell>{access.starts_on}</TableCell>
                <TableCell>{access.ends_on}</TableCell>
                <TableCell>{statusOf(access)}</TableCell>
                <TableCell>{access.note ?? ''}</TableCell>
                <TableCell>{access.granted_by_name}</TableCell>
                <TableCell align="right">
                  {canWrite && (
                    <Button
                      color="error"
                      size="small"
                      onClick={() => remove.mutate(access.id)}
                      aria-label={`Remove access to ${access.store_name}`}
                    >
                      Remove
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
