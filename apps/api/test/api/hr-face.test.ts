import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte } from 'drizzle-orm';
import type { ClockActionData, BreakActionData } from '@portal/contract/hr';
import {
  FACE_CONSENT_VERSION,
  faceMessages,
  type FaceCheck,
  type FaceEnrolment,
  type FaceRefusalData,
} from '@portal/contract/hr-face';
import { roles } from '../../src/modules/access/schema.ts';
import { hrFaceConsentEvents, hrFaceEnrolments } from '../../src/modules/hr-face/schema.ts';
import { hrTimecards } from '../../src/modules/hr/schema.ts';
import { stores } from '../../src/modules/organisation/schema.ts';
import { faceDistance } from '../../src/modules/hr-face/engine.ts';
import { assignStores } from '../support/store-assignments.ts';
import { signInPerson, type Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { base64, faceJpeg, facePng, noFaceJpeg, sampleJpeg } from './face-images.ts';

/**
 * The face check (SPEC.md sections 3, 7, 8) with the real model of @vladmandic/face-api. "Alice" is
 * face s1f2 of the package's sample1.jpg; "Bea" is face s1f0 of the same photo (so certainly
 * another person). Another capture of Alice is a different crop of her face, mirrored, smaller,
 * darker and at a lower JPEG quality: the package ships no second photo known to be of her.
 */

type Reply<T> = { data: T };
let t: TestApp;
let employee: Person;
let manager: Person;
let northwind: Person;
let storeA: number;
let storeB: number;
let storeC: number;
let associateRoleId: number;

const alice = base64(faceJpeg('s1f2'));
const aliceAgain = base64(
  faceJpeg('s1f2', {
    margin: 0.4,
    shift: [0.1, -0.05],
    mirror: true,
    scale: 0.6,
    brightness: 0.85,
    quality: 60,
  }),
);
const bea = base64(faceJpeg('s1f0'));
const face = (image: string) => ({ faceImage: image, extension: 'jpeg', has_unique_face: false });

const person = (email: string, password?: string) => signInPerson(t, email, password);

const enrol = (who: Person, userId: number, image: string, extra: Record<string, unknown> = {}) =>
  t.call<Reply<FaceEnrolment>>('PATCH', `/api/users/update-face/${userId}`, {
    token: who.token,
    body: { ...face(image), consent: true, consent_version: FACE_CONSENT_VERSION, ...extra },
  });
const clockIn = (who: Person, storeId: number, extra: Record<string, unknown> = {}) =>
  t.call<Reply<ClockActionData & FaceRefusalData>>('POST', '/api/hr-web-clockin', {
    token: who.token,
    body: { user_id: who.id, store_id: storeId, user_comment: 'in', ...extra },
  });
const clockOut = (who: Person, timecardId: number, extra: Record<string, unknown> = {}) =>
  t.call<Reply<ClockActionData & FaceRefusalData>>('PATCH', '/api/hr-web-clockin', {
    token: who.token,
    body: { id: timecardId, user_id: who.id, ...extra },
  });
/** Timecards punched during this test run (not the demo's seeded history). */
const startedAt = new Date().toISOString();
const openCards = (who: Person) =>
  t.database.db
    .select({ id: hrTimecards.id })
    .from(hrTimecards)
    .where(
      and(
        eq(hrTimecards.user_id, who.id),
        eq(hrTimecards.company_id, who.companyId),
        gte(hrTimecards.clock_in, startedAt),
      ),
    );
const enrolmentRow = async (userId: number) =>
  (
    await t.database.db.select().from(hrFaceEnrolments).where(eq(hrFaceEnrolments.user_id, userId))
  )[0];
const events = async (userId: number) =>
  (
    await t.database.db
      .select({ event: hrFaceConsentEvents.event, actor_id: hrFaceConsentEvents.actor_id })
      .from(hrFaceConsentEvents)
      .where(eq(hrFaceConsentEvents.user_id, userId))
      .orderBy(hrFaceConsentEvents.id)
  ).map((row) => row.event);

async function hire(email: string): Promise<Person> {
  const res = await t.call<Reply<{ id: number }>>('POST', '/api/employees/new', {
    token: manager.token,
    body: {
      email,
      first_name: 'Fay',
      last_name: 'Facecheck',
      role_id: associateRoleId,
      password: 'Clock-In-Every-Day-9',
      pay_type: 'hourly',
      hire_date: '2026-11-01',
    },
  });
  if (res.status !== 200) throw new Error(`could not hire ${email}: ${res.body.message}`);
  return person(email, 'Clock-In-Every-Day-9');
}

beforeAll(async () => {
  t = await startTestApp();
  employee = await person('employee@demo.example');
  manager = await person('manager@demo.example');
  northwind = await person('admin@northwind.example');
  const demoStores = await t.database.db
    .select({ id: stores.id })
    .from(stores)
    .where(eq(stores.company_id, employee.companyId))
    .orderBy(stores.id);
  [storeA, storeB, storeC] = demoStores.map((s) => s.id) as [number, number, number];
  await assignStores(t, employee.companyId, [employee.id], [storeA, storeB, storeC]);
  const [role] = await t.database.db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(eq(roles.company_id, employee.companyId), eq(roles.base_role, 'sub_agent_employee')),
    );
  if (!role) throw new Error('no associate role');
  associateRoleId = role.id;
});
afterAll(() => t.close());

