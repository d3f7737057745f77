import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replySchema } from '@portal/contract/envelope';
import {
  putSettingSchema,
  settingMessages as messages,
  settingOverviewSchema,
  settingVariantKey,
  type SettingScope,
} from '@portal/contract/platform';
import { callerOf } from './access.ts';
import type { RequestContext } from './context.ts';
import type { Executor } from './database.ts';
import { AppError } from './errors.ts';
import { errorReplies, ok } from './reply.ts';
import { orgSettings } from './schema.ts';

/**
 * Settings inherited down the org tree: a setting is declared once (`defineSetting`: key, zod
 * schema, default), set for the company and overridden per region, district or store in one
 * table (org_settings); `readSetting(db, ctx, key, storeId)` answers the value nearest to the
 * store (store, then its district, then the district's region, then the company, then the
 * default) in one query.
 *
 * A setting that declares `variants` also takes keys `<key>.<variant>` (a carrier's own return
 * window: `sales.remorse_window_days.verizon`, `settingVariantKey`), set at any level like the
 * plain key. Read with a variant, the nearest level that sets either wins, and at one level the
 * variant's value beats the plain one: the plain setting is the fallback of every variant.
 *
 * The org tree itself (stores.district_id, districts.region_id) is read by table name: the kernel
 * imports no module, and the tree is the tenancy's own shape that every module hangs from.
 */

export interface SettingDefinition<T> {
  /** unique, dotted by module: `hr.break_reminder_minutes` */
  key: string;
  label: string;
  schema: z.ZodType<T>;
  default: T;
  /** whether `<key>.<variant>` keys with the same schema may be set (read with `variant`) */
  variants?: boolean;
}

const declared = new Map<string, SettingDefinition<unknown>>();

/** Declares a setting (once, by the module that owns it); its key must be unique. */
export function defineSetting<T>(definition: SettingDefinition<T>): SettingDefinition<T> {
  if (declared.has(definition.key)) throw new Error(`settings: ${definition.key} declared twice`);
  declared.set(definition.key, definition as SettingDefinition<unknown>);
  return definition;
}

/** The declared setting of a key, and for a variant key (`<key>.<variant>`) its plain key. */
function definitionOf(key: string): { definition: SettingDefinition<unknown>; keys: string[] } {
  const definition = declared.get(key);
  if (definition) return { definition, keys: [key] };
  const plain = key.slice(0, key.lastIndexOf('.'));
  const family = declared.get(plain);
  if (!family?.variants || !/^[a-z0-9_]+$/.test(key.slice(plain.length + 1)))
    throw AppError.notFound('Setting');
  return { definition: family, keys: [key, plain] };
}

const rank = sql<number>`case ${orgSettings.scope} when 'store' then 1 when 'district' then 2 when 'region' then 3 else 4 end`;

/**
 * The stored value nearest to `storeId` (or the company's), and where it came from; of several
 * keys (a variant's, then its plain key's) the first wins at one level.
 */
async function nearest(
  db: Executor,
  companyId: number,
  keys: string[],
  storeId: number | null,
): Promise<{ value: unknown; scope: SettingScope } | undefined> {
  const store = storeId ?? 0;
  const lineage = sql`(
    select s.district_id, d.region_id from stores s
    left join districts d on d.company_id = s.company_id and d.id = s.district_id
    where s.company_id = ${companyId} and s.id = ${store}
  )`;
  const [row] = await db
    .select({ value: orgSettings.value, scope: orgSettings.scope })
    .from(orgSettings)
    .where(
      and(
        eq(orgSettings.company_id, companyId),
        keys.length === 1 ? eq(orgSettings.key, keys[0] ?? '') : inArray(orgSettings.key, keys),
        sql`(
          (${orgSettings.scope} = 'company' and ${orgSettings.scope_id} = 0)
          or (${orgSettings.scope} = 'store' and ${orgSettings.scope_id} = ${store})
          or (${orgSettings.scope} = 'district' and ${orgSettings.scope_id} = (select district_id from ${lineage} l))
          or (${orgSettings.scope} = 'region' and ${orgSettings.scope_id} = (select region_id from ${lineage} l))
        )`,
      ),
    )
    .orderBy(rank, sql`case when ${orgSettings.key} = ${keys[0]} then 0 else 1 end`)
    .limit(1);
  if (!row) return undefined;
  const scope = row.scope as SettingScope;
  return { value: row.value, scope };
}

/**
 * A setting's value for a store of the caller's company: the nearest level that sets it wins;
 * without `storeId`, the company's value. A stored value that no longer fits the declared schema
 * (the schema changed) falls back to the default rather than reaching the caller unchecked.
 * With `variant` (a setting that declares variants: a carrier's name), the variant's own value
 * where one is nearer or as near, else the plain setting's.
 */
export async function readSetting<T>(
  db: Executor,
  ctx: Pick<RequestContext, 'companyId'>,
  setting: SettingDefinition<T>,
  storeId?: number | null,
  variant?: string | null,
): Promise<T> {
  const variantKey = setting.variants && variant ? settingVariantKey(setting.key, variant) : null;
  const keys = variantKey ? [variantKey, setting.key] : [setting.key];
  const found = await nearest(db, ctx.companyId, keys, storeId ?? null);
  if (!found) return setting.default;
  const parsed = setting.schema.safeParse(found.value);
  return parsed.success ? parsed.data : setting.default;
}

