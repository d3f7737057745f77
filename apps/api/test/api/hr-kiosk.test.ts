import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { hrMessages, type ClockSession } from '@portal/contract/hr';
import { FACE_CONSENT_VERSION, faceMessages } from '@portal/contract/hr-face';
import {
  kioskMessages,
  type KioskDevice,
  type KioskEnrolResult,
  type KioskPerson,
  type KioskPunchResult,
  type KioskState,
} from '@portal/contract/hr-kiosk';
import { hrStoreTempAccess, hrTimecards } from '../../src/modules/hr/schema.ts';
import { stores } from '../../src/modules/organisation/schema.ts';
import { users } from '../../src/modules/users/schema.ts';
import { assignStores } from '../support/store-assignments.ts';
import { signInStoreStaff, type StoreStaff as Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { base64, faceJpeg } from './face-images.ts';

type Reply<T> = { data: T };
let t: TestApp;
let manager: Person;
let employee: Person;
let warehouse: Person;
let callcenter: Person;
let northwind: Person;
let otherStore: number;

const person = (email: string) => signInStoreStaff(t, email);

const setPin = async (who: Person, pin: string) => {
  const reply = await t.call('PATCH', `/api/users/mobile-pin-change/${who.id}`, {
    token: who.token,
    body: { mobile_pin: pin },
  });
  expect(reply.status).toBe(200);
};

const enrol = async (by: Person, storeId: number, name = 'Front counter tablet') => {
  const reply = await t.call<Reply<KioskEnrolResult>>('POST', '/api/hr-kiosks', {
    token: by.token,
    body: { store_id: storeId, name },
  });
  expect(reply.status, reply.body.message).toBe(200);
  return reply.body.data;
};

const state = (deviceToken: string) =>
  t.call<Reply<KioskState>>('POST', '/api/hr-kiosk/state', {
    body: { device_token: deviceToken },
  });
const identify = (deviceToken: string, who: Record<string, unknown>) =>
  t.call<Reply<KioskPerson>>('POST', '/api/hr-kiosk/identify', {
    body: { device_token: deviceToken, ...who },
  });
const punch = (deviceToken: string, body: Record<string, unknown>) =>
  t.call<Reply<KioskPunchResult>>('POST', '/api/hr-kiosk/punch', {
    body: { device_token: deviceToken, ...body },
  });
const openCards = (who: Person) =>
  t.database.db
    .select({ id: hrTimecards.id, store_id: hrTimecards.store_id })
    .from(hrTimecards)
    .where(and(eq(hrTimecards.user_id, who.id), isNull(hrTimecards.clock_out)));

beforeAll(async () => {
  t = await startTestApp();
  manager = await person('manager@demo.example');
  employee = await person('employee@demo.example');
  warehouse = await person('warehouse@demo.example');
  callcenter = await person('callcenter@demo.example');
  northwind = await person('admin@northwind.example');
  const [other] = await t.database.db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.company_id, employee.companyId), ne(stores.id, employee.storeId)));
  if (!other) throw new Error('the demo company needs a second store');
  otherStore = other.id;
  // The warehouse user works at another store than the kiosk's.
  await t.database.db
    .update(users)
    .set({ current_store: otherStore })
    .where(eq(users.id, warehouse.id));
  await setPin(employee, '2468');
  await setPin(warehouse, '1357');
  await setPin(callcenter, '9753');
});
afterAll(() => t.close());