describe('enrolment (PATCH /users/update-face/{user_id})', () => {
  it('refuses without consent, with an old consent text, without a face, with several faces or a non-JPEG', async () => {
    const noConsent = await enrol(employee, employee.id, alice, { consent: false });
    expect(noConsent.status).toBe(400);
    const old = await enrol(employee, employee.id, alice, { consent_version: '2019-01-01' });
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(faceMessages.consentOutdated);
    const blank = await enrol(employee, employee.id, base64(noFaceJpeg()));
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(faceMessages.noFace);
    const group = await enrol(employee, employee.id, base64(sampleJpeg(1, 0.4)));
    expect(group.status).toBe(400);
    expect(group.body.message).toMatch(/More than one face/);
    const notJpeg = await enrol(employee, employee.id, Buffer.alloc(300, 7).toString('base64'));
    expect(notJpeg.status).toBe(400);
    expect(notJpeg.body.message).toBe(faceMessages.badImage);
    expect(await enrolmentRow(employee.id)).toBeUndefined();
  }, 60_000);

  it('enrols the employee with the consent recorded (who, when, text version), keeping no photo', async () => {
    const res = await enrol(employee, employee.id, alice);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Face updated');
    expect(res.body.data).toMatchObject({
      user_id: employee.id,
      enrolled: true,
      consent_by: employee.id,
      enrolled_by: employee.id,
      consent_version: FACE_CONSENT_VERSION,
    });
    expect(res.body.data).not.toHaveProperty('descriptor');
    const row = await enrolmentRow(employee.id);
    expect(row?.descriptor).toHaveLength(128);
    expect(Object.keys(row ?? {})).not.toContain('image');
    expect(await events(employee.id)).toEqual(['granted']);
    const read = await t.call<Reply<FaceEnrolment>>(
      'GET',
      `/api/users/update-face/${employee.id}`,
      { token: employee.token },
    );
    expect(read.body.data.enrolled).toBe(true);
    expect(read.body.data.consent_text).toMatch(/face template/);
  }, 60_000);

  it('lets a manager enrol an employee, but not an employee enrol someone else', async () => {
    const other = await t.call('PATCH', `/api/users/update-face/${manager.id}`, {
      token: employee.token,
      body: { ...face(bea), consent: true, consent_version: FACE_CONSENT_VERSION },
    });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(faceMessages.notYours);
    expect(await enrolmentRow(manager.id)).toBeUndefined();
  });
});

