import {
  ACTIVE_SESSION_PROMPT_DELAY_MS,
  activeSessionSchema,
  CLOCK_OUT_TO_CLOCK_IN_DELAY_MS,
  clockSessionSchema,
  hrMessages,
  type ActiveSession,
  type ClockSession,
} from '@portal/contract/hr';
import type { FacePayload } from '@portal/contract/hr-face';
import { sessionUserSchema } from '@portal/contract/auth';
import { storageKeys } from '@portal/contract/storage-keys';
import { create } from 'zustand';
import { ApiError } from '../../platform/api.ts';
import { isRecord } from '../../platform/is-record.ts';
import { readStored, readStoredJson, writeStored } from '../../platform/storage.ts';
import { notify } from '../../platform/toasts.ts';
import { clockApi } from './clock-api.ts';
import { FaceCheckCancelled, faceApi, withFaceCheck } from '../hr-face/face-check.ts';
import { currentLocation } from '../../platform/geolocation.ts';

/**
 * The time clock in this browser: the server's clock session and which dialog shows. The server
 * decides every state; this mirrors it, and tells the other tabs of this browser (SPEC.md section
 * 4: the break dialog's state is synced across tabs).
 */
interface ClockState {
  session: ClockSession | null;
  /** The Time Clock panel (clock in, break, clock out). */
  panelOpen: boolean;
  breakOpen: boolean;
  /** The user is clocked in at another store: ask whether to clock out there. */
  otherStore: { active: ActiveSession; comment: string } | null;
  busy: boolean;
  /** The last refusal, shown in the open dialog as well as in a toast. */
  error: string | null;
}

export const useClock = create<ClockState>()(() => ({
  session: null,
  panelOpen: false,
  breakOpen: false,
  otherStore: null,
  busy: false,
  error: null,
}));

const CHANNEL = 'portal-hr-clock';
let channel: BroadcastChannel | null = null;

/** Listens to the other tabs; returns the way to stop. */
export function joinClockChannel(): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  channel ??= new BroadcastChannel(CHANNEL);
  const current = channel;
  current.onmessage = (event: MessageEvent<unknown>) => {
    const parsed = clockSessionSchema.safeParse(isRecord(event.data) ? event.data.session : null);
    if (parsed.success) applySession(parsed.data, false);
  };
  return () => {
    current.close();
    channel = null;
  };
}

/** Takes the server's session as the truth here, and by default tells the other tabs. */
export function applySession(session: ClockSession, broadcast = true): void {
  const previous = useClock.getState().session;
  useClock.setState({ session });
  if (session.status !== 1) writeStored(storageKeys.clockIn, false);
  if (session.status !== 3) {
    writeStored(storageKeys.breakPopUpShow, false);
    writeStored(storageKeys.breakPopUpShowSchedule, null);
  }
  // A break that started or ended elsewhere closes this tab's break dialog too.
  if (previous && previous.status !== session.status) useClock.setState({ breakOpen: false });
  if (broadcast) channel?.postMessage({ session });
}

export async function refreshSession(signal?: AbortSignal): Promise<ClockSession> {
  const reply = await clockApi.session(signal);
  applySession(reply.data, false);
  return reply.data;
}

/** Seconds left of the running break, by the server's start time. */
export function remainingBreakSeconds(start: string, durationMinutes: number, now = Date.now()) {
  return Math.max(0, Math.round(durationMinutes * 60 - (now - new Date(start).getTime()) / 1000));
}

export function signedInUserId(): number | null {
  const parsed = sessionUserSchema.safeParse(readStoredJson(storageKeys.user));
  return parsed.success ? parsed.data.id : null;
}

export function currentStoreId(): number | null {
  const id = Number(readStored(storageKeys.storeId));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Someone with no enrolled face can enrol from the Verify Face modal, with consent. */
const enrolOwnFace = {
  enrol: (face: FacePayload) => faceApi.enrol(signedInUserId() ?? 0, face),
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Tells a refusal: a toast, and the open dialog's error line. */
function failed(error: unknown, fallback: string): false {
  // The Verify Face modal was closed: the held action is dropped without a message.
  if (error instanceof FaceCheckCancelled) return false;
  const message = error instanceof Error && error.message ? error.message : fallback;
  notify.danger(message);
  useClock.setState({ error: message });
  return false;
}

/** The open session a 409 names: the user is clocked in at another store. */
function activeSessionIn(error: unknown): ActiveSession | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !isRecord(error.body)) return null;
  const data = error.body.data;
  const parsed = activeSessionSchema.safeParse(isRecord(data) ? data.activeSession : null);
  return parsed.success ? parsed.data : null;
}

async function withBusy<T>(work: () => Promise<T>): Promise<T | undefined> {
  if (useClock.getState().busy) return undefined;
  useClock.setState({ busy: true, error: null });
  try {
    return await work();
  } finally {
    useClock.setState({ busy: false });
  }
}

/**
 * Clock in at the current store. On success the prompt closes and the clock_in flag is cleared;
 * when the user is still clocked in at another store the clock-out-there question opens.
 */
export function clockIn(comment: string): Promise<boolean | undefined> {
  return withBusy(() => clockInNow(comment));
}

