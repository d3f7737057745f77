import AccessTimeIcon from '@mui/icons-material/AccessTime';
import Fab from '@mui/material/Fab';
import { storageKeys } from '@portal/contract/storage-keys';
import { useEffect } from 'react';
import { readStored } from '../../platform/storage.ts';
import { hasPermission } from '../auth/session.ts';
import { useSessionUser } from '../auth/useSessionUser.ts';
import { AutoClockedOutDialog } from './AutoClockedOutDialog.tsx';
import { FaceCheckHost } from '../hr-face/FaceCheckHost.tsx';
import { askAboutOtherStore, joinClockChannel, refreshSession, useClock } from './clock-state.ts';
import {
  BreakDialog,
  ClockInPrompt,
  ClockPanel,
  OtherStorePrompt,
  remainingBreakSeconds,
} from './ClockDialogs.tsx';

const clockLabel = { 1: 'Clock In', 2: 'Clocked In', 3: 'On Break' } as const;

/**
 * Brings the break dialog back when the stored seconds have passed (SPEC.md section 4): right
 * away after a sign-in on a break, else when what was left of the break has run out.
 */
function useBreakReminder() {
  const running = useClock((state) => {
    const open = state.session?.activeSession?.breaks.find((b) => b.break_end === null);
    return open ? `${open.id}|${open.break_start}|${open.duration}` : null;
  });
  useEffect(() => {
    if (!running) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      if (readStored(storageKeys.breakPopUpShow) !== 'true') return;
      const stored = readStored(storageKeys.breakPopUpShowSchedule);
      const [, start = '', duration = '0'] = running.split('|');
      const seconds =
        stored === null
          ? 0
          : Math.min(Number(stored) || 0, remainingBreakSeconds(start, Number(duration)));
      timer = setTimeout(() => useClock.setState({ breakOpen: true, error: null }), seconds * 1000);
    };
    arm();
    // Another tab closing the dialog early stores new seconds: follow it.
    const onStorage = (event: StorageEvent) => {
      if (
        event.key === storageKeys.breakPopUpShowSchedule ||
        event.key === storageKeys.breakPopUpShow
      )
        arm();
    };
    const unsubscribe = useClock.subscribe((state, previous) => {
      if (previous.breakOpen && !state.breakOpen) arm();
    });
    window.addEventListener('storage', onStorage);
    return () => {
      clearTimeout(timer);
      unsubscribe();
      window.removeEventListener('storage', onStorage);
    };
  }, [running]);
}

/** What the shell mounts: the web clock for people allowed to punch, and the auto clock-out list. */
export function TimeClock() {
  const { data: user } = useSessionUser();
  const canPunch = hasPermission('write_hr_clockin') && hasPermission('write_hr_clockin_web');
  const status = useClock((state) => state.session?.status ?? null);

  useEffect(() => {
    if (!canPunch) return;
    const leave = joinClockChannel();
    const abort = new AbortController();
    let cancelQuestion: () => void = () => undefined;
    refreshSession(abort.signal).then(
      (session) => {
        cancelQuestion = askAboutOtherStore(session);
      },
      () => undefined,
    );
    return () => {
      abort.abort();
      cancelQuestion();
      leave();
    };
  }, [canPunch]);
  useBreakReminder();

  if (!user) return null;
  return (
    <>
      {canPunch && (
        <>
          <Fab
            variant="extended"
            color={status === 2 || status === 3 ? 'secondary' : 'primary'}
            onClick={() => useClock.setState({ panelOpen: true, error: null })}
            aria-label={`Time clock: ${status ? clockLabel[status] : 'loading'}`}
            // Bottom right, above the auto-logout ring's corner.
            sx={{
              position: 'fixed',
              right: 16,
              bottom: 96,
              zIndex: (theme) => theme.zIndex.speedDial,
              displayPrint: 'none',
            }}
          >
            <AccessTimeIcon sx={{ mr: 1 }} />
            {status ? clockLabel[status] : 'Time Clock'}
          </Fab>
          <ClockPanel />
          <BreakDialog />
          <OtherStorePrompt />
          <ClockInPrompt firstName={user.first_name} />
          <FaceCheckHost />
        </>
      )}
      <AutoClockedOutDialog userId={user.id} />
    </>
  );
}
