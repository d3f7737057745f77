import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  listPersonSchema,
  recipientListMessages,
  recipientLists as recipientListResource,
  type ListPerson,
} from '@portal/contract/communications';
import { listDataSchema, replySchema } from '@portal/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantScope } from '../../db/columns.ts';
import { callerOf } from '../../platform/access.ts';
import { isSuperAdmin, type RequestContext } from '../../platform/context.ts';
import type { Database, Executor, Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { createResourceService, type Row } from '../../platform/resources/service.ts';
import { scopeOptions } from '../oneview/api.ts';
import { directory } from '../users/api.ts';
import { assertNameFree } from './names.ts';
import { bulletins, recipientListMembers, recipientLists } from './schema.ts';

/**
 * The people the caller may put on a list: the company's active people they may see (OneView's
 * scope rule: company-wide roles everyone; others the people working in their regions, districts
 * and stores), themselves included; a super admin, everyone of the list's company.
 */
export async function visiblePeople(
  db: Executor,
  ctx: RequestContext,
  companyId: number,
): Promise<ListPerson[]> {
  const everyone = await directory(db, companyId);
  if (isSuperAdmin(ctx)) return everyone.map(({ id, name }) => ({ id, name }));
  const options = await scopeOptions(db, ctx);
  const storeIds = new Set(options.stores.map((store) => store.id));
  return everyone
    .filter(
      (person) =>
        options.company ||
        person.id === ctx.userId ||
        (person.store_id !== null && storeIds.has(person.store_id)),
    )
    .map(({ id, name }) => ({ id, name }));
}

/** Each list's members, by list. */
export async function membersOf(
  db: Executor,
  companyId: number,
  listIds?: readonly number[],
): Promise<Map<number, Set<number>>> {
  const byList = new Map<number, Set<number>>();
  if (listIds && !listIds.length) return byList;
  const rows = await db
    .select({ list_id: recipientListMembers.list_id, user_id: recipientListMembers.user_id })
    .from(recipientListMembers)
    .where(
      and(
        tenantScope(recipientListMembers, companyId),
        listIds ? inArray(recipientListMembers.list_id, [...listIds]) : undefined,
      ),
    );
  for (const row of rows) {
    const set = byList.get(row.list_id) ?? new Set<number>();
    set.add(row.user_id);
    byList.set(row.list_id, set);
  }
  return byList;
}

/**
 * Writes a list's members: those sent, plus those already on it whom the caller cannot see (not
 * theirs to take off). A person the caller cannot see (another company's, or outside their scope)
 * is not added: a 400 on user_ids, nothing written.
 */
async function writeMembers(tx: Tx, ctx: RequestContext, row: Row, sent: readonly number[]) {
  const companyId = Number(row.company_id);
  const visible = new Set((await visiblePeople(tx, ctx, companyId)).map((person) => person.id));
  const current = (await membersOf(tx, companyId, [row.id])).get(row.id) ?? new Set<number>();
  const wanted = new Set(sent);
  const refused = [...wanted].filter((id) => !visible.has(id) && !current.has(id));
  if (refused.length)
    throw AppError.badRequest(recipientListMessages.unknownPeople, {
      user_ids: [`${recipientListMessages.unknownPeople}: ${refused.join(', ')}`],
    });
  for (const id of current) if (!visible.has(id)) wanted.add(id);
  const gone = [...current].filter((id) => !wanted.has(id));
  const added = [...wanted].filter((id) => !current.has(id));
  if (gone.length)
    await tx
      .delete(recipientListMembers)
      .where(
        and(
          tenantScope(recipientListMembers, companyId),
          eq(recipientListMembers.list_id, row.id),
          inArray(recipientListMembers.user_id, gone),
        ),
      );
  if (added.length)
    await tx
      .insert(recipientListMembers)
      .values(added.map((user_id) => ({ company_id: companyId, list_id: row.id, user_id })));
}

/** Recipient lists on the engine: members in their own table, a list in use kept (409). */
export const recipientListService = createResourceService({
  definition: recipientListResource,
  table: recipientLists,
  tenantColumn: 'company_id',
  hooks: {
    async beforeCreate(input, ctx, tx) {
      await assertNameFree(
        tx,
        recipientLists,
        ctx.companyId,
        input.name,
        recipientListMessages.nameTaken,
      );
      return { name: input.name, description: input.description ?? null, created_by: ctx.userId };
    },
    async beforeUpdate(input, existing, _ctx, tx) {
      if (input.name !== undefined)
        await assertNameFree(
          tx,
          recipientLists,
          Number(existing.company_id),
          input.name,
          recipientListMessages.nameTaken,
          existing.id,
        );
      const { user_ids: _members, ...values } = input;
      return values;
    },
    async afterWrite(row, input, ctx, tx) {
      if (Array.isArray(input.user_ids))
        await writeMembers(
          tx,
          ctx,
          row,
          input.user_ids.filter((id): id is number => typeof id === 'number'),
        );
    },
    /**
     * A list a bulletin is aimed at (active or not) stays: deleting it would silently change who the
     * bulletin reaches (a bulletin aimed only at it would reach everyone). The row is locked by the
     * delete first, so a bulletin saved meanwhile (which reads the list FOR SHARE) is seen here.
     */
    async beforeRemove(row, _ctx, tx) {
      const users = await tx
        .select({ id: bulletins.id, title: bulletins.title })
        .from(bulletins)
        .where(
          and(
            tenantScope(bulletins, Number(row.company_id)),
            sql`${row.id} = any(${bulletins.list_ids})`,
          ),
        )
        .orderBy(bulletins.id);
      if (users.length)
        throw AppError.conflict(recipientListMessages.inUse, {
          bulletins: users.map((bulletin) => bulletin.title),
        });
    },
    async decorate(rows, _ctx, db) {
      const byCompany = new Map<number, Row[]>();
      for (const row of rows)
        byCompany.set(Number(row.company_id), [
          ...(byCompany.get(Number(row.company_id)) ?? []),
          row,
        ]);
      for (const [companyId, list] of byCompany) {
        const members = await membersOf(
          db,
          companyId,
          list.map((row) => row.id),
        );
        for (const row of list) {
          const ids = [...(members.get(row.id) ?? [])].sort((a, b) => a - b);
          row.user_ids = ids;
          row.member_count = ids.length;
        }
      }
    },
  },
  routes: (app, db) => listPeopleRoute(app, db),
});

/** GET /recipient-lists/people: whom the caller may put on a list (the form's choices). */
function listPeopleRoute(app: FastifyInstance, db: Database) {
  app.withTypeProvider<ZodTypeProvider>().get('/recipient-lists/people', {
    schema: {
      tags: ['Communications'],
      summary: 'The people the caller may put on a list (those they may see), by name',
      querystring: z.looseObject({ search: z.string().max(200).optional() }),
      response: {
        200: replySchema(listDataSchema(listPersonSchema)),
        ...errorReplies(400, 403),
      },
    },
    config: { access: 'write_recipient_lists' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const term = request.query.search?.trim().toLowerCase() ?? '';
      const results = (await visiblePeople(db, ctx, ctx.companyId)).filter((person) =>
        person.name.toLowerCase().includes(term),
      );
      return ok('', { results, total: results.length });
    },
  });
}

/**
 * The lists a bulletin names exist in the company (400 otherwise), read FOR SHARE so a delete of
 * one waits for this save and then sees the bulletin.
 */
export async function unknownLists(tx: Tx, companyId: number, listIds: readonly number[]) {
  if (!listIds.length) return [];
  const found = await tx
    .select({ id: recipientLists.id })
    .from(recipientLists)
    .where(and(tenantScope(recipientLists, companyId), inArray(recipientLists.id, [...listIds])))
    .for('share');
  return listIds.filter((id) => !found.some((row) => row.id === id));
}