describe('PNG photos (a browser canvas’s default)', () => {
  it('reads a PNG like the JPEG of the same face; a broken PNG is refused with a message', async () => {
    const user = await hire('face.png@demo.example');
    const viaJpeg = await enrol(user, user.id, alice);
    expect(viaJpeg.status, JSON.stringify(viaJpeg.body)).toBe(200);
    const jpegDescriptor = (await enrolmentRow(user.id))?.descriptor ?? [];
    const png = facePng('s1f2', 12);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const viaPng = await enrol(user, user.id, base64(png), { extension: 'png' });
    expect(viaPng.status, JSON.stringify(viaPng.body)).toBe(200);
    const pngDescriptor = (await enrolmentRow(user.id))?.descriptor ?? [];
    expect(pngDescriptor).toHaveLength(128);
    expect(faceDistance(pngDescriptor, jpegDescriptor)).toBeLessThan(0.3);
    const beaPng = await enrol(user, user.id, base64(facePng('s1f0')), { extension: 'png' });
    expect(beaPng.status).toBe(200);
    expect(
      faceDistance((await enrolmentRow(user.id))?.descriptor ?? [], jpegDescriptor),
    ).toBeGreaterThan(0.5);
    const broken = await enrol(user, user.id, base64(png.subarray(0, 400)), { extension: 'png' });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe(faceMessages.badImage);
  }, 60_000);
});

describe('the face check of the clock', () => {
  it('company requires it: a clock-in without a photo answers faceAuthPending and creates nothing', async () => {
    const settings = await t.call<Reply<{ face_check_required: boolean; face_check_mode: string }>>(
      'POST',
      '/api/hr-settings-companies',
      { token: manager.token, body: { face_check_required: true, face_check_mode: 'block' } },
    );
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    expect(settings.body.data).toMatchObject({
      face_check_required: true,
      face_check_mode: 'block',
    });
    const pending = await clockIn(employee, storeA);
    expect(pending.status).toBe(428);
    expect(pending.body.message).toBe(faceMessages.pending);
    expect(pending.body.data).toEqual({
      faceAuthPending: true,
      faceAuthError: false,
      faceEnrolled: true,
    });
    expect(await openCards(employee)).toHaveLength(0);
  });

  it('someone with no enrolment is told to enrol', async () => {
    const newcomer = await hire('face.newcomer@demo.example');
    await assignStores(t, newcomer.companyId, [newcomer.id], [storeA]);
    const res = await clockIn(newcomer, storeA, face(alice));
    expect(res.status).toBe(428);
    expect(res.body.message).toBe(faceMessages.notEnrolled);
    expect(res.body.data).toMatchObject({ faceAuthPending: true, faceEnrolled: false });
  });

  it('passes with another capture of the same face, for clock-in, breaks and clock-out', async () => {
    const inRes = await clockIn(employee, storeA, face(aliceAgain));
    expect(inRes.status, JSON.stringify(inRes.body)).toBe(200);
    expect(inRes.body.message).toBe('Clocked In');
    expect(inRes.body.data.timecard.face_flag).toBeNull();
    const timecardId = inRes.body.data.timecard.id;
    await t.call('POST', '/api/hr-settings-stores', {
      token: manager.token,
      body: {
        store_id: storeA,
        breaks: [{ short_description: 'Coffee Break', duration: 10, is_paid: true }],
      },
    });
    const settings = await t.call<Reply<{ results: { settings_store_id: number }[] }>>(
      'GET',
      `/api/hr-timecard-breaks/break_settings/${storeA}&${employee.id}`,
      { token: employee.token },
    );
    const settingId = settings.body.data.results[0]?.settings_store_id;
    const breakBody = {
      timecard_id: timecardId,
      user_id: employee.id,
      settings_store_id: settingId,
    };
    const noPhoto = await t.call<Reply<FaceRefusalData>>('POST', '/api/hr-timecard-breaks', {
      token: employee.token,
      body: breakBody,
    });
    expect(noPhoto.status).toBe(428);
    expect(noPhoto.body.data.faceAuthPending).toBe(true);
    const started = await t.call<Reply<BreakActionData>>('POST', '/api/hr-timecard-breaks', {
      token: employee.token,
      body: { ...breakBody, ...face(alice) },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const ended = await t.call<Reply<BreakActionData>>('PATCH', '/api/hr-timecard-breaks', {
      token: employee.token,
      body: { id: started.body.data.break.id, user_id: employee.id, ...face(aliceAgain) },
    });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body.data.break.face_flag).toBeNull();
    expect((await clockOut(employee, timecardId)).status).toBe(428);
    const out = await clockOut(employee, timecardId, face(alice));
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.body.message).toBe('Clocked Out');
  }, 90_000);

  it('blocks a different person with a clear message (faceAuthError) and logs it for review', async () => {
    const res = await clockIn(employee, storeA, face(bea));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(faceMessages.mismatch);
    expect(res.body.data).toMatchObject({ faceAuthPending: false, faceAuthError: true });
    expect(await openCards(employee).then((cards) => cards.length)).toBe(1); // the closed one only
    const blank = await clockIn(employee, storeA, face(base64(noFaceJpeg())));
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(faceMessages.noFace);
    expect(blank.body.data).toMatchObject({ faceAuthError: true });
    const checks = await t.call<Reply<{ results: FaceCheck[]; total: number }>>(
      'GET',
      '/api/hr-face/checks',
      { token: manager.token },
    );
    expect(checks.status).toBe(200);
    expect(checks.body.data.results[0]).toMatchObject({
      user_id: employee.id,
      result: 'blocked',
      action: 'clock_in',
      timecard_id: null,
    });
    expect(checks.body.data.results[0]?.distance).toBeGreaterThan(0.5);
    const refused = await t.call('GET', '/api/hr-face/checks', { token: employee.token });
    expect(refused.status).toBe(403);
  }, 60_000);

  it('a store set to flag accepts a different person and flags the punch for a manager', async () => {
    const store = await t.call<Reply<{ face_check_mode: string | null }>>(
      'POST',
      '/api/hr-settings-stores',
      { token: manager.token, body: { store_id: storeB, face_check_mode: 'flag' } },
    );
    expect(store.status, JSON.stringify(store.body)).toBe(200);
    expect(store.body.data.face_check_mode).toBe('flag');
    const res = await clockIn(employee, storeB, face(bea));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.timecard.face_flag).toMatch(/did not match the enrolled face/);
    expect(res.body.data.warning).toMatch(/did not match/);
    const checks = await t.call<Reply<{ results: FaceCheck[] }>>(
      'GET',
      '/api/hr-face/checks?reviewed=false',
      { token: manager.token },
    );
    const flagged = checks.body.data.results.find((c) => c.result === 'flagged');
    expect(flagged).toMatchObject({ timecard_id: res.body.data.timecard.id, store_id: storeB });
    const reviewed = await t.call('PATCH', `/api/hr-face/checks/${flagged?.id}`, {
      token: manager.token,
    });
    expect(reviewed.status).toBe(200);
    const still = await t.call<Reply<{ results: FaceCheck[] }>>(
      'GET',
      '/api/hr-face/checks?reviewed=false',
      { token: manager.token },
    );
    expect(still.body.data.results.map((c) => c.id)).not.toContain(flagged?.id);
    expect((await clockOut(employee, res.body.data.timecard.id, face(alice))).status).toBe(200);
  }, 60_000);

  it('a store that turns the check off needs no photo', async () => {
    await t.call('POST', '/api/hr-settings-stores', {
      token: manager.token,
      body: { store_id: storeC, face_check_required: false },
    });
    const res = await clockIn(employee, storeC);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await clockOut(employee, res.body.data.timecard.id)).status).toBe(200);
  });
});

