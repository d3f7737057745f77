import { and, asc, count, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  employeeMessages,
  payTypes,
  type Employee,
  type EmployeeCreate,
  type EmployeeListQuery,
  type EmployeeUpdate,
  type PayType,
} from '@portal/contract/hr-employees';
import type { Database, Executor, Tx } from '../../platform/database.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { mayActOn, rolesToJoin } from '../access/api.ts';
import {
  assertMayActOn,
  managersOf,
  peopleToJoin,
  personOf,
  revokeUserSessions,
  setUserActive,
  userService,
} from '../users/api.ts';
import { storesToJoin } from '../organisation/api.ts';
import { deleteFaceOnTermination } from '../hr-face/api.ts';
import { hrEmployeeDetails, hrTimecardBreaks, hrTimecards } from './schema.ts';
import { tenantJoin, tenantScope } from '../../db/columns.ts';

const isPayType = (value: string): value is PayType =>
  (payTypes as readonly string[]).includes(value);

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The employees' people (users/api.ts peopleToJoin), aliased `person`. */
const people = (db: Executor) => peopleToJoin(db);

/**
 * The employee records joined to their `person` (from `people`), role, store and supervisor, in
 * one statement.
 */
function employeeQuery(db: Executor, users: ReturnType<typeof people>) {
  const roles = rolesToJoin(db);
  const stores = storesToJoin(db);
  const supervisors = peopleToJoin(db, 'supervisor');
  return db
    .select({
      id: users.id,
      empDetail_id: hrEmployeeDetails.id,
      email: users.email,
      first_name: users.first_name,
      last_name: users.last_name,
      role_id: users.role_id,
      role_name: roles.name,
      base_role: roles.base_role,
      current_store: users.current_store,
      store_name: stores.name,
      profile_photo: users.profile_photo,
      pay_type: hrEmployeeDetails.pay_type,
      supervisor_id: hrEmployeeDetails.supervisor_id,
      supervisor_first: supervisors.first_name,
      supervisor_last: supervisors.last_name,
      hire_date: hrEmployeeDetails.hire_date,
      is_active: users.is_active,
      is_deleted: users.is_deleted,
      terminated_at: hrEmployeeDetails.terminated_at,
      termination_notes: hrEmployeeDetails.termination_notes,
      created_at: users.created_at,
    })
    .from(hrEmployeeDetails)
    .innerJoin(users, tenantJoin(users, hrEmployeeDetails.company_id, hrEmployeeDetails.user_id))
    .innerJoin(roles, tenantJoin(roles, users.company_id, users.role_id))
    .leftJoin(stores, tenantJoin(stores, users.company_id, users.current_store))
    .leftJoin(
      supervisors,
      tenantJoin(supervisors, hrEmployeeDetails.company_id, hrEmployeeDetails.supervisor_id),
    );
}

type EmployeeRow = Awaited<ReturnType<ReturnType<typeof employeeQuery>['where']>>[number];

function present(row: EmployeeRow, ctx: RequestContext): Employee {
  const { supervisor_first, supervisor_last, pay_type, base_role, ...rest } = row;
  return {
    ...rest,
    can_manage: mayActOn(ctx, { id: row.id, company_id: ctx.companyId, base_role }),
    pay_type: isPayType(pay_type) ? pay_type : 'hourly',
    supervisor_name:
      supervisor_first === null ? null : `${supervisor_first} ${supervisor_last ?? ''}`.trim(),
  };
}

export async function listEmployees(db: Executor, ctx: RequestContext, query: EmployeeListQuery) {
  const users = people(db);
  const conditions: (SQL | undefined)[] = [
    tenantScope(hrEmployeeDetails, ctx.companyId),
    eq(users.is_deleted, false),
  ];
  if (query.status === 'active') conditions.push(isNull(hrEmployeeDetails.terminated_at));
  if (query.status === 'terminated') conditions.push(isNotNull(hrEmployeeDetails.terminated_at));
  if (query.search) {
    const term = `%${escapeLike(query.search)}%`;
    conditions.push(
      or(ilike(users.first_name, term), ilike(users.last_name, term), ilike(users.email, term)),
    );
  }
  const where = and(...conditions);
  const { perPage, page } = query;
  const [rows, [totals]] = await Promise.all([
    employeeQuery(db, users)
      .where(where)
      .orderBy(asc(users.last_name), asc(users.first_name), asc(users.id))
      .limit(perPage)
      .offset(page * perPage),
    db
      .select({ total: count() })
      .from(hrEmployeeDetails)
      .innerJoin(users, tenantJoin(users, hrEmployeeDetails.company_id, hrEmployeeDetails.user_id))
      .where(where),
  ]);
  return { results: rows.map((row) => present(row, ctx)), total: Number(totals?.total ?? 0) };
}

