import { describe, expect, it, vi } from 'vitest';
import { faceMessages, type FacePayload } from '@portal/contract/hr-face';
import { ApiError } from '../../src/platform/api.ts';
import {
  answerFaceCheck,
  FaceCheckCancelled,
  useFaceCheck,
  withFaceCheck,
} from '../../src/features/hr-face/face-check.ts';

/** The server's face-check refusals (SPEC.md section 3: faceAuthPending, faceAuthError). */
const pending = (enrolled = true) =>
  new ApiError(
    428,
    enrolled ? faceMessages.pending : faceMessages.notEnrolled,
    {},
    {
      success: false,
      message: '',
      data: { faceAuthPending: true, faceAuthError: false, faceEnrolled: enrolled },
    },
  );
const mismatch = () =>
  new ApiError(
    403,
    faceMessages.mismatch,
    {},
    {
      success: false,
      message: faceMessages.mismatch,
      data: { faceAuthPending: false, faceAuthError: true, faceEnrolled: true },
    },
  );
const photo = (n: number): FacePayload => ({
  faceImage: `photo${n}`,
  extension: 'jpeg',
  has_unique_face: false,
});
/** Lets the held action reach the modal. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('withFaceCheck: the held clock action', () => {
  it('opens the modal on faceAuthPending with no red line, then re-submits with the face payload', async () => {
    const send = vi
      .fn<(face?: FacePayload) => Promise<string>>()
      .mockRejectedValueOnce(pending())
      .mockResolvedValueOnce('Clocked In');
    const result = withFaceCheck(send);
    await tick();
    expect(useFaceCheck.getState()).toMatchObject({ open: true, error: null });
    answerFaceCheck({ face: photo(1), consent: false });
    await expect(result).resolves.toBe('Clocked In');
    expect(send).toHaveBeenLastCalledWith(photo(1));
    expect(useFaceCheck.getState().open).toBe(false);
  });

  it('a different face keeps the modal open with the message in red; closing drops the action', async () => {
    const send = vi
      .fn<(face?: FacePayload) => Promise<string>>()
      .mockRejectedValueOnce(pending())
      .mockRejectedValueOnce(mismatch());
    const result = withFaceCheck(send);
    await tick();
    answerFaceCheck({ face: photo(2), consent: false });
    await tick();
    expect(useFaceCheck.getState()).toMatchObject({ open: true, error: faceMessages.mismatch });
    answerFaceCheck(null);
    await expect(result).rejects.toBeInstanceOf(FaceCheckCancelled);
    expect(send).toHaveBeenCalledTimes(2);
    expect(useFaceCheck.getState().open).toBe(false);
  });

  it('someone with no enrolled face enrols from the modal with consent, then the action goes with that face', async () => {
    const enrol = vi
      .fn<(face: FacePayload) => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError(400, faceMessages.noFace))
      .mockResolvedValueOnce({});
    const send = vi
      .fn<(face?: FacePayload) => Promise<string>>()
      .mockRejectedValueOnce(pending(false))
      .mockResolvedValueOnce('Clocked In');
    const result = withFaceCheck(send, { enrol });
    await tick();
    expect(useFaceCheck.getState()).toMatchObject({ open: true, askConsent: true });
    answerFaceCheck({ face: photo(3), consent: true });
    await tick();
    // The photo had no face: the reason in red, the modal still asks.
    expect(useFaceCheck.getState()).toMatchObject({ open: true, error: faceMessages.noFace });
    answerFaceCheck({ face: photo(4), consent: true });
    await expect(result).resolves.toBe('Clocked In');
    expect(enrol).toHaveBeenLastCalledWith(photo(4));
    expect(send).toHaveBeenLastCalledWith(photo(4));
  });

  it('other refusals pass through untouched, and no enrolment is offered without an enrol step', async () => {
    const other = new ApiError(409, 'You are already clocked in at Elm St. Clock out there first.');
    await expect(withFaceCheck(() => Promise.reject(other))).rejects.toBe(other);
    await expect(withFaceCheck(() => Promise.reject(pending(false)))).rejects.toThrow(
      /ask your manager to enrol/,
    );
    expect(useFaceCheck.getState().open).toBe(false);
  });
});
