import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  FACE_CONSENT_TEXT,
  FACE_CONSENT_VERSION,
  faceMessages,
  type FaceCheck,
  type FaceEnrolRequest,
  type FaceEnrolment,
  type FaceMode,
  type FaceRefusalData,
} from '@portal/contract/hr-face';
import type { Database, Executor } from '../../platform/database.ts';
import { hasPermission, type RequestContext } from '../../platform/context.ts';
import { loadConfig } from '../../config.ts';
import { AppError } from '../../platform/errors.ts';
import { assertMayActOn, userNameOf, personOf } from '../users/api.ts';
import { describeFace, faceDistance, FaceImageError, type FaceDescription } from './engine.ts';
import { hrFaceChecks, hrFaceConsentEvents, hrFaceEnrolments } from './schema.ts';
import { tenantScope } from '../../db/columns.ts';

/**
 * Two descriptors of face-api's recognition net closer than this (Euclidean) are the same person.
 * face-api's own default is 0.6; on the package's sample photos (bench/face-accuracy.ts) 0.6
 * accepted 5 of 29 pairs of different people in the same photo and 0.5 accepted 1, while 111 of
 * 126 synthetic re-captures of the same face (crop, mirror, scale, light, JPEG quality) passed,
 * most misses being photos with no face found. The default (0.5) and the FACE_MATCH_THRESHOLD
 * variable are read in config.ts; faceRoutes sets the configured value when the app starts.
 */
let faceMatchThreshold = loadConfig({}).FACE_MATCH_THRESHOLD;

/** Sets the face-match threshold (config FACE_MATCH_THRESHOLD), once at start. */
export function setFaceMatchThreshold(value: number) {
  faceMatchThreshold = value;
}

export const FACE_MODEL = 'face-api 1.7.15 ssd_mobilenetv1 + face_landmark_68 + face_recognition';

export type FaceAction = 'clock_in' | 'clock_out' | 'break_start' | 'break_end';

/** Whether a store requires the face check, and what a mismatch does. */
export interface FacePolicy {
  required: boolean;
  mode: FaceMode;
}

function refusal(status: number, message: string, data: FaceRefusalData): AppError {
  return new AppError(status, message, undefined, { ...data });
}

/** Decodes the base64 JPEG or PNG and describes its largest face; unreadable → 400, engine down → 503. */
async function describePhoto(base64: string, enrolled: boolean): Promise<FaceDescription> {
  try {
    return await describeFace(Buffer.from(base64, 'base64'));
  } catch (error) {
    if (error instanceof FaceImageError)
      throw refusal(400, faceMessages.badImage, {
        faceAuthPending: false,
        faceAuthError: true,
        faceEnrolled: enrolled,
      });
    throw new AppError(503, faceMessages.unavailable);
  }
}

async function enrolmentOf(db: Executor, companyId: number, userId: number) {
  const [row] = await db
    .select()
    .from(hrFaceEnrolments)
    .where(and(tenantScope(hrFaceEnrolments, companyId), eq(hrFaceEnrolments.user_id, userId)));
  return row ?? null;
}

export interface PunchFaceInput {
  companyId: number;
  /** whose punch it is (the signed-in employee, or the person a kiosk PIN named) */
  userId: number;
  /** the store the punch is at (for clock-out and breaks: the open timecard's store) */
  storeId: number;
  action: FaceAction;
  timecardId?: number | null;
  faceImage?: string | null | undefined;
  /** the store's face policy, from the HR settings (hr/face-check.ts) */
  policy: FacePolicy;
}

export interface PunchFaceResult {
  /** set when the punch passes under the flag policy although the face did not match */
  flag: string | null;
  /** the logged check, to link to the timecard a clock-in creates */
  checkId: number | null;
  distance: number | null;
}

/**
 * The face check of one punch, for the web clock and the kiosk alike. Not required at the store:
 * passes. Required and no photo, or nothing enrolled: 428 with faceAuthPending. A photo with no
 * face: 400 with faceAuthError. A different person: 403 with faceAuthError under `block`, or a
 * pass with `flag` set under `flag`. Every check with a photo is logged for managers.
 * Runs before the punch's transaction: the inference (~0.3–1 s) holds no row lock.
 */
