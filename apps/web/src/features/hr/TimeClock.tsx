import AccessTimeIcon from '@mui/icons-material/AccessTime';
import Fab from '@mui/material/Fab';
import { storageKeys } from '@portal/contract/storage-keys';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { readStored } from '../../platform/storage.ts';
import { hasPermission } from '../auth/session.ts';
import { useSessionUser } from '../auth/useSessionUser.ts';
import { useShownOnce } from '../../platform/useShownOnce.ts';
import { useFaceCheck } from '../hr-face/face-check.ts';
import {
  askAboutOtherStore,
  joinClockChannel,
  refreshSession,
  remainingBreakSeconds,
  useClock,
} from './clock-state.ts';

// Each dialog is fetched the first time it has something to show, so a signed-in load brings only
// the button and the clock's state. What the sign-in asked to show (the clock-in prompt, the auto
// clock-out list) is requested as soon as this file runs rather than once the frame has drawn it.
const loadClockDialogs = () => import('./ClockDialogs.tsx');
const loadAutoClockedOut = () => import('./AutoClockedOutDialog.tsx');
if (readStored(storageKeys.clockIn) === 'true') void loadClockDialogs();
if (readStored(storageKeys.showAutoClockoutTimeCards) === 'true') void loadAutoClockedOut();
const ClockInPrompt = lazy(async () => ({ default: (await loadClockDialogs()).ClockInPrompt }));
const ClockPanel = lazy(async () => ({ default: (await loadClockDialogs()).ClockPanel }));
const OtherStorePrompt = lazy(async () => ({
  default: (await loadClockDialogs()).OtherStorePrompt,
}));
const BreakDialog = lazy(async () => ({
  default: (await import('./BreakDialog.tsx')).BreakDialog,
}));
const FaceCheckHost = lazy(async () => ({
  default: (await import('../hr-face/FaceCheckHost.tsx')).FaceCheckHost,
}));
const AutoClockedOutDialog = lazy(async () => ({
  default: (await loadAutoClockedOut()).AutoClockedOutDialog,
}));

/**
 * A lazy dialog, mounted from the first render where it has something to show, then kept for its
 * closing transition and its state; its own Suspense, so its loading hides no other dialog.
 */
function WhenShown({ showing, children }: { showing: boolean; children: ReactNode }) {
  return useShownOnce(showing) ? <Suspense fallback={null}>{children}</Suspense> : null;
}

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
  // What the sign-in asked for (SPEC.md section 2), as the prompt and the list read it on mount.
  const [askedToClockIn] = useState(() => readStored(storageKeys.clockIn) === 'true');
  const [autoClockedOut] = useState(
    () => readStored(storageKeys.showAutoClockoutTimeCards) === 'true',
  );
  const clockedIn = useClock((state) => state.session !== null && state.session.status !== 1);
  const panelOpen = useClock((state) => state.panelOpen);
  const breakOpen = useClock((state) => state.breakOpen);
  const otherStore = useClock((state) => state.otherStore !== null);
  const faceCheck = useFaceCheck((state) => state.open);
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
          <WhenShown showing={askedToClockIn && !clockedIn}>
            <ClockInPrompt firstName={user.first_name} />
          </WhenShown>
          <WhenShown showing={panelOpen}>
            <ClockPanel />
          </WhenShown>
          <WhenShown showing={breakOpen}>
            <BreakDialog />
          </WhenShown>
          <WhenShown showing={otherStore}>
            <OtherStorePrompt />
          </WhenShown>
          <WhenShown showing={faceCheck}>
            <FaceCheckHost />
          </WhenShown>
        </>
      )}
      <WhenShown showing={autoClockedOut}>
        <AutoClockedOutDialog userId={user.id} />
      </WhenShown>
    </>
  );
}
