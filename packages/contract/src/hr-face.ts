import { z } from 'zod';
import { id, isoDateTime } from './fields.ts';

/**
 * The face check of the time clock (SPEC.md sections 3, 7 and 8): enrolment with consent
 * (PATCH /users/update-face/{user_id}), the face payload a clock action carries, and the
 * company and store policy (required, and block or flag a different person).
 */

/** Face image: jpeg (SPEC.md section 9), shown 316 by 353 in the Verify Face modal. */
export const FACE_PREVIEW_WIDTH = 316;
export const FACE_PREVIEW_HEIGHT = 353;
/** Base64 of a photo up to ~700 kB: a webcam frame is far smaller. */
export const FACE_IMAGE_MAX_BASE64 = 950_000;

export const faceModes = ['block', 'flag'] as const;
export type FaceMode = (typeof faceModes)[number];

/** The consent text the employee agrees to; its version is recorded with the consent. */
export const FACE_CONSENT_VERSION = '2026-11-01';
export const FACE_CONSENT_TEXT =
  'I agree that my employer may create a face template (a list of numbers computed from my photo) ' +
  'and compare it with a photo taken each time I clock in or out, take or end a break, to check ' +
  'that it is me. The photo itself is not kept. The template is deleted when I withdraw this ' +
  'consent or when my employment ends.';

export const faceMessages = {
  /** SPEC.md section 8 */
  faceUpdated: 'Face updated',
  faceNotUpdated: 'Face not updated',
  faceDeleted: 'Face data deleted',
  pending: 'Face verification is required. Take a photo to continue.',
  notEnrolled:
    'You have not enrolled your face yet. Agree to the consent below and take a photo to enrol.',
  mismatch: 'The face does not match the enrolled employee. Try again, or ask your manager.',
  flagged: 'The face did not match the enrolled employee: this punch was flagged for review',
  noFace: 'No face was found in the photo. Face the camera in good light and try again.',
  badImage: 'The photo could not be read. Send a JPEG or PNG image.',
  consentRequired: 'Consent is required to enrol a face',
  consentOutdated: 'The consent text has changed; read and agree to the current one',
  notYours: 'You can only enrol your own face',
  noEnrolment: 'No face is enrolled',
  unavailable: 'Face check is unavailable right now, try again',
} as const;

const faceImage = z
  .string()
  .min(100, 'Take a photo first')
  .max(FACE_IMAGE_MAX_BASE64, 'The photo is too large')
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'faceImage is base64 without a data: prefix');

/** jpeg (SPEC.md), or png (a browser canvas's default): the server reads the format from the bytes. */
const faceExtension = z.enum(['jpeg', 'jpg', 'png']);

/** The face payload of SPEC.md section 3, optional on every clock and break action. */
export const facePayloadFields = {
  faceImage: faceImage.optional(),
  extension: faceExtension.optional(),
  /** Sent false by the browser (SPEC.md section 3); the server decides by itself. */
  has_unique_face: z.boolean().optional(),
};
export const facePayloadSchema = z.strictObject({
  faceImage,
  extension: faceExtension,
  has_unique_face: z.boolean(),
});
export type FacePayload = z.infer<typeof facePayloadSchema>;

/** PATCH /users/update-face/{user_id}. */
export const faceEnrolRequestSchema = z.strictObject({
  faceImage,
  extension: faceExtension.default('jpeg'),
  has_unique_face: z.boolean().optional(),
  consent: z.literal(true, { message: faceMessages.consentRequired }),
  consent_version: z.string().max(40),
});
export type FaceEnrolRequest = z.input<typeof faceEnrolRequestSchema>;

/** What is kept about an enrolment (never the template itself). */
export const faceEnrolmentSchema = z.object({
  user_id: id,
  enrolled: z.boolean(),
  enrolled_at: isoDateTime.nullable(),
  enrolled_by: id.nullable(),
  consent_at: isoDateTime.nullable(),
  consent_by: id.nullable(),
  consent_version: z.string().nullable(),
  consent_text: z.string(),
  current_consent_version: z.string(),
});
export type FaceEnrolment = z.infer<typeof faceEnrolmentSchema>;

/**
 * `data` of a clock action refused by the face check: pending (no photo yet, or none enrolled),
 * or an error (a different person under block, no face in the photo). SPEC.md section 3 names
 * faceAuthPending and faceAuthError; the message is the one to show (section 8).
 */
export const faceRefusalDataSchema = z.object({
  faceAuthPending: z.boolean(),
  faceAuthError: z.boolean(),
  /** false: the employee must enrol first (the modal offers it, with consent) */
  faceEnrolled: z.boolean(),
});
export type FaceRefusalData = z.infer<typeof faceRefusalDataSchema>;

/** A face check of a punch that a manager should look at (flagged or blocked). */
export const faceCheckSchema = z.object({
  id,
  user_id: id,
  user_name: z.string(),
  store_id: id.nullable(),
  action: z.string(),
  result: z.enum(['pass', 'flagged', 'blocked', 'no_face']),
  distance: z.number().nullable(),
  timecard_id: id.nullable(),
  created_at: isoDateTime,
  reviewed_at: isoDateTime.nullable(),
  reviewed_by: id.nullable(),
});
export type FaceCheck = z.infer<typeof faceCheckSchema>;

export const faceCheckListQuerySchema = z.strictObject({
  reviewed: z.enum(['true', 'false']).optional(),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  page_number: z.coerce.number().int().min(1).default(1),
});
