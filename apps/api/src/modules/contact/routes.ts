import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONTACT_US_FORM_PATH,
  CONTACT_US_HOURLY_LIMIT,
  contactLandings,
  contactMessages,
  contactUsEntrySchema,
  contactUsFormSchema,
  contactUsSentSchema,
  PUBLIC_COMPANY_PATH,
  publicCompanyQuerySchema,
  publicCompanySchema,
  type ContactUsEntry,
} from '@portal/contract/contact';
import { listDataSchema, replySchema } from '@portal/contract/envelope';
import { idParamsSchema } from '@portal/contract/list-query';
import { tenantScope } from '../../db/columns.ts';
import { callerOf } from '../../platform/access.ts';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { readSetting } from '../../platform/settings.ts';
import { asCompany, asSystem } from '../../platform/tenant-connection.ts';
import { activeCompany } from '../organisation/api.ts';
import { openSupportTicket } from '../support/api.ts';
import { contactUsEntries } from './schema.ts';
import { contactLandingSetting } from './settings.ts';

const tags = ['Contact Us'];
const HOUR_MS = 3600_000;

type EntryRow = typeof contactUsEntries.$inferSelect;
const entryOut = (row: EntryRow): ContactUsEntry => ({
  id: row.id,
  company_id: row.company_id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  message: row.message,
  landed_as: contactLandings.find((landing) => landing === row.landed_as) ?? 'lead',
  ticket_id: row.ticket_id,
  created_at: row.created_at,
});

export function contactRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(PUBLIC_COMPANY_PATH, {
    schema: {
      tags,
      summary: 'The company a public page belongs to (the one named, or the portal’s first)',
      querystring: publicCompanyQuerySchema,
      response: { 200: replySchema(publicCompanySchema), ...errorReplies(400, 404) },
    },
    config: { access: 'public' },
    handler: async (request) => {
      const company = await asSystem(() => activeCompany(db, request.query.company ?? null));
      if (!company) throw AppError.notFound('Company');
      return ok('', { company_id: company.id, name: company.name });
    },
  });

  r.post(CONTACT_US_FORM_PATH, {
    schema: {
      tags,
      summary: 'Send the public contact form (no session)',
      description:
        `At most ${CONTACT_US_HOURLY_LIMIT} messages an hour from one address (429). A filled ` +
        '`website` field (hidden from people) is answered like a success and stores nothing. ' +
        'The message lands as a lead or opens a support ticket, as the company’s setting ' +
        '`contact.lands_as` says.',
      body: contactUsFormSchema,
      response: { 200: replySchema(contactUsSentSchema), ...errorReplies(400, 404, 429) },
    },
    config: { access: 'public' },
    handler: async (request) => {
      const { website, company_id: companyId, ...form } = request.body;
      if (website?.trim()) return ok(contactMessages.sent, { received: true as const });
      const company = await asSystem(() => activeCompany(db, companyId));
      if (!company) throw AppError.notFound('Company');
      const ip = request.ip.slice(0, 64);
      await db.transaction(async (tx) => {
        // One sender at a time per address, so a burst cannot slip past the count.
        const recent = await asSystem(async () => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contact:${ip}`}))`);
          const [row] = await tx
            .select({ total: count() })
            .from(contactUsEntries)
            .where(
              and(
                eq(contactUsEntries.ip, ip),
                gt(contactUsEntries.created_at, new Date(Date.now() - HOUR_MS).toISOString()),
              ),
            );
          return Number(row?.total ?? 0);
        });
        if (recent >= CONTACT_US_HOURLY_LIMIT) throw new AppError(429, contactMessages.tooMany);
        await asCompany(companyId, async () => {
          const landing = await readSetting(tx, { companyId }, contactLandingSetting);
          const ticketId =
            landing === 'ticket'
              ? await openSupportTicket(tx, companyId, {
                  email: form.email,
                  detail: `${form.name}${form.phone ? ` (${form.phone})` : ''}: ${form.message}`,
                  sentFromRoute: '/contact-us',
                })
              : null;
          await tx.insert(contactUsEntries).values({
            company_id: companyId,
            ...form,
            phone: form.phone || null,
            ip,
            landed_as: ticketId === null ? 'lead' : 'ticket',
            ticket_id: ticketId,
          });
        });
      });
      return ok(contactMessages.sent, { received: true as const });
    },
  });

  r.get(CONTACT_US_FORM_PATH, {
    schema: {
      tags,
      summary: 'Messages of the contact form, newest first',
      querystring: z.strictObject({
        page: z.coerce.number().int().min(0).default(0),
        perPage: z.coerce.number().int().min(1).max(500).default(50),
      }),
      response: { 200: replySchema(listDataSchema(contactUsEntrySchema)), ...errorReplies(403) },
    },
    config: { access: 'read_contact_us' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const { page, perPage } = request.query;
      const where = tenantScope(contactUsEntries, ctx);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(contactUsEntries)
          .where(where)
          .orderBy(desc(contactUsEntries.id))
          .limit(perPage)
          .offset(page * perPage),
        db.select({ total: count() }).from(contactUsEntries).where(where),
      ]);
      return ok('', { results: rows.map(entryOut), total: Number(total?.total ?? 0) });
    },
  });

  r.get(`${CONTACT_US_FORM_PATH}/:id`, {
    schema: {
      tags,
      summary: 'One message of the contact form',
      params: idParamsSchema,
      response: { 200: replySchema(contactUsEntrySchema), ...errorReplies(403, 404) },
    },
    config: { access: 'read_contact_us' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const [row] = await db
        .select()
        .from(contactUsEntries)
        .where(and(tenantScope(contactUsEntries, ctx), eq(contactUsEntries.id, request.params.id)));
      if (!row) throw AppError.notFound('Message');
      return ok('', entryOut(row));
    },
  });
}
