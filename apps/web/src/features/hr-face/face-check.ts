import {
  FACE_CONSENT_VERSION,
  faceEnrolmentSchema,
  faceMessages,
  faceRefusalDataSchema,
  type FacePayload,
  type FaceRefusalData,
} from '@portal/contract/hr-face';
import { create } from 'zustand';
import { api, ApiError } from '../../platform/api.ts';
import { isRecord } from '../../platform/is-record.ts';

/**
 * The face check of a clock action (SPEC.md section 4): when the server answers faceAuthPending,
 * the action is held, the Verify Face modal opens, and the action is sent again with the face
 * payload. A wrong face (faceAuthError) shows the server's message in red and lets the person try
 * again; closing the modal drops the held action without a message. Someone with no enrolled face
 * can enrol from the modal, with consent, where the caller allows it.
 */
interface FaceCheckState {
  open: boolean;
  error: string | null;
  info: string | null;
  askConsent: boolean;
  busy: boolean;
}

export const useFaceCheck = create<FaceCheckState>()(() => ({
  open: false,
  error: null,
  info: null,
  askConsent: false,
  busy: false,
}));

/** The held action was given up (the modal was closed): no message shows. */
export class FaceCheckCancelled extends Error {
  constructor() {
    super('Face check cancelled');
    this.name = 'FaceCheckCancelled';
  }
}

interface Capture {
  face: FacePayload;
  consent: boolean;
}
let waiting: ((capture: Capture | null) => void) | null = null;

/** The refusal data of a face-check answer, or null for any other error. */
export function faceRefusalOf(error: unknown): FaceRefusalData | null {
  if (!(error instanceof ApiError) || !isRecord(error.body)) return null;
  const parsed = faceRefusalDataSchema.safeParse(error.body.data);
  return parsed.success ? parsed.data : null;
}

function ask(
  state: Pick<FaceCheckState, 'error' | 'info' | 'askConsent'>,
): Promise<Capture | null> {
  waiting?.(null);
  useFaceCheck.setState({ ...state, open: true, busy: false });
  return new Promise((resolve) => {
    waiting = resolve;
  });
}

/** What the modal calls: Confirm hands over the face payload, close hands over nothing. */
export function answerFaceCheck(capture: Capture | null): void {
  const resolve = waiting;
  waiting = null;
  if (capture) useFaceCheck.setState({ busy: true });
  else useFaceCheck.setState({ open: false, busy: false });
  resolve?.(capture);
}

function done() {
  useFaceCheck.setState({ open: false, busy: false, error: null, info: null });
}

export interface FaceCheckOptions {
  /** Enrols the face with consent when the person has none enrolled; without it, enrolment is not offered. */
  enrol?: (face: FacePayload) => Promise<unknown>;
}

/**
 * Sends `send()`; on faceAuthPending asks for a photo and sends `send(face)` again, until it passes,
 * fails for another reason (thrown), or the modal is closed (FaceCheckCancelled).
 */
export async function withFaceCheck<T>(
  send: (face?: FacePayload) => Promise<T>,
  options: FaceCheckOptions = {},
): Promise<T> {
  let face: FacePayload | undefined;
  for (;;) {
    try {
      const result = await send(face);
      done();
      return result;
    } catch (error) {
      const refusal = faceRefusalOf(error);
      if (!refusal) {
        done();
        throw error;
      }
      const message = error instanceof Error ? error.message : faceMessages.pending;
      if (!refusal.faceEnrolled) {
        if (!options.enrol) {
          done();
          throw new ApiError(403, 'No face is enrolled for you: ask your manager to enrol it');
        }
        // Enrol from the modal; a refused photo keeps the modal open with the reason in red.
        let reason: string | null = null;
        for (;;) {
          const capture = await ask({
            error: reason,
            info: faceMessages.notEnrolled,
            askConsent: true,
          });
          if (!capture) throw new FaceCheckCancelled();
          try {
            await options.enrol(capture.face);
            face = capture.face;
            break;
          } catch (enrolError) {
            reason =
              enrolError instanceof Error && enrolError.message
                ? enrolError.message
                : faceMessages.faceNotUpdated;
          }
        }
        continue;
      }
      // Pending: no message (SPEC.md section 4); a refused photo: the server's message in red.
      const capture = await ask({
        error: refusal.faceAuthPending ? null : message,
        info: refusal.faceAuthPending ? faceMessages.pending : null,
        askConsent: false,
      });
      if (!capture) throw new FaceCheckCancelled();
      face = capture.face;
    }
  }
}

/** PATCH /users/update-face/{user_id} with consent to the current text (SPEC.md section 7). */
export const faceApi = {
  enrol: (userId: number, face: FacePayload) =>
    api.patch(
      `/users/update-face/${userId}`,
      { ...face, consent: true, consent_version: FACE_CONSENT_VERSION },
      faceEnrolmentSchema,
    ),
  get: (userId: number, signal?: AbortSignal) =>
    api.get(`/users/update-face/${userId}`, faceEnrolmentSchema, { signal }),
  withdraw: (userId: number) => api.delete(`/users/update-face/${userId}`, faceEnrolmentSchema),
};
