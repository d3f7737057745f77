import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bulletinChannelsSchema,
  communicationSettingKeys as keys,
  communicationSettingsMessages as messages,
  communicationSettingsSchema,
  defaultCommunicationSettings as defaults,
  MAX_ESCALATE_AFTER_DAYS,
  type CommunicationSettings,
} from '@portal/contract/communications';
import { replySchema } from '@portal/contract/envelope';
import { z } from 'zod';
import { callerOf } from '../../platform/access.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { defineSetting, readSetting, writeSetting } from '../../platform/settings.ts';

/**
 * Days to acknowledge before escalation: a new bulletin's default (company level). Stored with 0
 * for "never" (a null value removes a level's setting).
 */
export const ackDaysSetting = defineSetting({
  key: keys.ack_days,
  label: 'Acknowledge within (days) before escalation, 0: never',
  schema: z.number().int().min(0).max(MAX_ESCALATE_AFTER_DAYS),
  default: defaults.ack_days ?? 0,
});

/**
 * Whether people late to acknowledge are escalated to their manager: inherited down the org tree,
 * so a region, district or store can opt out (the job reads it for each person's store).
 */
export const escalateToManagerSetting = defineSetting({
  key: keys.escalate_to_manager,
  label: 'Escalate late acknowledgements to the manager',
  schema: z.boolean(),
  default: defaults.escalate_to_manager,
});

/** A new bulletin's channels (company level). */
export const defaultChannelsSetting = defineSetting({
  key: keys.channels,
  label: 'Default channels of a new bulletin',
  schema: bulletinChannelsSchema,
  default: defaults.channels,
});

/** The lowest rank that may publish a bulletin or a material edit (company level). */
export const publishLevelSetting = defineSetting({
  key: keys.publish_min_level,
  label: 'Who may publish bulletins',
  schema: communicationSettingsSchema.shape.publish_min_level,
  default: defaults.publish_min_level,
});

/** The company's settings (its own level, or the defaults). */
export async function communicationSettingsOf(
  db: Executor,
  ctx: Pick<RequestContext, 'companyId'>,
): Promise<CommunicationSettings> {
  const [ack_days, escalate_to_manager, channels, publish_min_level] = await Promise.all([
    readSetting(db, ctx, ackDaysSetting),
    readSetting(db, ctx, escalateToManagerSetting),
    readSetting(db, ctx, defaultChannelsSetting),
    readSetting(db, ctx, publishLevelSetting),
  ]);
  return { ack_days: ack_days || null, escalate_to_manager, channels, publish_min_level };
}

/** 403 when the company lets only higher ranks publish (the super admin always may). */
export async function assertMayPublish(db: Executor, ctx: RequestContext) {
  const level = await readSetting(db, ctx, publishLevelSetting);
  if (ctx.baseRole !== 'super_admin' && ctx.accessLevel < level)
    throw AppError.forbidden(messages.publishRank(level));
}

/**
 * GET /communications/settings (the bulletin form's defaults: whoever writes bulletins) and PUT
 * (the company's admins): all four at the company level in one transaction.
 */
export function communicationSettingsRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Communications'];
  r.get('/communications/settings', {
    schema: {
      tags,
      summary: 'The company’s communications settings (defaults where none is set)',
      response: { 200: replySchema(communicationSettingsSchema), ...errorReplies(403) },
    },
    config: { access: 'read_bulletins' },
    handler: async (request) => ok('', await communicationSettingsOf(db, callerOf(request))),
  });
  r.put('/communications/settings', {
    schema: {
      tags,
      summary: 'Save the company’s communications settings',
      body: communicationSettingsSchema,
      response: { 200: replySchema(communicationSettingsSchema), ...errorReplies(400, 403) },
    },
    config: { access: 'can_edit_own_company_settings' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const company = { scope: 'company', scopeId: 0 } as const;
      const { ack_days, escalate_to_manager, channels, publish_min_level } = request.body;
      await db.transaction(async (tx) => {
        await writeSetting(tx, ctx, keys.ack_days, company, ack_days ?? 0);
        await writeSetting(tx, ctx, keys.escalate_to_manager, company, escalate_to_manager);
        await writeSetting(tx, ctx, keys.channels, company, channels);
        await writeSetting(tx, ctx, keys.publish_min_level, company, publish_min_level);
      });
      return ok(messages.saved, await communicationSettingsOf(db, ctx));
    },
  });
}
