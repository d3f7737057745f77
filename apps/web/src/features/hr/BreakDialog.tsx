import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { hrMessages, type BreakSetting } from '@portal/contract/hr';
import { storageKeys } from '@portal/contract/storage-keys';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { writeStored } from '../../platform/storage.ts';
import { useFirstPress } from '../../platform/useFirstPress.ts';
import { clockApi, clockQueryKeys } from './clock-api.ts';
import {
  endBreak,
  remainingBreakSeconds,
  signedInUserId,
  startBreak,
  useClock,
} from './clock-state.ts';
import { NotesField } from './ClockDialogs.tsx';

const describeBreak = (setting: Pick<BreakSetting, 'duration' | 'is_paid' | 'is_mandatory'>) =>
  `${setting.duration} min, ${setting.is_paid ? 'paid' : 'unpaid'}${setting.is_mandatory ? ', mandatory' : ''}`;

const mmss = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/**
 * The break dialog: Lunch or Coffee from the store's break settings, paid and mandatory shown; the
 * kind is fixed while a break runs; closing it early keeps the remaining seconds so it comes back.
 */
export function BreakDialog() {
  const titleId = useId();
  const open = useClock((state) => state.breakOpen);
  const session = useClock((state) => state.session);
  const busy = useClock((state) => state.busy);
  const error = useClock((state) => state.error);
  const [notes, setNotes] = useState('');
  const [choice, setChoice] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const active = session?.activeSession ?? null;
  const userId = signedInUserId();
  const settings = useQuery({
    queryKey: clockQueryKeys.breakSettings(active?.store.id ?? 0, userId ?? 0),
    queryFn: ({ signal }) =>
      clockApi
        .breakSettings(active?.store.id ?? 0, userId ?? 0, signal)
        .then((reply) => reply.data),
    enabled: open && active !== null && userId !== null,
  });
  const running = active?.breaks.find((b) => b.break_end === null) ?? null;
  useEffect(() => {
    if (!open || !running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [open, running]);

  const options = settings.data?.results ?? [];
  const choices = options.map((option) => ({
    id: option.settings_store_id,
    label: `${option.short_description} (${describeBreak(option)})`,
  }));
  if (running && !choices.some((option) => option.id === running.settings_store_id)) {
    choices.push({
      id: running.settings_store_id,
      label: `${running.short_description} (${describeBreak(running)})`,
    });
  }
  const selected = running?.settings_store_id ?? choice ?? options[0]?.settings_store_id ?? null;
  const remaining = running ? remainingBreakSeconds(running.break_start, running.duration, now) : 0;
  const close = () => {
    // Left early: keep the remaining seconds; the dialog comes back when they have passed.
    if (running) writeStored(storageKeys.breakPopUpShowSchedule, remaining);
    useClock.setState({ breakOpen: false });
  };
  const pressStart = useFirstPress(() => {
    if (selected !== null) void startBreak(selected, notes).then((done) => done && setNotes(''));
  });
  const pressEnd = useFirstPress(() => void endBreak(notes).then((done) => done && setNotes('')));

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Break</DialogTitle>
      <DialogContent>
        {!active ? (
          <Alert severity="warning">{hrMessages.notClockedInForBreak}</Alert>
        ) : (
          <Stack spacing={2}>
            {error && <Alert severity="error">{error}</Alert>}
            {settings.isError && <Alert severity="error">{settings.error.message}</Alert>}
            {settings.isSuccess && options.length === 0 && !running && (
              <Alert severity="info">No breaks are set up for this store.</Alert>
            )}
            <RadioGroup
              aria-label="Break kind"
              value={selected === null ? '' : String(selected)}
              onChange={(event) => setChoice(Number(event.target.value))}
            >
              {choices.map((option) => (
                <FormControlLabel
                  key={option.id}
                  value={String(option.id)}
                  // The kind cannot change while a break is active (SPEC.md section 5).
                  disabled={running !== null}
                  control={<Radio />}
                  label={option.label}
                />
              ))}
            </RadioGroup>
            {running && (
              <Typography role="timer" aria-live="off">
                Time left: {mmss(remaining)}
              </Typography>
            )}
            <NotesField notes={notes} setNotes={setNotes} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
        {active &&
          (running ? (
            <Button variant="contained" onClick={pressEnd} loading={busy}>
              End Break
            </Button>
          ) : (
            <Button
              variant="contained"
              onClick={pressStart}
              loading={busy}
              disabled={selected === null}
            >
              Start Break
            </Button>
          ))}
      </DialogActions>
    </Dialog>
  );
}
