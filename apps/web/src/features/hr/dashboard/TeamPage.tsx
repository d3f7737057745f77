import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { clockStatus } from '@portal/contract/hr';
import type { TeamMember } from '@portal/contract/hr-dashboard';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataTable } from '../../../platform/data-table/DataTable.tsx';
import { hasPermission } from '../../auth/session.ts';
import type { DataColumn } from '../../../platform/data-table/table-types.ts';
import { LiveChip, softChip } from '../timeoff/timeoff-ui.tsx';
import { useLiveTimeoff } from '../timeoff/TimeoffPage.tsx';
import { dashboardApi, dashboardKeys } from './dashboard-api.ts';
import { useLiveEvents } from '../live-events.ts';

export const clockLabel = (status: number) =>
  status === clockStatus.onBreak
    ? 'On break'
    : status === clockStatus.clockedIn
      ? 'Clocked in'
      : 'Not clocked in';

const columns: DataColumn<TeamMember>[] = [
  { id: 'name', header: 'Name', value: (row) => row.name },
  { id: 'email', header: 'Email', value: (row) => row.email },
  { id: 'store', header: 'Store', value: (row) => row.store_name },
  {
    id: 'clock',
    header: 'Clock',
    value: (row) =>
      `${clockLabel(row.clock_status)}${row.clocked_in_store ? ` (${row.clocked_in_store})` : ''}`,
    cell: (row) => (
      <Chip
        size="small"
        sx={softChip(row.clock_status === clockStatus.notClockedIn ? 'grey' : 'success')}
        label={`${clockLabel(row.clock_status)}${row.clocked_in_store ? ` · ${row.clocked_in_store}` : ''}`}
      />
    ),
  },
  {
    id: 'pending',
    header: 'Pending time off',
    value: (row) => row.pending_timeoff,
    align: 'right',
  },
];

/** /hr/team: the caller's reports (or everyone, for holders of read_employees) with actions. */
export function TeamPage() {
  const queryClient = useQueryClient();
  const [all, setAll] = useState(false);
  const scope = all ? 'all' : 'reports';
  useLiveTimeoff();
  useLiveEvents((event) => {
    if (event.type === 'clock.changed')
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.team(scope) });
  });
  const team = useQuery({
    queryKey: dashboardKeys.team(scope),
    queryFn: ({ signal }) => dashboardApi.team(scope, signal).then((reply) => reply.data.results),
  });
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1">
          Team
        </Typography>
        <LiveChip />
      </Stack>
      {hasPermission('read_employees') && (
        <FormControlLabel
          control={<Switch checked={all} onChange={(event) => setAll(event.target.checked)} />}
          label="Every employee of the company"
        />
      )}
      <DataTable
        columns={columns}
        rows={team.data ?? []}
        getRowId={(row) => String(row.user_id)}
        reportName="Team"
        loading={team.isPending}
        emptyMessage={all ? 'No employees' : 'Nobody reports to you'}
        rowActions={(row) => (
          <Button size="small" component={RouterLink} to={`/hr/team/action/${row.user_id}`}>
            Actions
          </Button>
        )}
      />
    </Stack>
  );
}
