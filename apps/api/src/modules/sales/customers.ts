import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replySchema } from '@portal/contract/envelope';
import {
  customerDuplicateSchema,
  customerDuplicatesQuery,
  customers as customerResource,
  salesMessages,
  type CustomerDuplicate,
} from '@portal/contract/resources/sales';
import { callerOf } from '../../platform/access.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { createResourceService } from '../../platform/resources/service.ts';
import { tenantScope } from '../../db/columns.ts';
import { activations, customers, sales } from './schema.ts';

const normalPhone = (value: string) => value.replace(/[\s().-]/g, '');

/** Customers of the caller's company holding this phone or email (except one being edited). */
export async function duplicatesOf(
  db: Executor,
  ctx: RequestContext,
  query: { phone?: string | null; email?: string | null; except?: number },
): Promise<CustomerDuplicate[]> {
  const phone = query.phone ? normalPhone(query.phone) : '';
  const email = query.email ? query.email.trim().toLowerCase() : '';
  if (!phone && !email) return [];
  const rows = await db
    .select({
      id: customers.id,
      first_name: customers.first_name,
      last_name: customers.last_name,
      phone: customers.phone,
      email: customers.email,
    })
    .from(customers)
    .where(
      and(
        tenantScope(customers, ctx.companyId),
        or(
          phone ? eq(customers.phone, phone) : undefined,
          email ? eq(customers.email, email) : undefined,
        ),
        query.except ? ne(customers.id, query.except) : undefined,
      ),
    )
    .limit(5);
  return rows.map((row) => ({
    id: row.id,
    name: `${row.first_name} ${row.last_name}`,
    phone: row.phone,
    email: row.email,
    matched: phone && row.phone === phone ? 'phone' : 'email',
  }));
}

/** A second customer with a phone or email already on file: 409 naming the one on file. */
async function assertUnique(
  db: Executor,
  ctx: RequestContext,
  values: { phone?: string | null; email?: string | null },
  except?: number,
) {
  const [found] = await duplicatesOf(db, ctx, { ...values, except });
  if (found)
    throw AppError.conflict(salesMessages.customerDuplicate(found.matched, found.name), {
      customer_id: found.id,
      field: found.matched,
    });
}

function customerRoutes(app: FastifyInstance, db: Database) {
  app.withTypeProvider<ZodTypeProvider>().get('/customers/duplicates', {
    schema: {
      tags: [customerResource.label.many],
      summary: 'Customers already holding a phone number or email',
      querystring: customerDuplicatesQuery,
      response: { 200: replySchema(z.array(customerDuplicateSchema)), ...errorReplies(403) },
    },
    config: { access: 'read_customers' },
    handler: async (request) => ok('', await duplicatesOf(db, callerOf(request), request.query)),
  });
}

/** The store's customers: a phone or email once per company (409 naming who has it). */
export const customerService = createResourceService({
  definition: customerResource,
  table: customers,
  tenantColumn: 'company_id',
  hooks: {
    beforeCreate: async (input, ctx, tx) => {
      await assertUnique(tx, ctx, input);
      return { ...input };
    },
    beforeUpdate: async (input, existing, ctx, tx) => {
      await assertUnique(tx, ctx, input, existing.id);
      return { ...input };
    },
    beforeRemove: async (row, ctx, tx) => {
      const [used] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(sales)
        .where(and(tenantScope(sales, ctx.companyId), eq(sales.customer_id, row.id)));
      const [activated] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(activations)
        .where(and(tenantScope(activations, ctx.companyId), eq(activations.customer_id, row.id)));
      if (Number(used?.n ?? 0) + Number(activated?.n ?? 0) > 0)
        throw AppError.conflict(salesMessages.customerHasSales);
    },
  },
  routes: customerRoutes,
});
