import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { authMessages } from '@portal/contract/auth';
import { formatInZone, hrMessages } from '@portal/contract/hr';
import {
  kioskMessages,
  kioskResource,
  type KioskPerson,
  type KioskPunchRequest,
  type KioskPunchResult,
  type KioskState,
} from '@portal/contract/hr-kiosk';
import { isPermission, type PermissionSet } from '@portal/contract/permissions';
import { isRoleKey } from '@portal/contract/roles';
import type { Database, Executor } from '../../platform/database.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { createResourceService } from '../../platform/resources/service.ts';
import { grantedFlagsOf, rolesToJoin } from '../access/api.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import {
  clearThrottle,
  recordFailure,
  throttleState,
  type Limit,
  type ThrottleKey,
} from '../auth/api.ts';
import { companiesToJoin, storesToJoin } from '../organisation/api.ts';
import { peopleToJoin, personWithPin } from '../users/api.ts';
import {
  clockIn,
  clockOut,
  currentScheduleId,
  endBreak,
  findStore,
  listBreakSettings,
  sessionOf,
  startBreak,
  worksAt,
} from '../hr/api.ts';
import { hrKioskDevices } from './schema.ts';
import { tenantJoin, tenantScope } from '../../db/columns.ts';

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** Wrong PINs, counted in the database like failed sign-ins (auth/throttle.ts). */
export const kioskLimits = {
  /** For one person, from any kiosk of the company. */
  person: { max: 5, windowSeconds: 15 * 60 },
  /** On one kiosk, whoever is typing: guessing across the staff list. */
  device: { max: 30, windowSeconds: 15 * 60 },
} as const satisfies Record<string, Limit>;

const personKey = (companyId: number, userId: number): ThrottleKey => ({
  key: `kiosk:pin:${companyId}:${userId}`,
  limit: kioskLimits.person,
});
const deviceKey = (device: KioskDeviceAuth): ThrottleKey => ({
  key: `kiosk:device:${device.companyId}:${device.id}`,
  limit: kioskLimits.device,
});

// ---- Manager side

/** Kiosks on the engine: enrolling answers the credential once; only its hash is stored. */
export const kioskService = createResourceService({
  definition: kioskResource,
  table: hrKioskDevices,
  tenantColumn: 'company_id',
  hooks: {
    async beforeCreate(input, ctx, tx) {
      const store = await findStore(tx, ctx.companyId, input.store_id);
      if (!store.is_active) throw AppError.badRequest(hrMessages.storeInactive);
      const secret = randomBytes(32).toString('base64url');
      // `secret` is no column: it only reaches the reply below.
      return {
        store_id: store.id,
        name: input.name.trim(),
        secret_hash: hashSecret(secret),
        enrolled_by: ctx.userId,
        secret,
      };
    },
  },
  replies: {
    create: async (device, { ctx, values }) => ({
      device,
      device_token: `${ctx.companyId}.${device.id}.${String(values.secret)}`,
    }),
  },
});

// ---- Kiosk side

export interface KioskDeviceAuth {
  companyId: number;
  id: number;
  name: string;
  store: { id: number; name: string; time_zone: string };
}

const refused = () => new AppError(401, kioskMessages.deviceRefused);

/**
 * The kiosk a credential names, if it is live (not revoked, its store and company active), or a
 * 401. The secret is compared in constant time.
 */
export async function deviceFromToken(db: Executor, token: string): Promise<KioskDeviceAuth> {
  const [companyPart, idPart, secret] = token.split('.');
  const companyId = Number(companyPart);
  const id = Number(idPart);
  if (!secret || !Number.isSafeInteger(companyId) || !Number.isSafeInteger(id)) throw refused();
  const store = storesToJoin(db);
  const company = companiesToJoin(db, companyId);
  const [row] = await db
    .select({
      secret_hash: hrKioskDevices.secret_hash,
      revoked_at: hrKioskDevices.revoked_at,
      name: hrKioskDevices.name,
      store_id: store.id,
      store_name: store.name,
      time_zone: store.time_zone,
      store_active: store.is_active,
      company_active: company.is_active,
    })
    .from(hrKioskDevices)
    .innerJoin(store, tenantJoin(store, hrKioskDevices.company_id, hrKioskDevices.store_id))
    .innerJoin(company, tenantScope(hrKioskDevices, company.id))
    .where(and(tenantScope(hrKioskDevices, companyId), eq(hrKioskDevices.id, id)));
  const given = Buffer.from(hashSecret(secret));
  const stored = Buffer.from(row?.secret_hash ?? '');
  const matches = given.length === stored.length && timingSafeEqual(given, stored);
  if (!row || !matches || row.revoked_at !== null || !row.company_active) throw refused();
  if (!row.store_active) throw new AppError(401, hrMessages.storeInactive);
  return {
    companyId,
    id,
    name: row.name,
    store: { id: row.store_id, name: row.store_name, time_zone: row.time_zone },
  };
}