export async function checkPunchFace(
  db: Database,
  input: PunchFaceInput,
): Promise<PunchFaceResult> {
  const passed: PunchFaceResult = { flag: null, checkId: null, distance: null };
  const { policy } = input;
  if (!policy.required) return passed;
  const enrolment = await enrolmentOf(db, input.companyId, input.userId);
  if (!enrolment || !input.faceImage)
    throw refusal(428, enrolment ? faceMessages.pending : faceMessages.notEnrolled, {
      faceAuthPending: true,
      faceAuthError: false,
      faceEnrolled: Boolean(enrolment),
    });
  const described = await describePhoto(input.faceImage, true);
  const log = async (result: string, distance: number | null) => {
    const [row] = await db
      .insert(hrFaceChecks)
      .values({
        company_id: input.companyId,
        user_id: input.userId,
        store_id: input.storeId,
        action: input.action,
        result,
        distance,
        timecard_id: input.timecardId ?? null,
      })
      .returning({ id: hrFaceChecks.id });
    return row?.id ?? null;
  };
  if (!described.descriptor) {
    await log('no_face', null);
    throw refusal(400, faceMessages.noFace, {
      faceAuthPending: false,
      faceAuthError: true,
      faceEnrolled: true,
    });
  }
  const distance =
    Math.round(faceDistance(described.descriptor, enrolment.descriptor) * 1000) / 1000;
  if (distance <= faceMatchThreshold) {
    return { flag: null, checkId: await log('pass', distance), distance };
  }
  if (policy.mode === 'block') {
    await log('blocked', distance);
    throw refusal(403, faceMessages.mismatch, {
      faceAuthPending: false,
      faceAuthError: true,
      faceEnrolled: true,
    });
  }
  return {
    flag: `Face check: did not match the enrolled face (distance ${distance.toFixed(2)})`,
    checkId: await log('flagged', distance),
    distance,
  };
}

/** Names the timecard a clock-in created on its logged face check. */
export async function linkFaceCheck(
  db: Executor,
  companyId: number,
  checkId: number | null,
  timecardId: number,
): Promise<void> {
  if (!checkId) return;
  await db
    .update(hrFaceChecks)
    .set({ timecard_id: timecardId })
    .where(and(tenantScope(hrFaceChecks, companyId), eq(hrFaceChecks.id, checkId)));
}

// ---- Enrolment (PATCH /users/update-face/{user_id})

/**
 * Self, or a manager with write_employees for a user of the company (another company's user is
 * not found). Returns whether the caller acts for someone else.
 */
async function assertMayManageFace(db: Executor, ctx: RequestContext, userId: number) {
  const user = await personOf(db, ctx.companyId, userId);
  if (!user) throw AppError.notFound('User');
  if (userId !== ctx.userId && !hasPermission(ctx, 'write_employees'))
    throw AppError.forbidden(faceMessages.notYours);
  // A manager enrols or deletes the face of someone strictly below them only (rank rule).
  await assertMayActOn(db, ctx, userId, { includeDeleted: true });
  return user;
}

function enrolmentView(
  userId: number,
  row: typeof hrFaceEnrolments.$inferSelect | null,
): FaceEnrolment {
  return {
    user_id: userId,
    enrolled: Boolean(row),
    enrolled_at: row?.updated_at ?? null,
    enrolled_by: row?.enrolled_by ?? null,
    consent_at: row?.consent_at ?? null,
    consent_by: row?.consent_by ?? null,
    consent_version: row?.consent_version ?? null,
    consent_text: FACE_CONSENT_TEXT,
    current_consent_version: FACE_CONSENT_VERSION,
  };
}

export async function getFaceEnrolment(
  db: Executor,
  ctx: RequestContext,
  userId: number,
): Promise<FaceEnrolment> {
  if (userId !== ctx.userId && !hasPermission(ctx, 'read_employees'))
    throw AppError.forbidden(faceMessages.notYours);
  if (!(await personOf(db, ctx.companyId, userId))) throw AppError.notFound('User');
  return enrolmentView(userId, await enrolmentOf(db, ctx.companyId, userId));
}

/** Enrols (or replaces) a face: exactly one face in the photo, consent to the current text. */
export async function enrolFace(
  db: Database,
  ctx: RequestContext,
  userId: number,
  input: FaceEnrolRequest,
): Promise<FaceEnrolment> {
  const user = await assertMayManageFace(db, ctx, userId);
  if (!user.is_active || user.is_deleted)
    throw AppError.badRequest('Only active employees can enrol a face');
  if (input.consent !== true)
    throw AppError.badRequest(faceMessages.consentRequired, {
      consent: [faceMessages.consentRequired],
    });
  if (input.consent_version !== FACE_CONSENT_VERSION)
    throw AppError.badRequest(faceMessages.consentOutdated, {
      consent_version: [faceMessages.consentOutdated],
    });
  const described = await describePhoto(input.faceImage, false);
  if (!described.descriptor) throw AppError.badRequest(faceMessages.noFace);
  if (described.faces > 1)
    throw AppError.badRequest(
      'More than one face is in the photo: only the employee should be in it',
    );
  const descriptor = described.descriptor.map((v) => Math.round(v * 1e6) / 1e6);
  const row = await db.transaction(async (tx) => {
    const now = new Date().toISOString();
    const values = {
      descriptor,
      model: FACE_MODEL,
      enrolled_by: ctx.userId,
      consent_at: now,
      consent_by: ctx.userId,
      consent_version: input.consent_version,
      updated_at: now,
    };
    const [saved] = await tx
      .insert(hrFaceEnrolments)
      .values({ company_id: ctx.companyId, user_id: userId, ...values })
      .onConflictDoUpdate({
        target: [hrFaceEnrolments.company_id, hrFaceEnrolments.user_id],
        set: values,
      })
      .returning();
    await tx.insert(hrFaceConsentEvents).values({
      company_id: ctx.companyId,
      user_id: userId,
      event: 'granted',
      consent_version: input.consent_version,
      actor_id: ctx.userId,
    });
    return saved ?? null;
  });
  return enrolmentView(userId, row);
}

