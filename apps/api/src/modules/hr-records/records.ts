import { and, desc, eq, sql } from 'drizzle-orm';
import {
  recordMessages,
  type Compensation,
  type CompensationCreate,
  type CompensationData,
  type EmployeeDocument,
  type EmployeeDocumentCreate,
  type StoreAccess,
  type StoreAccessCreate,
} from '@portal/contract/hr-records';
import { payTypes, type PayType } from '@portal/contract/hr-employees';
import type { Database, Executor } from '../../platform/database.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { queueFileDeletion, type Uploads } from '../../platform/uploads.ts';
import { findStore, getEmployee } from '../hr/api.ts';
import { hrEmployeeDetails, hrStoreTempAccess } from '../hr/schema.ts';
import { stores } from '../organisation/schema.ts';
import { users } from '../users/schema.ts';
import { assertMayActOn } from '../users/api.ts';
import { hrCompensations, hrEmployeeDocuments } from './schema.ts';
import { tenantJoin, tenantScope } from '../../db/columns.ts';

/** The folder documents are uploaded to (10 MB, documents and images). */
export const DOCUMENTS_FOLDER = 'company-documents';

const fullName = sql<string>`${users.first_name} || ' ' || ${users.last_name}`;
const isPayType = (value: string): value is PayType =>
  (payTypes as readonly string[]).includes(value);

// ---- Compensation

async function compensationRows(db: Executor, companyId: number, userId: number) {
  const rows = await db
    .select({
      id: hrCompensations.id,
      user_id: hrCompensations.user_id,
      pay_type: hrCompensations.pay_type,
      rate_cents: hrCompensations.rate_cents,
      effective_from: hrCompensations.effective_from,
      note: hrCompensations.note,
      created_by_name: fullName,
      created_at: hrCompensations.created_at,
      in_effect: sql<boolean>`${hrCompensations.effective_from} <= current_date`,
    })
    .from(hrCompensations)
    .innerJoin(users, tenantJoin(users, hrCompensations.company_id, hrCompensations.created_by))
    .where(and(tenantScope(hrCompensations, companyId), eq(hrCompensations.user_id, userId)))
    .orderBy(desc(hrCompensations.effective_from), desc(hrCompensations.id));
  return rows.map(({ rate_cents, pay_type, in_effect, ...row }) => ({
    entry: {
      ...row,
      pay_type: isPayType(pay_type) ? pay_type : 'hourly',
      rate: rate_cents / 100,
    } satisfies Compensation,
    inEffect: in_effect,
  }));
}

/** An employee's pay: the current entry and the whole history. */
export async function getCompensation(
  db: Executor,
  ctx: RequestContext,
  userId: number,
): Promise<CompensationData> {
  await getEmployee(db, ctx, userId);
  const rows = await compensationRows(db, ctx.companyId, userId);
  return {
    current: rows.find((row) => row.inEffect)?.entry ?? null,
    history: rows.map((row) => row.entry),
  };
}

/**
 * Adds a pay entry. When it is (now) the current one, the employee's pay type follows it in the
 * same transaction, so the clock-in prompt for hourly staff keeps telling the truth.
 */
export async function addCompensation(
  db: Database,
  ctx: RequestContext,
  userId: number,
  input: CompensationCreate,
): Promise<CompensationData> {
  await getEmployee(db, ctx, userId);
  await assertMayActOn(db, ctx, userId, { self: false });
  await db.transaction(async (tx) => {
    await tx.insert(hrCompensations).values({
      company_id: ctx.companyId,
      user_id: userId,
      pay_type: input.pay_type,
      rate_cents: Math.round(input.rate * 100),
      effective_from: input.effective_from,
      note: input.note?.trim() || null,
      created_by: ctx.userId,
    });
    const current = (await compensationRows(tx, ctx.companyId, userId)).find((row) => row.inEffect);
    if (current)
      await tx
        .update(hrEmployeeDetails)
        .set({ pay_type: current.entry.pay_type, updated_at: sql`now()` })
        .where(
          and(tenantScope(hrEmployeeDetails, ctx.companyId), eq(hrEmployeeDetails.user_id, userId)),
        );
  });
  return getCompensation(db, ctx, userId);
}

// ---- Documents

function documentsQuery(db: Executor, companyId: number, userId: number) {
  return db
    .select({
      id: hrEmployeeDocuments.id,
      user_id: hrEmployeeDocuments.user_id,
      title: hrEmployeeDocuments.title,
      file_key: hrEmployeeDocuments.file_key,
      content_type: hrEmployeeDocuments.content_type,
      size: hrEmployeeDocuments.size,
      uploaded_by_name: fullName,
      created_at: hrEmployeeDocuments.created_at,
    })
    .from(hrEmployeeDocuments)
    .innerJoin(
      users,
      tenantJoin(users, hrEmployeeDocuments.company_id, hrEmployeeDocuments.uploaded_by),
    )
    .where(
      and(tenantScope(hrEmployeeDocuments, companyId), eq(hrEmployeeDocuments.user_id, userId)),
    )
    .$dynamic();
}

export async function listDocuments(
  db: Executor,
  ctx: RequestContext,
  uploads: Uploads,
  userId: number,
): Promise<EmployeeDocument[]> {
  await getEmployee(db, ctx, userId);
  const rows = await documentsQuery(db, ctx.companyId, userId).orderBy(
    desc(hrEmployeeDocuments.id),
  );
  return rows.map(({ file_key, ...row }) => ({ ...row, fileUrl: uploads.fileUrl(file_key) }));
}

