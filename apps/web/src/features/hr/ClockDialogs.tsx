import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { clockOutThereQuestion, formatInZone } from '@portal/contract/hr';
import { storageKeys } from '@portal/contract/storage-keys';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { readStored, writeStored } from '../../platform/storage.ts';
import { clockApi, clockQueryKeys } from './clock-api.ts';
import { clockIn, clockOut, clockOutThereThenIn, currentStoreId, useClock } from './clock-state.ts';
import { useFirstPress } from '../../platform/useFirstPress.ts';

/** `09:05 (America/New_York)`: an instant as the store's clock shows it. */
export const storeClock = (instant: string, timeZone: string) =>
  `${formatInZone(instant, timeZone).slice(11, 16)} (${timeZone})`;

const ignoreDismiss = () => undefined;

/**
 * The clock-in prompt after sign-in (SPEC.md section 2): it cannot be dismissed by the backdrop or
 * Escape; Not Now closes it and clears the clock_in flag.
 */
export function ClockInPrompt({ firstName }: { firstName: string }) {
  const titleId = useId();
  const [asked] = useState(() => readStored(storageKeys.clockIn) === 'true');
  const [closed, setClosed] = useState(false);
  const [notes, setNotes] = useState('');
  const busy = useClock((state) => state.busy);
  // Clocked in here, in another tab or after clocking out elsewhere: nothing left to ask.
  const clockedIn = useClock((state) => state.session !== null && state.session.status !== 1);
  const open = asked && !closed && !clockedIn;
  const press = useFirstPress(() => {
    void clockIn(notes).then((done) => done && setClosed(true));
  });
  const notNow = () => {
    writeStored(storageKeys.clockIn, false);
    setClosed(true);
  };
  return (
    <Dialog
      open={open}
      onClose={ignoreDismiss}
      disableEscapeKeyDown
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>Hi, {firstName}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>Would you like to Clock-in ?</DialogContentText>
        <NotesField notes={notes} setNotes={setNotes} />
      </DialogContent>
      <DialogActions>
        <Button onClick={notNow}>Not Now</Button>
        <Button variant="contained" onClick={press} loading={busy}>
          Clock In
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** SPEC.md section 4: still clocked in at another store, clock out there? (No / Yes). */
export function OtherStorePrompt() {
  const titleId = useId();
  const pending = useClock((state) => state.otherStore);
  const yes = useFirstPress(() => void clockOutThereThenIn());
  return (
    <Dialog
      open={pending !== null}
      onClose={ignoreDismiss}
      disableEscapeKeyDown
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>Clocked in at another store</DialogTitle>
      <DialogContent>
        <DialogContentText>{clockOutThereQuestion(pending?.active.store.name)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => useClock.setState({ otherStore: null })}>No</Button>
        <Button variant="contained" onClick={yes}>
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The Time Clock panel: status in the store's time, and Clock In, Break and Clock Out. */
export function ClockPanel() {
  const titleId = useId();
  const open = useClock((state) => state.panelOpen);
  const session = useClock((state) => state.session);
  const busy = useClock((state) => state.busy);
  const error = useClock((state) => state.error);
  const [notes, setNotes] = useState('');
  const storeId = session?.activeSession?.store.id ?? currentStoreId();
  const time = useQuery({
    queryKey: clockQueryKeys.storeTime(storeId ?? 0),
    queryFn: ({ signal }) => clockApi.storeTime(storeId ?? 0, signal).then((reply) => reply.data),
    enabled: open && storeId !== null,
    staleTime: 0,
    meta: { errorToast: false },
  });
  const close = () => useClock.setState({ panelOpen: false });
  const pressIn = useFirstPress(() => void clockIn(notes).then((done) => done && setNotes('')));
  const pressOut = useFirstPress(() => {
    if (session?.timecard_id)
      void clockOut(session.timecard_id, notes).then((done) => done && setNotes(''));
  });
  const active = session?.activeSession ?? null;
  const openBreak = active?.breaks.find((b) => b.break_end === null) ?? null;
  const status = !active
    ? 'You are not clocked in.'
    : openBreak
      ? `On a ${openBreak.short_description} since ${storeClock(openBreak.break_start, active.time_zone)} at ${active.store.name}.`
      : `Clocked in at ${active.store.name} since ${storeClock(active.clock_in, active.time_zone)}.`;
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Time Clock</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {error && <Alert severity="error">{error}</Alert>}
          <Typography>{status}</Typography>
          {time.data && (
            <Typography variant="body2" color="text.secondary">
              Store time: {time.data.local.slice(0, 16)} ({time.data.time_zone})
            </Typography>
          )}
          <NotesField notes={notes} setNotes={setNotes} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
        <Button
          onClick={() => useClock.setState({ panelOpen: false, breakOpen: true, error: null })}
        >
          Break
        </Button>
        {active ? (
          <Button variant="contained" color="secondary" onClick={pressOut} loading={busy}>
            Clock Out
          </Button>
        ) : (
          <Button variant="contained" onClick={pressIn} loading={busy}>
            Clock In
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** The punch's notes (the clock and break dialogs). */
export function NotesField({
  notes,
  setNotes,
}: {
  notes: string;
  setNotes: (notes: string) => void;
}) {
  return (
    <TextField
      label="Notes"
      value={notes}
      onChange={(event) => setNotes(event.target.value)}
      multiline
      minRows={2}
      fullWidth
    />
  );
}