export async function getEmployee(
  db: Executor,
  ctx: RequestContext,
  userId: number,
): Promise<Employee> {
  const users = people(db);
  const [row] = await employeeQuery(db, users).where(
    and(
      tenantScope(hrEmployeeDetails, ctx.companyId),
      eq(hrEmployeeDetails.user_id, userId),
      eq(users.is_deleted, false),
    ),
  );
  if (!row) throw AppError.notFound('Employee');
  return present(row, ctx);
}

async function assertSupervisor(
  tx: Tx,
  ctx: RequestContext,
  supervisorId: number | null | undefined,
  userId?: number,
) {
  if (supervisorId === null || supervisorId === undefined) return;
  if (supervisorId === userId)
    throw AppError.badRequest(employeeMessages.ownSupervisor, {
      supervisor_id: [employeeMessages.ownSupervisor],
    });
  const found = await personOf(tx, ctx.companyId, supervisorId);
  if (!found || found.is_deleted)
    throw AppError.badRequest(employeeMessages.unknownSupervisor, {
      supervisor_id: [employeeMessages.unknownSupervisor],
    });
}

/**
 * Every user of a company is an employee (SPEC.md: a user's lock or reactivation lands on
 * /employees; "Employee state" is the user plus `empDetail_id`): a user created under Users, or
 * imported, gets their record in the same transaction, so the Employees list, the schedule and the
 * timesheets see the same people as Users. Salaried until HR says otherwise, so nobody is met by a
 * clock-in prompt they did not expect (SPEC.md gives it to hourly staff).
 */
export async function attachEmployeeRecords(
  tx: Executor,
  companyId: number,
  userIds: readonly number[],
) {
  if (!userIds.length) return;
  await tx
    .insert(hrEmployeeDetails)
    .values(userIds.map((user_id) => ({ company_id: companyId, user_id, pay_type: 'salaried' })))
    .onConflictDoNothing({ target: [hrEmployeeDetails.company_id, hrEmployeeDetails.user_id] });
}

/**
 * POST /employees/new: the user (through the users service: email, role and password rules) and
 * the employee record, in one transaction.
 */
export async function createEmployee(db: Database, ctx: RequestContext, input: EmployeeCreate) {
  const { pay_type, supervisor_id, hire_date, ...user } = input;
  const userId = await db.transaction(async (tx) => {
    await assertSupervisor(tx, ctx, supervisor_id);
    const created = await userService.create(tx, ctx, {
      ...user,
      current_store: user.current_store ?? null,
      is_b2b: false,
    });
    // The users service attached a default record (attachEmployeeRecords); this form's details win.
    const details = {
      pay_type: pay_type ?? 'hourly',
      supervisor_id: supervisor_id ?? null,
      hire_date: hire_date ?? null,
    };
    await tx
      .insert(hrEmployeeDetails)
      .values({ company_id: ctx.companyId, user_id: created.id, ...details })
      .onConflictDoUpdate({
        target: [hrEmployeeDetails.company_id, hrEmployeeDetails.user_id],
        set: { ...details, updated_at: sql`now()` },
      });
    return created.id;
  });
  return getEmployee(db, ctx, userId);
}

export async function updateEmployee(
  db: Database,
  ctx: RequestContext,
  userId: number,
  input: EmployeeUpdate,
) {
  const { pay_type, supervisor_id, hire_date, ...user } = input;
  await db.transaction(async (tx) => {
    const [detail] = await tx
      .select({ id: hrEmployeeDetails.id })
      .from(hrEmployeeDetails)
      .where(
        and(tenantScope(hrEmployeeDetails, ctx.companyId), eq(hrEmployeeDetails.user_id, userId)),
      )
      .for('update');
    if (!detail) throw AppError.notFound('Employee');
    await assertMayActOn(tx, ctx, userId);
    await assertSupervisor(tx, ctx, supervisor_id, userId);
    if (Object.keys(user).length) await userService.update(tx, ctx, userId, user);
    const details = Object.fromEntries(
      Object.entries({ pay_type, supervisor_id, hire_date }).filter(
        ([, value]) => value !== undefined,
      ),
    );
    if (Object.keys(details).length)
      await tx
        .update(hrEmployeeDetails)
        .set({ ...details, updated_at: sql`now()` })
        .where(eq(hrEmployeeDetails.id, detail.id));
  });
  return getEmployee(db, ctx, userId);
}