/** The store's clock and the people who may clock there, for the identify screen. */
export async function kioskState(db: Executor, device: KioskDeviceAuth): Promise<KioskState> {
  const person = peopleToJoin(db, 'person', device.companyId);
  const staff = await db
    .select({
      id: person.id,
      name: sql<string>`${person.first_name} || ' ' || ${person.last_name}`,
    })
    .from(person)
    .where(
      and(
        eq(person.is_active, true),
        eq(person.is_deleted, false),
        eq(person.is_locked, false),
        worksAt(device.companyId, device.store.id, device.store.time_zone, person),
      ),
    )
    .orderBy(asc(person.first_name), asc(person.last_name), asc(person.id))
    .limit(500);
  const now = new Date();
  return {
    device_id: device.id,
    device_name: device.name,
    store: device.store,
    now: now.toISOString(),
    local: formatInZone(now, device.store.time_zone),
    staff,
  };
}

interface Person {
  ctx: RequestContext;
  first_name: string;
  last_name: string;
}

/**
 * Checks the PIN of the person at the kiosk (picked by id or typed email, in the kiosk's company
 * only), under the wrong-PIN limits; then that they may clock at the kiosk's store. Answers the
 * context the clock services take, built like a session's: the person's own permissions.
 */
async function verifyPerson(
  db: Database,
  device: KioskDeviceAuth,
  who: { user_id?: number | undefined; email?: string | undefined; mobile_pin: string },
): Promise<Person> {
  await db
    .update(hrKioskDevices)
    .set({ last_used_at: sql`now()` })
    .where(and(tenantScope(hrKioskDevices, device.companyId), eq(hrKioskDevices.id, device.id)));
  const found = await personWithPin(db, device.companyId, who);
  const keys = found
    ? [deviceKey(device), personKey(device.companyId, found.id)]
    : [deviceKey(device)];
  const gate = await throttleState(db, keys);
  const block = gate.blocked[0];
  if (block) {
    throw new AppError(
      429,
      kioskMessages.tooManyPins(Math.ceil(block.retryAfterSeconds / 60)),
      undefined,
      {
        retry_after: block.retryAfterSeconds,
      },
    );
  }
  if (found && !found.pin_hash) {
    await recordFailure(db, [deviceKey(device)]);
    throw AppError.badRequest(kioskMessages.noPin);
  }
  if (!(await verifyPassword(found?.pin_hash ?? undefined, who.mobile_pin)) || !found) {
    await recordFailure(db, keys);
    throw new AppError(401, kioskMessages.wrongPin);
  }
  await clearThrottle(db, [personKey(device.companyId, found.id).key]);

  const person = peopleToJoin(db, 'person', device.companyId);
  const role = rolesToJoin(db, device.companyId);
  const [account] = await db
    .select({
      is_active: person.is_active,
      is_deleted: person.is_deleted,
      is_locked: person.is_locked,
      role_active: role.is_active,
      access_level: person.access_level,
      base_role: role.base_role,
      works_here: sql<boolean>`${worksAt(device.companyId, device.store.id, device.store.time_zone, person)}`,
      permissions: grantedFlagsOf(person.company_id, person.role_id),
    })
    .from(person)
    .innerJoin(role, tenantJoin(role, person.company_id, person.role_id))
    .where(eq(person.id, found.id));
  if (!account || !account.is_active || account.is_deleted || !account.role_active)
    throw AppError.forbidden(authMessages.accountDisabled);
  if (account.is_locked) throw AppError.forbidden(authMessages.accountLocked);
  if (!account.works_here) throw AppError.forbidden(kioskMessages.notStaff(device.store.name));
  const permissions: PermissionSet = {};
  for (const flag of account.permissions ?? []) if (isPermission(flag)) permissions[flag] = true;
  return {
    first_name: found.first_name,
    last_name: found.last_name,
    ctx: {
      // No session: the kiosk's person is known by the PIN for this one call.
      sessionId: 0,
      companyId: device.companyId,
      userId: found.id,
      accessLevel: account.access_level,
      baseRole: isRoleKey(account.base_role) ? account.base_role : 'base_user',
      permissions,
    },
  };
}

