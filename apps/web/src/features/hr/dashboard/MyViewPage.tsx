import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { AUTO_CLOCKOUT_PAGE_SIZE, formatInZone, hrMessages } from '@portal/contract/hr';
import { storageKeys } from '@portal/contract/storage-keys';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { autoClockedOutQuery } from '../clock-api.ts';
import { readStored } from '../../../platform/storage.ts';
import { BalanceCards, RequestsTable, useLiveTimeoff } from '../timeoff/TimeoffPage.tsx';
import { dashboardApi, dashboardKeys } from './dashboard-api.ts';
import { useLiveEvents } from '../live-events.ts';

const hours = (minutes: number) => `${Math.round((minutes / 60) * 100) / 100} h`;
const local = (iso: string, zone: string) => formatInZone(iso, zone).slice(0, 16);

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** My auto clocked-out timecards (the Auto Clocked Out dialog's data), five a page. */
function AutoClockedOut({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...autoClockedOutQuery(userId, page),
  });
  if (list.isPending) return <Typography>{hrMessages.autoClockoutLoading}</Typography>;
  if (list.isError) return <Typography color="error">{hrMessages.autoClockoutFailed}</Typography>;
  if (!list.data.results.length) return <Typography>{hrMessages.autoClockoutEmpty}</Typography>;
  const pages = Math.max(1, Math.ceil(list.data.total / AUTO_CLOCKOUT_PAGE_SIZE));
  return (
    <>
      <Table size="small" aria-label="Auto clocked-out records">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Store</TableCell>
            <TableCell>Clock in</TableCell>
            <TableCell>Auto clock-out</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.data.results.map((row) => (
            <TableRow key={row.timecard_id}>
              <TableCell>{row.date}</TableCell>
              <TableCell>{row.store_name}</TableCell>
              <TableCell>{row.clock_in}</TableCell>
              <TableCell>{row.clock_out}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {pages > 1 && (
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
          <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <Typography>
            {page} / {pages}
          </Typography>
          <Button disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </Stack>
      )}
    </>
  );
}

/** /hr/dashboard/my_view: my shifts, hours, requests and auto clocked-out records. */
export function MyViewPage() {
  const userId = Number(readStored(storageKeys.userId));
  const queryClient = useQueryClient();
  useLiveTimeoff();
  useLiveEvents((event) => {
    if (
      event.type.startsWith('timesheet.') ||
      (event.type === 'clock.changed' && event.data.user_id === userId)
    )
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.myView });
  });
  const view = useQuery({
    queryKey: dashboardKeys.myView,
    queryFn: ({ signal }) => dashboardApi.myView(signal).then((reply) => reply.data),
  });
  if (view.isError) return <Alert severity="error">Could not load your view</Alert>;
  if (!view.data) return <Typography sx={{ p: 2 }}>Loading...</Typography>;
  const v = view.data;
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 } }}>
      <Typography variant="h5" component="h1">
        My View
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
        }}
      >
        {(
          [
            ['This week', v.week],
            ['This pay period', v.pay_period],
          ] as const
        ).map(([label, figures]) => (
          <Card key={label} variant="outlined" aria-label={`My hours ${label.toLowerCase()}`}>
            <CardContent>
              <Typography variant="subtitle2" color="text.secondary">
                {label} ({figures.from} to {figures.to})
              </Typography>
              <Typography variant="h5" component="p">
                {hours(figures.worked_minutes)} worked
              </Typography>
              <Typography variant="body2">
                Regular {hours(figures.regular_minutes)} · Overtime{' '}
                {hours(figures.overtime_minutes)} · Scheduled {hours(figures.scheduled_minutes)}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      <Section id="my-shifts" title="My upcoming shifts">
        {v.upcoming_shifts.length === 0 ? (
          <Typography color="text.secondary">No published shifts in the next two weeks</Typography>
        ) : (
          <Table size="small" aria-label="My upcoming shifts">
            <TableHead>
              <TableRow>
                <TableCell>Store</TableCell>
                <TableCell>Start</TableCell>
                <TableCell>End</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {v.upcoming_shifts.map((shift) => (
                <TableRow key={shift.id}>
                  <TableCell>{shift.store_name}</TableCell>
                  <TableCell>{local(shift.shift_start, shift.time_zone)}</TableCell>
                  <TableCell>{local(shift.shift_end, shift.time_zone)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
      <Section id="my-balances" title="My time off balances">
        <BalanceCards balances={v.balances} />
        <Link component={RouterLink} to="/hr/dashboard/timeoff" sx={{ display: 'block', mt: 1 }}>
          Request time off
        </Link>
      </Section>
      <Section id="my-timeoff" title="My time off requests">
        <RequestsTable requests={v.timeoff_requests} label="My time off requests" />
      </Section>
      <Section id="my-corrections" title="My timecard correction requests">
        {v.correction_requests.length === 0 ? (
          <Typography color="text.secondary">No correction requests</Typography>
        ) : (
          <Table size="small" aria-label="My timecard correction requests">
            <TableHead>
              <TableRow>
                <TableCell>Store</TableCell>
                <TableCell>Timecard</TableCell>
                <TableCell>Asked for</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Reason</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {v.correction_requests.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>{row.store_name}</TableCell>
                  <TableCell>{local(row.clock_in, row.time_zone)}</TableCell>
                  <TableCell>
                    {[row.requested_start, row.requested_end]
                      .map((at) => (at ? local(at, row.time_zone).slice(11) : '…'))
                      .join(' – ')}
                  </TableCell>
                  <TableCell>{row.status}</TableCell>
                  <TableCell>{row.decision_reason ?? row.reason ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
      <Section id="my-auto" title="My auto clocked-out records">
        <AutoClockedOut userId={userId} />
      </Section>
    </Stack>
  );
}