async function clockInNow(comment: string): Promise<boolean> {
  const userId = signedInUserId();
  const storeId = currentStoreId();
  if (!userId || !storeId) {
    notify.danger('Choose a store before clocking in');
    return false;
  }
  const scheduleId = Number(readStored(storageKeys.scheduleId));
  try {
    const reply = await withFaceCheck(
      async (face) =>
        clockApi.clockIn({
          ...face,
          user_id: userId,
          store_id: storeId,
          user_comment: comment || null,
          // SPEC.md section 4: schedule_id is sent only when nonzero.
          ...(Number.isInteger(scheduleId) && scheduleId > 0 ? { schedule_id: scheduleId } : {}),
          ...(await currentLocation()),
        }),
      enrolOwnFace,
    );
    writeStored(storageKeys.clockIn, false);
    applySession(reply.data);
    notify.success(reply.message);
    if (reply.data.warning) notify.warning(reply.data.warning);
    useClock.setState({ panelOpen: false });
    return true;
  } catch (error) {
    const active = activeSessionIn(error);
    if (active) {
      useClock.setState({ otherStore: { active, comment } });
      return false;
    }
    return failed(error, hrMessages.clockFallback);
  }
}

/** Clock out of a timecard (the server ends its open breaks in the same step). */
export function clockOut(timecardId: number, comment: string): Promise<boolean | undefined> {
  return withBusy(() => clockOutNow(timecardId, comment));
}

async function clockOutNow(timecardId: number, comment: string): Promise<boolean> {
  const userId = signedInUserId();
  if (!userId) return false;
  try {
    const reply = await withFaceCheck(
      async (face) =>
        clockApi.clockOut({
          ...face,
          id: timecardId,
          user_id: userId,
          user_comment: comment || null,
          ...(await currentLocation()),
        }),
      enrolOwnFace,
    );
    applySession(reply.data);
    notify.success(reply.message);
    if (reply.data.warning) notify.warning(reply.data.warning);
    useClock.setState({ panelOpen: false });
    return true;
  } catch (error) {
    return failed(error, hrMessages.clockFallback);
  }
}

/**
 * SPEC.md section 4, clock-out then clock-in: the clock_in flag is reset, the timecard at the
 * other store is ended with its open breaks, and 500 ms later the new clock-in is made here.
 */
export function clockOutThereThenIn(): Promise<boolean | undefined> {
  const pending = useClock.getState().otherStore;
  useClock.setState({ otherStore: null });
  if (!pending) return Promise.resolve(false);
  return withBusy(async () => {
    writeStored(storageKeys.clockIn, false);
    if (!(await clockOutNow(pending.active.id, pending.comment))) return false;
    await sleep(CLOCK_OUT_TO_CLOCK_IN_DELAY_MS);
    return clockInNow(pending.comment);
  });
}

/**
 * After the session loads: an open timecard at a store other than the selected one is asked about
 * 500 ms later (SPEC.md section 4). Returns a cancel for the pending question.
 */
export function askAboutOtherStore(session: ClockSession): () => void {
  const active = session.activeSession;
  const storeId = currentStoreId();
  if (!active || !storeId || active.store.id === storeId) return () => undefined;
  const timer = setTimeout(
    () => useClock.setState({ otherStore: { active, comment: '' } }),
    ACTIVE_SESSION_PROMPT_DELAY_MS,
  );
  return () => clearTimeout(timer);
}

/** Start a break of the chosen kind inside the open timecard. */
export function startBreak(settingsStoreId: number, comment: string): Promise<boolean | undefined> {
  return withBusy(async () => {
    const userId = signedInUserId();
    const session = useClock.getState().session;
    // SPEC.md section 5: starting needs status 2 and a timecard id.
    if (!userId || session?.status !== 2 || !session.timecard_id) {
      notify.danger(hrMessages.notClockedInForBreak);
      return false;
    }
    try {
      const timecardId = session.timecard_id;
      const reply = await withFaceCheck(
        (face) =>
          clockApi.startBreak({
            ...face,
            timecard_id: timecardId,
            user_id: userId,
            settings_store_id: settingsStoreId,
            user_comment: comment || null,
          }),
        enrolOwnFace,
      );
      applySession(reply.data);
      writeStored(storageKeys.breakPopUpShow, true);
      writeStored(storageKeys.breakPopUpShowSchedule, reply.data.break.duration * 60);
      notify.success(reply.message);
      useClock.setState({ breakOpen: false });
      return true;
    } catch (error) {
      return failed(error, hrMessages.breakFallback);
    }
  });
}

/** End the running break. */
export function endBreak(comment: string): Promise<boolean | undefined> {
  return withBusy(async () => {
    const userId = signedInUserId();
    const session = useClock.getState().session;
    // SPEC.md section 5: ending needs status 3 and a break id.
    if (!userId || session?.status !== 3 || !session.timecard_break_id) return false;
    try {
      const breakId = session.timecard_break_id;
      const reply = await withFaceCheck(
        (face) =>
          clockApi.endBreak({
            ...face,
            id: breakId,
            user_id: userId,
            user_comment: comment || null,
          }),
        enrolOwnFace,
      );
      applySession(reply.data);
      notify.success(reply.message);
      useClock.setState({ breakOpen: false });
      return true;
    } catch (error) {
      return failed(error, hrMessages.breakFallback);
    }
  });
}
