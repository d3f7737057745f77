import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { payTypes, type PayType } from '@portal/contract/hr-employees';
import {
  compensationResource,
  employeeDocumentResource,
  recordMessages,
} from '@portal/contract/hr-records';
import type { Executor, Tx } from '../../platform/database.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { createResourceService, type Row } from '../../platform/resources/service.ts';
import { queueFileDeletion, type Uploads } from '../../platform/uploads.ts';
import { getEmployee, setEmployeePayType, storeTempAccessService } from '../hr/api.ts';
import { assertMayActOn } from '../users/api.ts';
import { hrCompensations, hrEmployeeDocuments } from './schema.ts';
import { tenantScope } from '../../db/columns.ts';

/** The folder documents are uploaded to (10 MB, documents and images). */
export const DOCUMENTS_FOLDER = 'company-documents';

const isPayType = (value: unknown): value is PayType =>
  (payTypes as readonly unknown[]).includes(value);

/**
 * What the three record tabs share: the employee is the parent (404 when not the caller's
 * company's), and every write is the rank rule's (access/rank.ts): only on someone strictly below,
 * never on oneself (one's own pay, files or store access).
 */
const employeeRecord = {
  tenantColumn: 'company_id',
  parent: {
    find: (db: Executor, ctx: RequestContext, userId: number) => getEmployee(db, ctx, userId),
  },
} as const;
async function authorizeOnEmployee(
  _operation: string,
  target: { parentId?: number },
  ctx: RequestContext,
  tx: Tx,
) {
  if (target.parentId === undefined) throw new Error('employee records need the employee');
  await assertMayActOn(tx, ctx, target.parentId, { self: false });
}

// ---- Compensation

/**
 * An employee's pay from a date on; a raise or a correction is a new entry, so the history stays.
 * Both the list and an add answer the current entry (the latest already in effect) and the history.
 * An add that is (now) the current entry sets the employee's pay type in the same transaction, so
 * the clock-in prompt for hourly staff keeps telling the truth.
 */
export const compensationService = createResourceService({
  ...employeeRecord,
  definition: compensationResource,
  table: hrCompensations,
  computed: {
    rate: sql<number>`${hrCompensations.rate_cents}::float8 / 100`,
    in_effect: sql<boolean>`${hrCompensations.effective_from} <= current_date`,
  },
  hooks: {
    authorize: authorizeOnEmployee,
    beforeCreate: async (input, ctx) => ({
      pay_type: input.pay_type,
      rate_cents: Math.round(input.rate * 100),
      effective_from: input.effective_from,
      note: input.note?.trim() || null,
      created_by: ctx.userId,
    }),
    async afterWrite(row, _input, ctx, tx) {
      const [current] = await tx
        .select({ pay_type: hrCompensations.pay_type })
        .from(hrCompensations)
        .where(
          and(
            tenantScope(hrCompensations, ctx.companyId),
            eq(hrCompensations.user_id, Number(row.user_id)),
            lte(hrCompensations.effective_from, sql`current_date`),
          ),
        )
        .orderBy(desc(hrCompensations.effective_from), desc(hrCompensations.id))
        .limit(1);
      if (!current) return;
      if (isPayType(current.pay_type))
        await setEmployeePayType(tx, ctx.companyId, Number(row.user_id), current.pay_type);
    },
    async decorate(rows) {
      for (const row of rows) if (!isPayType(row.pay_type)) row.pay_type = 'hourly';
    },
  },
  replies: {
    list: async (rows) => compensationView(rows),
    create: async (_row, { listAll }) => compensationView(await listAll()),
  },
});

const compensationView = (rows: Row[]) => ({
  current: rows.find((row) => row.in_effect === true) ?? null,
  history: rows,
});

// ---- Documents

/**
 * Files kept on an employee's record: uploaded to a signed URL of the company's documents folder
 * (`POST .../documents/sign`), then attached by their key. A deleted document's file goes once the
 * delete commits (platform/uploads.ts). Built per app: it reads and links the app's uploads.
 */
export function employeeDocumentService(uploads: Uploads) {
  const notUploaded = () =>
    AppError.badRequest(recordMessages.documentNotUploaded, {
      key: [recordMessages.documentNotUploaded],
    });
  return createResourceService({
    ...employeeRecord,
    definition: employeeDocumentResource,
    table: hrEmployeeDocuments,
    computed: { file_key: sql<string>`${hrEmployeeDocuments.file_key}` },
    hooks: {
      authorize: authorizeOnEmployee,
      async beforeCreate(input, ctx) {
        if (!input.key.startsWith(`${ctx.companyId}/${DOCUMENTS_FOLDER}/`)) throw notUploaded();
        const file = await uploads.open(input.key).catch(() => {
          throw notUploaded();
        });
        return {
          title: input.title.trim(),
          file_key: input.key,
          content_type: file.contentType,
          size: file.size,
          uploaded_by: ctx.userId,
        };
      },
      beforeRemove: async (row, _ctx, tx) => queueFileDeletion(tx, [row.file_key]),
      async decorate(rows) {
        for (const row of rows) row.fileUrl = uploads.fileUrl(String(row.file_key));
      },
    },
  });
}

// ---- Store temporary access

/** Clocking rights at another store of the company for a date range (inclusive); hr owns them. */
export const storeAccessService = storeTempAccessService(employeeRecord, authorizeOnEmployee);