/** Who is at the kiosk, their clock session and the store's breaks. */
export async function identify(
  db: Database,
  device: KioskDeviceAuth,
  who: { user_id?: number | undefined; email?: string | undefined; mobile_pin: string },
): Promise<KioskPerson> {
  const person = await verifyPerson(db, device, who);
  return {
    id: person.ctx.userId,
    first_name: person.first_name,
    last_name: person.last_name,
    session: await sessionOf(db, device.companyId, person.ctx.userId),
    break_settings: await listBreakSettings(db, device.companyId, device.store.id),
  };
}

const missing = (message: string) => AppError.badRequest(message);

/**
 * A punch at the kiosk, through the web clock's own services (clock.ts): the same permissions,
 * one open timecard, one open break, the break kind locked while it runs, server time, and a
 * double press answering the same timecard or break, and the store's face check.
 */
export async function punch(
  db: Database,
  device: KioskDeviceAuth,
  input: KioskPunchRequest,
): Promise<{ message: string; result: KioskPunchResult }> {
  const person = await verifyPerson(db, device, input);
  const { ctx } = person;
  const comment = input.user_comment ?? null;
  const location = {
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    accuracy: input.accuracy ?? null,
    location_error: input.location_error ?? null,
  };
  // The store's face check runs inside the clock services (hr-face), on the person the PIN named.
  const face = {
    faceImage: input.faceImage,
    extension: input.extension,
    has_unique_face: input.has_unique_face,
  };
  const done = (message: string, session: KioskPunchResult['session'], warning: string | null) => ({
    message,
    result: { first_name: person.first_name, session, warning },
  });
  switch (input.action) {
    case 'clock_in': {
      const { data } = await clockIn(db, ctx, {
        user_id: ctx.userId,
        store_id: device.store.id,
        schedule_id: await currentScheduleId(db, ctx.companyId, ctx.userId, device.store.id),
        user_comment: comment,
        ...location,
        ...face,
      });
      const { timecard: _timecard, warning, ...session } = data;
      return done(hrMessages.clockedIn, session, warning);
    }
    case 'clock_out': {
      if (!input.timecard_id) throw missing(hrMessages.notClockedIn);
      const data = await clockOut(db, ctx, {
        id: input.timecard_id,
        user_id: ctx.userId,
        user_comment: comment,
        ...location,
        ...face,
      });
      const { timecard: _timecard, warning, ...session } = data;
      return done(hrMessages.clockedOut, session, warning);
    }
    case 'start_break': {
      if (!input.timecard_id) throw missing(hrMessages.notClockedInForBreak);
      if (!input.settings_store_id)
        throw AppError.badRequest(hrMessages.unknownBreakSetting, {
          settings_store_id: ['Choose Lunch or Coffee'],
        });
      const data = await startBreak(db, ctx, {
        timecard_id: input.timecard_id,
        user_id: ctx.userId,
        settings_store_id: input.settings_store_id,
        user_comment: comment,
        ...face,
      });
      const { break: _break, ...session } = data;
      return done(hrMessages.breakStarted, session, null);
    }
    case 'end_break': {
      if (!input.timecard_break_id) throw missing(hrMessages.noBreakToEnd);
      const data = await endBreak(db, ctx, {
        id: input.timecard_break_id,
        user_id: ctx.userId,
        user_comment: comment,
        ...face,
      });
      const { break: _break, ...session } = data;
      return done(hrMessages.breakEnded, session, null);
    }
  }
}