describe('keeping face data only with consent and employment', () => {
  it('withdrawing consent deletes the face; the consent history keeps no biometric data', async () => {
    const res = await t.call<Reply<FaceEnrolment>>(
      'DELETE',
      `/api/users/update-face/${employee.id}`,
      { token: employee.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(faceMessages.faceDeleted);
    expect(res.body.data.enrolled).toBe(false);
    expect(await enrolmentRow(employee.id)).toBeUndefined();
    expect(await events(employee.id)).toEqual(['granted', 'withdrawn']);
    const again = await clockIn(employee, storeA, face(alice));
    expect(again.status).toBe(428);
    expect(again.body.data.faceEnrolled).toBe(false);
  }, 60_000);

  it('termination deletes the face a manager enrolled', async () => {
    const leaver = await hire('face.leaver@demo.example');
    const enrolled = await enrol(manager, leaver.id, alice);
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
    expect(enrolled.body.data).toMatchObject({ consent_by: manager.id, enrolled_by: manager.id });
    const terminated = await t.call('POST', '/api/employee-termination', {
      token: manager.token,
      body: { user_id: leaver.id, termination_notes: 'Moved away' },
    });
    expect(terminated.status, JSON.stringify(terminated.body)).toBe(200);
    expect(await enrolmentRow(leaver.id)).toBeUndefined();
    expect(await events(leaver.id)).toEqual(['granted', 'deleted_on_termination']);
    const refused = await enrol(manager, leaver.id, alice);
    expect(refused.status).toBe(400);
  }, 60_000);

  it('deleting an employee deletes their face too', async () => {
    const gone = await hire('face.gone@demo.example');
    expect((await enrol(gone, gone.id, alice)).status).toBe(200);
    const deleted = await t.call('DELETE', `/api/employees/${gone.id}`, { token: manager.token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await enrolmentRow(gone.id)).toBeUndefined();
    // the users module deletes it inside the same transaction as the delete flag
    expect(await events(gone.id)).toEqual(['granted', 'deleted_with_user']);
  }, 60_000);

  it('deleting the user (DELETE /users, the delete flag) deletes their face in the same change', async () => {
    const user = await hire('face.user-deleted@demo.example');
    expect((await enrol(user, user.id, alice)).status).toBe(200);
    const foreign = await t.call('DELETE', `/api/users/${user.id}`, { token: northwind.token });
    expect(foreign.status).toBe(404);
    expect(await enrolmentRow(user.id)).toBeDefined();
    const deleted = await t.call<Reply<{ is_deleted: boolean }>>(
      'DELETE',
      `/api/users/${user.id}`,
      {
        token: manager.token,
      },
    );
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.data.is_deleted).toBe(true);
    expect(await enrolmentRow(user.id)).toBeUndefined();
    expect(await events(user.id)).toEqual(['granted', 'deleted_with_user']);
    const refused = await enrol(manager, user.id, alice);
    expect(refused.status).toBe(400);
    expect(await enrolmentRow(user.id)).toBeUndefined();
  }, 60_000);

  it('disabling the user (PATCH /users/disable) deletes their face; enabling does not bring it back', async () => {
    const user = await hire('face.user-disabled@demo.example');
    expect((await enrol(user, user.id, alice)).status).toBe(200);
    const notAllowed = await t.call('PATCH', `/api/users/disable/${user.id}`, {
      token: employee.token,
    });
    expect(notAllowed.status).toBe(403);
    expect(await enrolmentRow(user.id)).toBeDefined();
    const disabled = await t.call<Reply<{ is_active: boolean }>>(
      'PATCH',
      `/api/users/disable/${user.id}`,
      { token: manager.token },
    );
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(disabled.body.data.is_active).toBe(false);
    expect(await enrolmentRow(user.id)).toBeUndefined();
    expect(await events(user.id)).toEqual(['granted', 'deleted_on_disable']);
    const enabled = await t.call('PATCH', `/api/users/enable/${user.id}`, {
      token: manager.token,
    });
    expect(enabled.status).toBe(200);
    expect(await enrolmentRow(user.id)).toBeUndefined();
    const read = await t.call<Reply<FaceEnrolment>>('GET', `/api/users/update-face/${user.id}`, {
      token: manager.token,
    });
    expect(read.body.data.enrolled).toBe(false);
  }, 60_000);

  it('another company can neither read, enrol, delete nor review this company’s faces', async () => {
    await enrol(employee, employee.id, alice);
    for (const method of ['GET', 'DELETE'])
      expect(
        (await t.call(method, `/api/users/update-face/${employee.id}`, { token: northwind.token }))
          .status,
      ).toBe(404);
    expect((await enrol(northwind, employee.id, bea)).status).toBe(404);
    expect(await enrolmentRow(employee.id)).toBeDefined();
    const checks = await t.call<Reply<{ total: number }>>('GET', '/api/hr-face/checks', {
      token: northwind.token,
    });
    expect(checks.body.data.total).toBe(0);
    expect((await enrol(manager, northwind.id, alice)).status).toBe(404);
  }, 60_000);
});
