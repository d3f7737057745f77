import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import {
  AUTO_CLOCKOUT_PAGE_SIZE,
  hrMessages,
  zonedTimeToUtc,
  type AutoClockedOutRecord,
} from '@portal/contract/hr';
import { storageKeys } from '@portal/contract/storage-keys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { readStored, writeStored } from '../../platform/storage.ts';
import { notify } from '../../platform/toasts.ts';
import { hasPermission } from '../auth/session.ts';
import { autoClockedOutQuery, clockApi } from './clock-api.ts';

export const MY_VIEW_PATH = '/hr/dashboard/my_view';

/** One auto clocked-out timecard, with where the employee gives the real end time. */
function CorrectionRow({ record, userId }: { record: AutoClockedOutRecord; userId: number }) {
  const queryClient = useQueryClient();
  const [end, setEnd] = useState('');
  const send = useMutation({
    mutationFn: () =>
      clockApi.requestCorrection({
        timecard_id: record.timecard_id,
        clock_out: zonedTimeToUtc(end, record.time_zone).toISOString(),
      }),
    onSuccess: (reply) => {
      notify.success(reply.message);
      void queryClient.invalidateQueries({ queryKey: ['hr', 'auto-clocked-out', userId] });
    },
    onError: (error) => notify.danger(error.message),
  });
  const schedule =
    record.schedule_start_time && record.schedule_end_time
      ? `${record.schedule_start_time.slice(11, 16)} - ${record.schedule_end_time.slice(11, 16)}`
      : 'No schedule';
  return (
    <TableRow>
      <TableCell>{record.date}</TableCell>
      <TableCell>{record.store_name}</TableCell>
      <TableCell>{schedule}</TableCell>
      <TableCell>{record.clock_in.slice(11, 16)}</TableCell>
      <TableCell>{record.clock_out.slice(11, 16)}</TableCell>
      <TableCell>
        <Stack direction="row" spacing={1} alignItems="center">
          <TextField
            type="datetime-local"
            size="small"
            label="Actual end time"
            value={end}
            onChange={(event) => setEnd(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button
            size="small"
            variant="outlined"
            disabled={!end}
            loading={send.isPending}
            onClick={() => send.mutate()}
          >
            Send
          </Button>
        </Stack>
      </TableCell>
    </TableRow>
  );
}

/**
 * Auto Clocked Out Schedules (SPEC.md sections 2, 6, 8): shown after sign-in when timecards were
 * auto clocked out, five a page; is_clockin_pop_up_required shows the table, else a no-access view.
 */
export function AutoClockedOutDialog({ userId }: { userId: number }) {
  const titleId = useId();
  const [open, setOpen] = useState(
    () => readStored(storageKeys.showAutoClockoutTimeCards) === 'true',
  );
  const [page, setPage] = useState(1);
  const allowed = hasPermission('is_clockin_pop_up_required');
  const list = useQuery({
    ...autoClockedOutQuery(userId, page),
    enabled: open && allowed,
  });
  const close = () => {
    writeStored(storageKeys.showAutoClockoutTimeCards, false);
    setOpen(false);
  };

  let body;
  if (!allowed) {
    body = (
      <DialogContentText>
        You do not have access to the auto clocked-out schedules.
      </DialogContentText>
    );
  } else if (list.isPending) {
    body = <DialogContentText>{hrMessages.autoClockoutLoading}</DialogContentText>;
  } else if (list.isError) {
    body = <DialogContentText color="error">{hrMessages.autoClockoutFailed}</DialogContentText>;
  } else if (list.data.results.length === 0) {
    body = <DialogContentText>{hrMessages.autoClockoutEmpty}</DialogContentText>;
  } else {
    body = (
      <>
        <DialogContentText sx={{ mb: 1 }}>
          These shifts were clocked out automatically. Tell your manager when you really left.
        </DialogContentText>
        <Table size="small" aria-label="Auto clocked out schedules">
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell>Store</TableCell>
              <TableCell>Schedule</TableCell>
              <TableCell>Clock In</TableCell>
              <TableCell>Clock Out</TableCell>
              <TableCell>Actual end time</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data.results.map((record) => (
              <CorrectionRow key={record.timecard_id} record={record} userId={userId} />
            ))}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={list.data.total}
          page={page - 1}
          onPageChange={(_event, next) => setPage(next + 1)}
          rowsPerPage={AUTO_CLOCKOUT_PAGE_SIZE}
          rowsPerPageOptions={[AUTO_CLOCKOUT_PAGE_SIZE]}
        />
      </>
    );
  }
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>Auto Clocked Out Schedules</DialogTitle>
      <DialogContent>{body}</DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', px: 3 }}>
        <Link component={RouterLink} to={MY_VIEW_PATH} onClick={close}>
          Go to My View
        </Link>
        <Button onClick={close}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