export async function deleteEmployee(db: Database, ctx: RequestContext, userId: number) {
  await getEmployee(db, ctx, userId);
  await userService.remove(db, ctx, userId);
  await deleteFaceOnTermination(db, ctx.companyId, userId, ctx.userId, 'deleted_with_employee');
}

/** A person's open timecard and break end now: a terminated employee is off the clock. */
async function clockOffNow(tx: Tx, companyId: number, userId: number) {
  const open = await tx
    .select({ id: hrTimecards.id })
    .from(hrTimecards)
    .where(
      and(
        tenantScope(hrTimecards, companyId),
        eq(hrTimecards.user_id, userId),
        isNull(hrTimecards.clock_out),
      ),
    )
    .for('update');
  for (const card of open) {
    await tx
      .update(hrTimecardBreaks)
      .set({ break_end: sql`now()` })
      .where(
        and(
          tenantScope(hrTimecardBreaks, companyId),
          eq(hrTimecardBreaks.timecard_id, card.id),
          isNull(hrTimecardBreaks.break_end),
        ),
      );
    await tx
      .update(hrTimecards)
      .set({ clock_out: sql`now()`, clock_out_comment: 'Clocked out at termination' })
      .where(and(tenantScope(hrTimecards, companyId), eq(hrTimecards.id, card.id)));
  }
}

/**
 * POST /employee-termination: the notes are kept, the account is deactivated, every session of
 * theirs ends and an open timecard is clocked out, in one transaction.
 */
export async function terminateEmployee(
  db: Database,
  ctx: RequestContext,
  userId: number,
  notes: string,
) {
  if (userId === ctx.userId) throw AppError.badRequest(employeeMessages.cannotTerminateSelf);
  await db.transaction(async (tx) => {
    const [detail] = await tx
      .select({ id: hrEmployeeDetails.id, terminated_at: hrEmployeeDetails.terminated_at })
      .from(hrEmployeeDetails)
      .where(
        and(tenantScope(hrEmployeeDetails, ctx.companyId), eq(hrEmployeeDetails.user_id, userId)),
      )
      .for('update');
    if (!detail) throw AppError.notFound('Employee');
    await assertMayActOn(tx, ctx, userId);
    await tx
      .update(hrEmployeeDetails)
      .set({
        termination_notes: notes,
        terminated_at: detail.terminated_at ?? sql`now()`,
        updated_at: sql`now()`,
      })
      .where(eq(hrEmployeeDetails.id, detail.id));
    await setUserActive(tx, ctx.companyId, userId, false);
    await revokeUserSessions(tx, ctx.companyId, userId);
    await clockOffNow(tx, ctx.companyId, userId);
    // Biometric data is kept only while the person is employed.
    await deleteFaceOnTermination(tx, ctx.companyId, userId, ctx.userId);
  });
  return getEmployee(db, ctx, userId);
}

/** POST /employees/reactivate: a terminated employee can sign in again. */
export async function reactivateEmployee(db: Database, ctx: RequestContext, userId: number) {
  await db.transaction(async (tx) => {
    const [detail] = await tx
      .select({ id: hrEmployeeDetails.id, terminated_at: hrEmployeeDetails.terminated_at })
      .from(hrEmployeeDetails)
      .where(
        and(tenantScope(hrEmployeeDetails, ctx.companyId), eq(hrEmployeeDetails.user_id, userId)),
      )
      .for('update');
    if (!detail) throw AppError.notFound('Employee');
    await assertMayActOn(tx, ctx, userId, { includeDeleted: true });
    if (detail.terminated_at === null) throw AppError.conflict(employeeMessages.notTerminated);
    await tx
      .update(hrEmployeeDetails)
      .set({ terminated_at: null, updated_at: sql`now()` })
      .where(eq(hrEmployeeDetails.id, detail.id));
    await setUserActive(tx, ctx.companyId, userId, true);
  });
  return getEmployee(db, ctx, userId);
}

/** GET /employees/supervisors: active managers (access level 3 and up) of the company. */
export async function supervisorOptions(db: Executor, ctx: RequestContext) {
  const rows = await managersOf(db, ctx.companyId);
  return rows.map((row) => ({ value: row.id, label: `${row.first_name} ${row.last_name}`.trim() }));
}
