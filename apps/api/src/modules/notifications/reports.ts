import { and, count, desc, eq, gte, ilike, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listDataSchema, replySchema } from '@portal/contract/envelope';
import {
  deliveryStatuses,
  MAIL_REPORTS_PATH,
  MESSAGE_REPORTS_PERMISSION,
  messageReportQuerySchema,
  messageReportSchema,
  type MessageReport,
  SMS_REPORTS_PATH,
  smsStatusCallbackSchema,
  smsStatusReplySchema,
} from '@portal/contract/message-reports';
import { tenantScope } from '../../db/columns.ts';
import { callerOf } from '../../platform/access.ts';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { namesOf } from '../users/api.ts';
import { notificationDeliveries as log } from './schema.ts';
import { SMS_STATUS_PATH, smsSignatureValid, smsStatusUrl, type SmsConfig } from './sms.ts';

const tags = ['Notifications'];
const SUMMARY_LENGTH = 160;
const statusOf = (value: string): MessageReport['status'] =>
  deliveryStatuses.find((status) => status === value) ?? 'queued';

/**
 * GET /mail-reports and /sms-reports: the company's delivery log of one channel, newest first,
 * for its admins; always the caller's own company (the super admin's too). Filters: status,
 * recipient (part of the address or number), from/to (UTC days the message was queued).
 */
export function messageReportRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const [path, channel, what] of [
    [MAIL_REPORTS_PATH, 'mail', 'Mail'],
    [SMS_REPORTS_PATH, 'sms', 'SMS'],
  ] as const) {
    r.get(path, {
      schema: {
        tags,
        summary: `${what} the company sent: to whom, when, through what, and whether it arrived`,
        querystring: messageReportQuerySchema,
        response: { 200: replySchema(listDataSchema(messageReportSchema)), ...errorReplies(400) },
      },
      config: { access: MESSAGE_REPORTS_PERMISSION },
      handler: async (request) => {
        const ctx = callerOf(request);
        const { page, perPage, status, recipient, from, to } = request.query;
        const where = and(
          tenantScope(log, ctx),
          eq(log.channel, channel),
          status ? eq(log.status, status) : undefined,
          recipient
            ? ilike(log.to, `%${recipient.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
            : undefined,
          from ? gte(log.created_at, sql`${from}::date`) : undefined,
          to ? lt(log.created_at, sql`${to}::date + 1`) : undefined,
        );
        const rows = await db
          .select()
          .from(log)
          .where(where)
          .orderBy(desc(log.id))
          .limit(perPage)
          .offset(page * perPage);
        const [total] = await db.select({ total: count() }).from(log).where(where);
        const names = await namesOf(db, ctx.companyId, [
          ...new Set(rows.flatMap((row) => (row.user_id === null ? [] : [row.user_id]))),
        ]);
        return ok('', {
          results: rows.map((row): MessageReport => ({
            id: row.id,
            kind: row.notification_kind,
            to: row.to,
            user_name: row.user_id === null ? null : (names.get(row.user_id) ?? null),
            source:
              row.source_type !== null && row.source_id !== null
                ? { type: row.source_type, id: row.source_id }
                : null,
            subject: row.subject,
            summary:
              row.text.length > SUMMARY_LENGTH
                ? `${row.text.slice(0, SUMMARY_LENGTH - 1)}…`
                : row.text,
            status: statusOf(row.status),
            provider: row.provider,
            attempts: row.attempts,
            last_error: row.last_error,
            created_at: row.created_at,
            sent_at: row.sent_at,
            delivered_at: row.delivered_at,
            failed_at: row.failed_at,
          })),
          total: Number(total?.total ?? 0),
        });
      },
    });
  }
}

/** The provider's words for an SMS that arrived, and for one that never will. */
const DELIVERED = new Set(['delivered', 'read']);
const UNDELIVERED = new Set(['failed', 'undelivered', 'canceled']);

/**
 * POST /sms-status: the SMS provider's delivery report (public; registered only with a provider
 * configured). It is signed with the provider's token over the callback URL and the posted
 * fields (X-Twilio-Signature): a missing or wrong signature is a 403. `delivered` marks the SMS
 * delivered; `failed`/`undelivered` marks it failed with the provider's error; other states (queued,
 * sending, sent) leave it as it is. An unknown message id is a 404.
 */
export function smsStatusRoute(app: FastifyInstance, db: Database, config: SmsConfig) {
  const token = config.SMS_PROVIDER_TOKEN;
  if (!config.SMS_PROVIDER_URL || !token) return;
  const url = smsStatusUrl(config);
  return app.register(async (scope) => {
    // Providers post their reports as a form: parsed here only, for this one route.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    scope.withTypeProvider<ZodTypeProvider>().post(SMS_STATUS_PATH, {
      schema: {
        tags,
        summary: 'The SMS provider’s delivery report (signed with its token)',
        body: smsStatusCallbackSchema,
        response: { 200: replySchema(smsStatusReplySchema), ...errorReplies(400, 403, 404) },
      },
      config: { access: 'public' },
      handler: async (request) => {
        const params = request.body;
        const signature = request.headers['x-twilio-signature'];
        if (
          !smsSignatureValid(
            token,
            url,
            params,
            typeof signature === 'string' ? signature : undefined,
          )
        )
          throw AppError.forbidden('The delivery report’s signature does not match');
        // The system path (a public route): the message id names the row in whichever company.
        const [row] = await db
          .select({ company_id: log.company_id, id: log.id, status: log.status })
          .from(log)
          .where(and(eq(log.channel, 'sms'), eq(log.provider_message_id, params.MessageSid)))
          .limit(1);
        if (!row) throw AppError.notFound('SMS message');
        const state = params.MessageStatus.toLowerCase();
        const key = and(tenantScope(log, row.company_id), eq(log.id, row.id));
        if (DELIVERED.has(state)) {
          await db
            .update(log)
            .set({ status: 'delivered', delivered_at: sql`now()`, updated_at: sql`now()` })
            .where(key);
          return ok('', { status: 'delivered' as const });
        }
        if (UNDELIVERED.has(state)) {
          const reason = [params.ErrorCode, params.ErrorMessage].filter(Boolean).join(': ');
          await db
            .update(log)
            .set({
              status: 'failed',
              failed_at: sql`now()`,
              last_error: `The provider reports ${state}${reason ? ` (${reason})` : ''}`.slice(
                0,
                500,
              ),
              updated_at: sql`now()`,
            })
            .where(key);
          return ok('', { status: 'failed' as const });
        }
        return ok('', { status: statusOf(row.status) });
      },
    });
  });
}