/** Attaches a file already uploaded to a signed URL of this company's documents folder. */
export async function addDocument(
  db: Database,
  ctx: RequestContext,
  uploads: Uploads,
  userId: number,
  input: EmployeeDocumentCreate,
): Promise<EmployeeDocument> {
  await getEmployee(db, ctx, userId);
  await assertMayActOn(db, ctx, userId, { self: false });
  if (!input.key.startsWith(`${ctx.companyId}/${DOCUMENTS_FOLDER}/`))
    throw AppError.badRequest(recordMessages.documentNotUploaded, {
      key: [recordMessages.documentNotUploaded],
    });
  const file = await uploads.open(input.key).catch(() => {
    throw AppError.badRequest(recordMessages.documentNotUploaded, {
      key: [recordMessages.documentNotUploaded],
    });
  });
  const [row] = await db
    .insert(hrEmployeeDocuments)
    .values({
      company_id: ctx.companyId,
      user_id: userId,
      title: input.title.trim(),
      file_key: input.key,
      content_type: file.contentType,
      size: file.size,
      uploaded_by: ctx.userId,
    })
    .returning({ id: hrEmployeeDocuments.id });
  if (!row) throw new Error('document insert returned nothing');
  const [created] = await documentsQuery(db, ctx.companyId, userId).where(
    and(tenantScope(hrEmployeeDocuments, ctx.companyId), eq(hrEmployeeDocuments.id, row.id)),
  );
  if (!created) throw AppError.notFound('Document');
  const { file_key, ...rest } = created;
  return { ...rest, fileUrl: uploads.fileUrl(file_key) };
}

export async function deleteDocument(
  db: Database,
  ctx: RequestContext,
  userId: number,
  documentId: number,
) {
  await getEmployee(db, ctx, userId);
  await assertMayActOn(db, ctx, userId, { self: false });
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(hrEmployeeDocuments)
      .where(
        and(
          tenantScope(hrEmployeeDocuments, ctx.companyId),
          eq(hrEmployeeDocuments.user_id, userId),
          eq(hrEmployeeDocuments.id, documentId),
        ),
      )
      .returning({ id: hrEmployeeDocuments.id, file_key: hrEmployeeDocuments.file_key });
    if (!deleted) throw AppError.notFound('Document');
    // The file goes with its record, once this commits (platform/uploads.ts).
    await queueFileDeletion(tx, [deleted.file_key]);
  });
}

// ---- Store temporary access

function accessQuery(db: Executor, companyId: number, userId: number) {
  return db
    .select({
      id: hrStoreTempAccess.id,
      user_id: hrStoreTempAccess.user_id,
      store_id: hrStoreTempAccess.store_id,
      store_name: stores.name,
      starts_on: hrStoreTempAccess.starts_on,
      ends_on: hrStoreTempAccess.ends_on,
      note: hrStoreTempAccess.note,
      granted_by_name: fullName,
      active: sql<boolean>`(now() at time zone ${stores.time_zone})::date between ${hrStoreTempAccess.starts_on} and ${hrStoreTempAccess.ends_on}`,
      created_at: hrStoreTempAccess.created_at,
    })
    .from(hrStoreTempAccess)
    .innerJoin(stores, tenantJoin(stores, hrStoreTempAccess.company_id, hrStoreTempAccess.store_id))
    .innerJoin(users, tenantJoin(users, hrStoreTempAccess.company_id, hrStoreTempAccess.granted_by))
    .where(and(tenantScope(hrStoreTempAccess, companyId), eq(hrStoreTempAccess.user_id, userId)))
    .$dynamic();
}

/** An employee's temporary store access, the latest end first (expired ones kept for the record). */
export async function listStoreAccess(
  db: Executor,
  ctx: RequestContext,
  userId: number,
): Promise<StoreAccess[]> {
  await getEmployee(db, ctx, userId);
  return accessQuery(db, ctx.companyId, userId).orderBy(
    desc(hrStoreTempAccess.ends_on),
    desc(hrStoreTempAccess.id),
  );
}

/** Grants clocking rights at another store of the company for a date range (inclusive). */
export async function grantStoreAccess(
  db: Database,
  ctx: RequestContext,
  userId: number,
  input: StoreAccessCreate,
): Promise<StoreAccess> {
  const employee = await getEmployee(db, ctx, userId);
  await assertMayActOn(db, ctx, userId, { self: false });
  const store = await findStore(db, ctx.companyId, input.store_id);
  if (employee.current_store === store.id)
    throw AppError.badRequest(recordMessages.ownStore, { store_id: [recordMessages.ownStore] });
  const [row] = await db
    .insert(hrStoreTempAccess)
    .values({
      company_id: ctx.companyId,
      user_id: userId,
      store_id: store.id,
      starts_on: input.starts_on,
      ends_on: input.ends_on,
      note: input.note?.trim() || null,
      granted_by: ctx.userId,
    })
    .returning({ id: hrStoreTempAccess.id });
  if (!row) throw new Error('access insert returned nothing');
  const [created] = await accessQuery(db, ctx.companyId, userId).where(
    and(tenantScope(hrStoreTempAccess, ctx.companyId), eq(hrStoreTempAccess.id, row.id)),
  );
  if (!created) throw AppError.notFound('Store access');
  return created;
}

export async function removeStoreAccess(
  db: Database,
  ctx: RequestContext,
  userId: number,
  accessId: number,
) {
  await getEmployee(db, ctx, userId);
  await assertMayActOn(db, ctx, userId, { self: false });
  const [deleted] = await db
    .delete(hrStoreTempAccess)
    .where(
      and(
        tenantScope(hrStoreTempAccess, ctx.companyId),
        eq(hrStoreTempAccess.user_id, userId),
        eq(hrStoreTempAccess.id, accessId),
      ),
    )
    .returning({ id: hrStoreTempAccess.id });
  if (!deleted) throw AppError.notFound('Store access');
}