describe('enrolment', () => {
  it('a manager enrols a store device, sees it listed, and its credential is a device, not a session', async () => {
    const { device, device_token } = await enrol(manager, employee.storeId);
    expect(device).toMatchObject({ store_id: employee.storeId, revoked_at: null });
    expect(device_token).toMatch(new RegExp(`^${manager.companyId}\\.${device.id}\\.`));
    const list = await t.call<Reply<{ results: KioskDevice[] }>>('GET', '/api/hr-kiosks', {
      token: manager.token,
    });
    expect(list.body.data.results.map((d) => d.id)).toContain(device.id);
    // Not a bearer session: the portal refuses it.
    const asSession = await t.call('GET', '/api/hr-web-clockin', { token: device_token });
    expect(asSession.status).toBe(460);
    const seen = await state(device_token);
    expect(seen.status).toBe(200);
    expect(seen.body.data.store.id).toBe(employee.storeId);
    expect(seen.body.data.staff.map((s) => s.id)).toContain(employee.id);
    expect(seen.body.data.staff.map((s) => s.id)).not.toContain(warehouse.id);
  });

  it('needs write_hr_kiosks, and a store of the caller company', async () => {
    const denied = await t.call('POST', '/api/hr-kiosks', {
      token: employee.token,
      body: { store_id: employee.storeId, name: 'Mine' },
    });
    expect(denied.status).toBe(403);
    expect((await t.call('GET', '/api/hr-kiosks', { token: employee.token })).status).toBe(403);
    const foreign = await t.call('POST', '/api/hr-kiosks', {
      token: manager.token,
      body: { store_id: northwind.storeId, name: 'Theirs' },
    });
    // Another company's store is a reference that does not exist here (the engine: 400 on the field).
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toHaveProperty('store_id');
    const blank = await t.call('POST', '/api/hr-kiosks', {
      token: manager.token,
      body: { store_id: employee.storeId, name: ' ' },
    });
    expect(blank.status).toBe(400);
  });

  it('a revoked device is refused at once, and another company cannot revoke it', async () => {
    const { device, device_token } = await enrol(manager, employee.storeId, 'Back office');
    expect((await state(device_token)).status).toBe(200);
    const foreign = await t.call('DELETE', `/api/hr-kiosks/${device.id}`, {
      token: northwind.token,
    });
    expect(foreign.status).toBe(404);
    const revoked = await t.call<Reply<KioskDevice>>('DELETE', `/api/hr-kiosks/${device.id}`, {
      token: manager.token,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toBe(kioskMessages.revoked);
    expect(revoked.body.data.revoked_at).not.toBeNull();
    const refused = await state(device_token);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(kioskMessages.deviceRefused);
    const punchRefused = await punch(device_token, {
      user_id: employee.id,
      mobile_pin: '2468',
      action: 'clock_in',
    });
    expect(punchRefused.status).toBe(401);
    expect(await openCards(employee)).toHaveLength(0);
  });

  it('a forged or altered credential is refused', async () => {
    const { device_token } = await enrol(manager, employee.storeId, 'Spare');
    const [company, id, secret] = device_token.split('.');
    const altered = `${company}.${id}.${secret?.slice(0, -2)}xx`;
    expect((await state(altered)).status).toBe(401);
    expect((await state(`${northwind.companyId}.${id}.${secret}`)).status).toBe(401);
    expect((await state('not-a-credential')).status).toBe(400);
  });
});

describe('PIN', () => {
  let token: string;
  beforeAll(async () => {
    token = (await enrol(manager, employee.storeId, 'PIN tablet')).device_token;
  });

  it('a right PIN answers the person, their session and the store breaks; a wrong one is refused', async () => {
    const wrong = await identify(token, { user_id: employee.id, mobile_pin: '0000' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(kioskMessages.wrongPin);
    const right = await identify(token, { email: 'EMPLOYEE@demo.example', mobile_pin: '2468' });
    expect(right.status).toBe(200);
    expect(right.body.data).toMatchObject({ id: employee.id, first_name: expect.any(String) });
    expect(right.body.data.session.status).toBe(1);
    expect(right.body.data.break_settings.map((b) => b.short_description).sort()).toEqual([
      'Coffee Break',
      'Lunch Break',
    ]);
    const unknown = await identify(token, { email: 'nobody@demo.example', mobile_pin: '2468' });
    expect(unknown.status).toBe(401);
  });

  it('a person without a PIN is told to set one', async () => {
    const noPin = await identify(token, { user_id: manager.id, mobile_pin: '1234' });
    expect(noPin.status).toBe(400);
    expect(noPin.body.message).toBe(kioskMessages.noPin);
  });

  it('five wrong PINs lock that person out of every kiosk for a while, even with the right PIN', async () => {
    for (let i = 0; i < 5; i++) {
      const wrong = await identify(token, { user_id: callcenter.id, mobile_pin: `11${i}1` });
      expect(wrong.status).toBe(401);
    }
    const blocked = await identify(token, { user_id: callcenter.id, mobile_pin: '9753' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(kioskMessages.tooManyPins(15));
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
    const punched = await punch(token, {
      user_id: callcenter.id,
      mobile_pin: '9753',
      action: 'clock_in',
    });
    expect(punched.status).toBe(429);
    expect(await openCards(callcenter)).toHaveLength(0);
    // Someone else at the same kiosk is not held up.
    expect((await identify(token, { user_id: employee.id, mobile_pin: '2468' })).status).toBe(200);
  });
});

describe('punches go through the clock rules', () => {
  let token: string;
  beforeAll(async () => {
    token = (await enrol(manager, employee.storeId, 'Clock tablet')).device_token;
  });

  it('clock in (double press: one timecard), break, end it, clock out (double press: same card)', async () => {
    const pin = { user_id: employee.id, mobile_pin: '2468' };
    const presses = await Promise.all([
      punch(token, { ...pin, action: 'clock_in' }),
      punch(token, { ...pin, action: 'clock_in' }),
    ]);
    for (const press of presses) {
      expect(press.status, press.body.message).toBe(200);
      expect(press.body.message).toBe(hrMessages.clockedIn);
    }
    const cards = await openCards(employee);
    expect(cards).toHaveLength(1);
    expect(cards[0]?.store_id).toBe(employee.storeId);

    const who = (await identify(token, pin)).body.data;
    expect(who.session.status).toBe(2);
    const timecardId = who.session.timecard_id;
    const lunch = who.break_settings.find((b) => b.short_description === 'Lunch Break');
    const coffee = who.break_settings.find((b) => b.short_description === 'Coffee Break');

    const started = await punch(token, {
      ...pin,
      action: 'start_break',
      timecard_id: timecardId,
      settings_store_id: lunch?.settings_store_id,
    });
    expect(started.status).toBe(200);
    expect(started.body.message).toBe(hrMessages.breakStarted);
    expect(started.body.data.session.status).toBe(3);
    const otherKind = await punch(token, {
      ...pin,
      action: 'start_break',
      timecard_id: timecardId,
      settings_store_id: coffee?.settings_store_id,
    });
    expect(otherKind.status).toBe(409);
    expect(otherKind.body.message).toBe(hrMessages.breakKindLocked);

    const ended = await punch(token, {
      ...pin,
      action: 'end_break',
      timecard_break_id: started.body.data.session.timecard_break_id,
    });
    expect(ended.status).toBe(200);
    expect(ended.body.message).toBe(hrMessages.breakEnded);
    expect(ended.body.data.session.status).toBe(2);

    const outs = await Promise.all([
      punch(token, { ...pin, action: 'clock_out', timecard_id: timecardId }),
      punch(token, { ...pin, action: 'clock_out', timecard_id: timecardId }),
    ]);
    for (const out of outs) {
      expect(out.status).toBe(200);
      expect(out.body.data.session.status).toBe(1);
    }
    expect(await openCards(employee)).toHaveLength(0);
    const breakWhenOut = await punch(token, {
      ...pin,
      action: 'start_break',
      timecard_id: timecardId,
      settings_store_id: lunch?.settings_store_id,
    });
    expect(breakWhenOut.status).toBe(400);
    expect(breakWhenOut.body.message).toBe(hrMessages.notClockedInForBreak);
  });

  it('an open timecard at another store (web clock) is not doubled by the kiosk', async () => {
    await assignStores(t, employee.companyId, [employee.id], [otherStore]);
    const web = await t.call('POST', '/api/hr-web-clockin', {
      token: employee.token,
      body: { user_id: employee.id, store_id: otherStore, schedule_id: 0 },
    });
    expect(web.status).toBe(200);
    const kiosk = await punch(token, {
      user_id: employee.id,
      mobile_pin: '2468',
      action: 'clock_in',
    });
    expect(kiosk.status).toBe(409);
    expect(await openCards(employee)).toHaveLength(1);
    // The kiosk can still end it: the identify answer names that timecard.
    const who = (await identify(token, { user_id: employee.id, mobile_pin: '2468' })).body.data;
    expect(who.session.activeSession?.store.id).toBe(otherStore);
    const out = await punch(token, {
      user_id: employee.id,
      mobile_pin: '2468',
      action: 'clock_out',
      timecard_id: who.session.timecard_id,
    });
    expect(out.status).toBe(200);
    const session = await t.call<Reply<ClockSession>>('GET', '/api/hr-web-clockin', {
      token: employee.token,
    });
    expect(session.body.data.status).toBe(1);
  });

  it("a timecard of someone else cannot be closed with one's own PIN", async () => {
    const web = await t.call<Reply<ClockSession>>('POST', '/api/hr-web-clockin', {
      token: callcenter.token,
      body: { user_id: callcenter.id, store_id: callcenter.storeId, schedule_id: 0 },
    });
    expect(web.status).toBe(200);
    const out = await punch(token, {
      user_id: employee.id,
      mobile_pin: '2468',
      action: 'clock_out',
      timecard_id: web.body.data.timecard_id,
    });
    expect(out.status).toBe(404);
    expect(await openCards(callcenter)).toHaveLength(1);
  });
});

describe('stores and companies', () => {
  it('a device of another company cannot clock this company employee', async () => {
    const theirs = await enrol(northwind, northwind.storeId, 'Northwind tablet');
    const byId = await identify(theirs.device_token, { user_id: employee.id, mobile_pin: '2468' });
    expect(byId.status).toBe(401);
    const punched = await punch(theirs.device_token, {
      user_id: employee.id,
      mobile_pin: '2468',
      action: 'clock_in',
    });
    expect(punched.status).toBe(401);
    expect(await openCards(employee)).toHaveLength(0);
    const seen = await state(theirs.device_token);
    expect(seen.body.data.staff.map((s) => s.id)).not.toContain(employee.id);
  });

  it('a person of another store is refused, unless given temporary access for today', async () => {
    const { device_token } = await enrol(manager, employee.storeId, 'Temp access tablet');
    const pin = { user_id: warehouse.id, mobile_pin: '1357' };
    const refused = await punch(device_token, { ...pin, action: 'clock_in' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^You are not on the staff of /);
    expect(await openCards(warehouse)).toHaveLength(0);

    // Expired access does not count.
    await t.database.db.insert(hrStoreTempAccess).values({
      company_id: warehouse.companyId,
      user_id: warehouse.id,
      store_id: employee.storeId,
      starts_on: '2020-01-01',
      ends_on: '2020-01-31',
      granted_by: manager.id,
    });
    expect((await punch(device_token, { ...pin, action: 'clock_in' })).status).toBe(403);

    await t.database.db.insert(hrStoreTempAccess).values({
      company_id: warehouse.companyId,
      user_id: warehouse.id,
      store_id: employee.storeId,
      starts_on: '2020-01-01',
      ends_on: '2999-12-31',
      granted_by: manager.id,
    });
    expect((await state(device_token)).body.data.staff.map((s) => s.id)).toContain(warehouse.id);
    const allowed = await punch(device_token, { ...pin, action: 'clock_in' });
    expect(allowed.status, allowed.body.message).toBe(200);
    expect((await openCards(warehouse))[0]?.store_id).toBe(employee.storeId);
  });
});

describe('the face check', () => {
  // Faces of the face-api package's sample photo (see hr-face.test.ts): two different people.
  const alice = base64(faceJpeg('s1f2'));
  const aliceAgain = base64(faceJpeg('s1f2', { margin: 0.4, mirror: true, scale: 0.6 }));
  const bea = base64(faceJpeg('s1f0'));
  const face = (image: string) => ({ faceImage: image, extension: 'jpeg', has_unique_face: false });

  it("at a store that requires it, the kiosk asks for the face and checks it's the PIN's owner", async () => {
    const enrolled = await t.call('PATCH', `/api/users/update-face/${employee.id}`, {
      token: employee.token,
      body: { ...face(alice), consent: true, consent_version: FACE_CONSENT_VERSION },
    });
    expect(enrolled.status, enrolled.body.message).toBe(200);
    const required = await t.call('POST', '/api/hr-settings-stores', {
      token: manager.token,
      body: { store_id: employee.storeId, face_check_required: true, face_check_mode: 'block' },
    });
    expect(required.status, required.body.message).toBe(200);
    const { device_token } = await enrol(manager, employee.storeId, 'Face tablet');
    const pin = { user_id: employee.id, mobile_pin: '2468', action: 'clock_in' };

    const pending = await punch(device_token, pin);
    expect(pending.status).toBe(428);
    expect(pending.body.data).toMatchObject({ faceAuthPending: true, faceAuthError: false });
    const someoneElse = await punch(device_token, { ...pin, ...face(bea) });
    expect(someoneElse.status).toBe(403);
    expect(someoneElse.body.message).toBe(faceMessages.mismatch);
    expect(await openCards(employee)).toHaveLength(0);

    const passed = await punch(device_token, { ...pin, ...face(aliceAgain) });
    expect(passed.status, passed.body.message).toBe(200);
    expect(passed.body.message).toBe(hrMessages.clockedIn);
    expect(await openCards(employee)).toHaveLength(1);
  });
});