/** Consent withdrawn: the template goes; the consent history records it. */
export async function withdrawFace(
  db: Database,
  ctx: RequestContext,
  userId: number,
): Promise<FaceEnrolment> {
  await assertMayManageFace(db, ctx, userId);
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(hrFaceEnrolments)
      .where(
        and(tenantScope(hrFaceEnrolments, ctx.companyId), eq(hrFaceEnrolments.user_id, userId)),
      )
      .returning({ id: hrFaceEnrolments.id });
    if (!deleted.length) throw AppError.notFound('Face enrolment');
    await tx.insert(hrFaceConsentEvents).values({
      company_id: ctx.companyId,
      user_id: userId,
      event: 'withdrawn',
      actor_id: ctx.userId,
    });
  });
  return enrolmentView(userId, null);
}

/** Why a face was deleted without the employee withdrawing consent (the consent history's event). */
export type FaceDeletionEvent =
  'deleted_on_termination' | 'deleted_with_employee' | 'deleted_with_user' | 'deleted_on_disable';

/**
 * Termination or deletion of the employee (employees.ts), deletion (DELETE /users, the delete
 * flag) or disabling of the user (users module), inside the caller's transaction: face data is
 * kept only while the person is an active employee.
 */
export async function deleteFaceOnTermination(
  tx: Executor,
  companyId: number,
  userId: number,
  actorId: number,
  event: FaceDeletionEvent = 'deleted_on_termination',
): Promise<void> {
  const deleted = await tx
    .delete(hrFaceEnrolments)
    .where(and(tenantScope(hrFaceEnrolments, companyId), eq(hrFaceEnrolments.user_id, userId)))
    .returning({ id: hrFaceEnrolments.id });
  if (!deleted.length) return;
  await tx.insert(hrFaceConsentEvents).values({
    company_id: companyId,
    user_id: userId,
    event,
    actor_id: actorId,
  });
}

// ---- Review (managers)

export async function listFaceChecks(
  db: Executor,
  ctx: RequestContext,
  query: { reviewed?: 'true' | 'false' | undefined; page_size: number; page_number: number },
): Promise<{ results: FaceCheck[]; total: number }> {
  const where = and(
    tenantScope(hrFaceChecks, ctx.companyId),
    inArray(hrFaceChecks.result, ['flagged', 'blocked']),
    query.reviewed === 'true'
      ? isNotNull(hrFaceChecks.reviewed_at)
      : query.reviewed === 'false'
        ? isNull(hrFaceChecks.reviewed_at)
        : undefined,
  );
  const [total] = await db.select({ total: count() }).from(hrFaceChecks).where(where);
  const rows = await db
    .select({
      id: hrFaceChecks.id,
      user_id: hrFaceChecks.user_id,
      user_name: sql<string>`trim(${userNameOf(hrFaceChecks.company_id, hrFaceChecks.user_id)})`,
      store_id: hrFaceChecks.store_id,
      action: hrFaceChecks.action,
      result: hrFaceChecks.result,
      distance: hrFaceChecks.distance,
      timecard_id: hrFaceChecks.timecard_id,
      created_at: hrFaceChecks.created_at,
      reviewed_at: hrFaceChecks.reviewed_at,
      reviewed_by: hrFaceChecks.reviewed_by,
    })
    .from(hrFaceChecks)
    .where(where)
    .orderBy(desc(hrFaceChecks.created_at), desc(hrFaceChecks.id))
    .limit(query.page_size)
    .offset((query.page_number - 1) * query.page_size);
  return {
    results: rows.map((row) => ({
      ...row,
      result: row.result as FaceCheck['result'],
    })),
    total: total?.total ?? 0,
  };
}

export async function markFaceCheckReviewed(
  db: Executor,
  ctx: RequestContext,
  id: number,
): Promise<void> {
  const updated = await db
    .update(hrFaceChecks)
    .set({ reviewed_at: sql`now()`, reviewed_by: ctx.userId })
    .where(and(tenantScope(hrFaceChecks, ctx.companyId), eq(hrFaceChecks.id, id)))
    .returning({ id: hrFaceChecks.id });
  if (!updated.length) throw AppError.notFound('Face check');
}
