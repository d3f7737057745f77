import Alert from '@mui/material/Alert';
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
import { storeEmployeeStatusLabels, type StoreEmployeeStatus } from '@portal/contract/hr-dashboard';
import { formatInZone } from '@portal/contract/hr';
import { storageKeys } from '@portal/contract/storage-keys';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { readStored } from '../../../platform/storage.ts';
import { LiveChip, softChip } from '../timeoff/timeoff-ui.tsx';
import { dashboardApi, dashboardKeys } from './dashboard-api.ts';
import { useLiveEvents } from '../live-events.ts';

const statusPalettes: Record<StoreEmployeeStatus, Parameters<typeof softChip>[0]> = {
  clocked_in: 'success',
  on_break: 'info',
  late: 'warning',
  absent: 'error',
  scheduled: 'grey',
  clocked_out: 'grey',
  time_off: 'secondary',
};

/** Statuses shown as counters at the top, in this order. */
const counted: StoreEmployeeStatus[] = ['clocked_in', 'on_break', 'late', 'absent', 'scheduled'];

/**
 * /hr/dashboard/store_employees: for a chosen store, who is clocked in, on a break, late or absent
 * now against today's schedule. Clock changes arrive live; the view also refreshes every minute so
 * a shift that starts turns into "late" without a punch.
 */
export function StoreEmployeesPage() {
  const queryClient = useQueryClient();
  const [storeId, setStoreId] = useState<number | null>(() => {
    const stored = Number(readStored(storageKeys.storeId));
    return Number.isInteger(stored) && stored > 0 ? stored : null;
  });
  const stores = useQuery({
    queryKey: dashboardKeys.stores,
    queryFn: ({ signal }) => dashboardApi.stores(signal).then((reply) => reply.data.results),
  });
  const chosen = storeId ?? stores.data?.[0]?.id ?? null;
  const view = useQuery({
    queryKey: dashboardKeys.store(chosen ?? 0),
    queryFn: ({ signal }) =>
      dashboardApi.storeView(chosen ?? 0, signal).then((reply) => reply.data),
    enabled: chosen !== null,
    refetchInterval: 60_000,
  });
  useLiveEvents((event) => {
    if (
      event.type === 'ready' ||
      (event.type === 'clock.changed' && event.data.store_id === chosen)
    )
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.store(chosen ?? 0) });
  });

  const zone = view.data?.store.time_zone ?? 'UTC';
  const time = (iso: string | null) => (iso ? formatInZone(iso, zone).slice(11, 16) : '');

  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          Store Employees
        </Typography>
        <LiveChip />
      </Stack>
      <TextField
        select
        label="Store"
        value={chosen ? String(chosen) : ''}
        onChange={(event) => setStoreId(Number(event.target.value))}
        sx={{ maxWidth: 320 }}
      >
        {(stores.data ?? []).map((store) => (
          <MenuItem key={store.id} value={String(store.id)}>
            {store.name}
          </MenuItem>
        ))}
      </TextField>
      {view.isError && <Alert severity="error">{view.error.message}</Alert>}
      {view.data && (
        <>
          <Typography color="text.secondary">
            {view.data.store.name}, {view.data.date} · {time(view.data.now)} ({zone})
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} aria-label="Counts">
            {counted.map((status) => (
              <Chip
                key={status}
                sx={softChip(statusPalettes[status])}
                label={`${storeEmployeeStatusLabels[status]}: ${view.data.counts[status] ?? 0}`}
              />
            ))}
          </Stack>
          {view.data.employees.length === 0 ? (
            <Typography>Nobody is scheduled or clocked in at this store today.</Typography>
          ) : (
            <Table size="small" aria-label="Store employees">
              <TableHead>
                <TableRow>
                  <TableCell>Employee</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Shift</TableCell>
                  <TableCell>Clock in</TableCell>
                  <TableCell>Clock out</TableCell>
                  <TableCell>Notes</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {view.data.employees.map((row) => (
                  <TableRow key={row.user_id} data-testid={`store-employee-${row.user_id}`}>
                    <TableCell>{row.name}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        sx={softChip(statusPalettes[row.status])}
                        label={storeEmployeeStatusLabels[row.status]}
                      />
                    </TableCell>
                    <TableCell>
                      {row.shift_start ? `${time(row.shift_start)} – ${time(row.shift_end)}` : ''}
                    </TableCell>
                    <TableCell>{time(row.clock_in)}</TableCell>
                    <TableCell>{time(row.clock_out)}</TableCell>
                    <TableCell>
                      {[
                        row.late_minutes > 0 ? `${row.late_minutes} min late` : '',
                        row.break_name ? `${row.break_name} since ${time(row.break_start)}` : '',
                        row.time_off_type ?? '',
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </>
      )}
    </Stack>
  );
}