/** Does this region, district or store exist in the company? (0 for the company level.) */
async function assertPlace(db: Executor, companyId: number, scope: SettingScope, id: number) {
  if (scope === 'company') {
    if (id !== 0)
      throw AppError.badRequest(messages.companyScopeId, { scope_id: [messages.companyScopeId] });
    return;
  }
  const table = { region: sql`regions`, district: sql`districts`, store: sql`stores` }[scope];
  const result = await db.execute(
    sql`select 1 as found from ${table} where company_id = ${companyId} and id = ${id}`,
  );
  const rows = (result as { rows?: unknown[] }).rows ?? [];
  if (!rows.length) throw AppError.notFound(scope[0]?.toUpperCase() + scope.slice(1));
}

/**
 * Sets (or with `value: null` removes) a setting at one level of the caller's company. The value
 * must fit the declared schema (400 with the field's message otherwise).
 */
export async function writeSetting(
  db: Executor,
  ctx: Pick<RequestContext, 'companyId' | 'userId'>,
  key: string,
  place: { scope: SettingScope; scopeId: number },
  value: unknown,
): Promise<'saved' | 'removed'> {
  const { definition } = definitionOf(key);
  await assertPlace(db, ctx.companyId, place.scope, place.scopeId);
  const where = and(
    eq(orgSettings.company_id, ctx.companyId),
    eq(orgSettings.key, key),
    eq(orgSettings.scope, place.scope),
    eq(orgSettings.scope_id, place.scopeId),
  );
  if (value === null) {
    await db.delete(orgSettings).where(where);
    return 'removed';
  }
  const parsed = definition.schema.safeParse(value);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Invalid value';
    throw AppError.badRequest(`Invalid value: ${message}`, { value: [message] });
  }
  await db
    .insert(orgSettings)
    .values({
      company_id: ctx.companyId,
      key,
      scope: place.scope,
      scope_id: place.scopeId,
      value: parsed.data as object,
      updated_by: ctx.userId,
    })
    .onConflictDoUpdate({
      target: [orgSettings.company_id, orgSettings.key, orgSettings.scope, orgSettings.scope_id],
      set: { value: parsed.data as object, updated_by: ctx.userId, updated_at: sql`now()` },
    });
  return 'saved';
}

/**
 * Every level's value of one setting in the caller's company, and, for a store, what it gets (for
 * a variant key, its own value or else the plain setting's).
 */
export async function settingOverview(
  db: Executor,
  ctx: Pick<RequestContext, 'companyId'>,
  key: string,
  storeId?: number,
): Promise<z.infer<typeof settingOverviewSchema>> {
  const { definition, keys } = definitionOf(key);
  const rows = await db
    .select({ scope: orgSettings.scope, scope_id: orgSettings.scope_id, value: orgSettings.value })
    .from(orgSettings)
    .where(and(eq(orgSettings.company_id, ctx.companyId), eq(orgSettings.key, key)))
    .orderBy(rank, orgSettings.scope_id);
  const values = rows.map((row) => ({
    scope: row.scope as SettingScope,
    scope_id: row.scope_id,
    value: row.value,
  }));
  if (storeId === undefined) return { key, default: definition.default, values };
  const found = await nearest(db, ctx.companyId, keys, storeId);
  return {
    key,
    default: definition.default,
    values,
    effective: found?.value ?? definition.default,
    effective_from: found?.scope ?? 'default',
  };
}

const errors = errorReplies(400, 403, 404, 460);
const tags = ['Settings'];
const keyParams = z.object({ key: z.string().regex(/^[a-z0-9_.]{1,80}$/, 'is not a setting key') });

/**
 * GET /org-settings/{key}?store_id= (every level and what the store gets) and PUT (one level's
 * value, or null to remove it): the company's own settings, `can_edit_own_company_settings`.
 */
export function settingRoutes(app: FastifyInstance, db: Executor) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/org-settings/:key', {
    schema: {
      tags,
      summary: "A setting at every level of the org tree, and a store's value",
      params: keyParams,
      querystring: z.object({ store_id: z.coerce.number().int().positive().optional() }),
      response: { 200: replySchema(settingOverviewSchema), ...errors },
    },
    config: { access: 'can_edit_own_company_settings' },
    handler: async (request) =>
      ok(
        '',
        await settingOverview(db, callerOf(request), request.params.key, request.query.store_id),
      ),
  });
  r.put('/org-settings/:key', {
    schema: {
      tags,
      summary: 'Set a setting for the company, a region, a district or a store (null removes it)',
      params: keyParams,
      body: putSettingSchema,
      response: { 200: replySchema(settingOverviewSchema), ...errors },
    },
    config: { access: 'can_edit_own_company_settings' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const { scope, scope_id, value } = request.body;
      const done = await writeSetting(
        db,
        ctx,
        request.params.key,
        { scope, scopeId: scope_id },
        value ?? null,
      );
      return ok(
        done === 'saved' ? messages.saved : messages.removed,
        await settingOverview(db, ctx, request.params.key),
      );
    },
  });
}
