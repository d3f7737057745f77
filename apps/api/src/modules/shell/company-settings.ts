import { and, eq, sql } from 'drizzle-orm';
import { isPermission } from '@portal/contract/permissions';
import {
  lotusEmbedSlug,
  lotusResourceKeys,
  lotusResources,
  type LotusResourceKey,
} from '@portal/contract/lotus';
import {
  type MenuSettings,
  type MenuSettingsUpdate,
  type ShellSettings,
  type ThemeMode,
} from '@portal/contract/shell';
import type { Executor } from '../../platform/database.ts';
import type { RequestContext } from '../../platform/context.ts';
import { embedSlugs, homeScreenTitle } from '../navigation/api.ts';
import { companySettings, userPreferences } from './schema.ts';
import { tenantScope } from '../../db/columns.ts';

const STANDARD_LOTUS: LotusResourceKey[] = ['engage', 'real_estate', 'lotus_drive', 'real_time'];

const standardMenu: MenuSettings = {
  lotus_resources: STANDARD_LOTUS,
  lotus_group_permission: null,
  reporting_link_host: null,
  reporting_link_url: null,
};

/**
 * The starting settings of companies SPEC.md names (section 2, All Lotus Resources): 25 and 36 add
 * Membership Services; 37 has iVerify instead of the standard four, plus Membership Services; 52
 * shows the group only with can_access_lotus_resources. Every other company starts standard. A
 * company's row, once written, is what counts.
 */
const companyMenuDefaults: Readonly<Record<number, Partial<MenuSettings>>> = {
  25: { lotus_resources: [...STANDARD_LOTUS, 'membership_services'] },
  36: { lotus_resources: [...STANDARD_LOTUS, 'membership_services'] },
  37: { lotus_resources: ['iverify', 'membership_services'] },
  52: { lotus_group_permission: 'can_access_lotus_resources' },
};

export function menuSettingsDefaults(companyId: number): MenuSettings {
  return { ...standardMenu, ...companyMenuDefaults[companyId] };
}

const inCatalogueOrder = (keys: readonly string[]): LotusResourceKey[] =>
  lotusResourceKeys.filter((key) => keys.includes(key));

type SettingsRow = typeof companySettings.$inferSelect;

function toMenuSettings(row: SettingsRow): MenuSettings {
  const permission = row.lotus_group_permission;
  return {
    lotus_resources: inCatalogueOrder(row.lotus_resources),
    lotus_group_permission: permission && isPermission(permission) ? permission : null,
    reporting_link_host: row.reporting_link_host,
    reporting_link_url: row.reporting_link_url,
  };
}

export async function readMenuSettings(db: Executor, companyId: number): Promise<MenuSettings> {
  const [row] = await db
    .select()
    .from(companySettings)
    .where(tenantScope(companySettings, companyId));
  return row ? toMenuSettings(row) : menuSettingsDefaults(companyId);
}

/** Changes the caller's company's menu settings; fields left out keep their current value. */
export async function updateMenuSettings(
  db: Executor,
  ctx: RequestContext,
  update: MenuSettingsUpdate,
): Promise<MenuSettings> {
  const current = await readMenuSettings(db, ctx.companyId);
  const next: MenuSettings = {
    lotus_resources: inCatalogueOrder(update.lotus_resources ?? current.lotus_resources),
    lotus_group_permission:
      update.lotus_group_permission === undefined
        ? current.lotus_group_permission
        : update.lotus_group_permission,
    reporting_link_host:
      update.reporting_link_host === undefined
        ? current.reporting_link_host
        : update.reporting_link_host,
    reporting_link_url:
      update.reporting_link_url === undefined
        ? current.reporting_link_url
        : update.reporting_link_url,
  };
  const [row] = await db
    .insert(companySettings)
    .values({ company_id: ctx.companyId, ...next })
    .onConflictDoUpdate({
      target: companySettings.company_id,
      set: { ...next, updated_at: sql`now()` },
    })
    .returning();
  return row ? toMenuSettings(row) : next;
}

async function themeModeOf(db: Executor, ctx: RequestContext): Promise<ThemeMode | null> {
  const [row] = await db
    .select({ theme_mode: userPreferences.theme_mode })
    .from(userPreferences)
    .where(
      and(tenantScope(userPreferences, ctx.companyId), eq(userPreferences.user_id, ctx.userId)),
    );
  return row?.theme_mode === 'dark' || row?.theme_mode === 'light' ? row.theme_mode : null;
}

/**
 * Everything the shell reads once per page load, for any signed-in user. The menu lists only the
 * Lotus resources whose page has something to show (the company set up its embed), so nobody
 * opens a "not set up" page; the menu settings themselves keep the company's choice.
 */
export async function readShellSettings(db: Executor, ctx: RequestContext): Promise<ShellSettings> {
  const [home_screen, theme_mode, menu, slugs] = await Promise.all([
    homeScreenTitle(db, ctx.companyId),
    themeModeOf(db, ctx),
    readMenuSettings(db, ctx.companyId),
    embedSlugs(db, ctx.companyId),
  ]);
  const configured = (key: LotusResourceKey) => {
    const resource = lotusResources.find((each) => each.key === key);
    return resource !== undefined && slugs.has(lotusEmbedSlug(resource));
  };
  return {
    home_screen,
    theme_mode,
    menu: { ...menu, lotus_resources: menu.lotus_resources.filter(configured) },
  };
}

export async function saveThemeMode(
  db: Executor,
  ctx: RequestContext,
  mode: ThemeMode,
): Promise<void> {
  await db
    .insert(userPreferences)
    .values({ company_id: ctx.companyId, user_id: ctx.userId, theme_mode: mode })
    .onConflictDoUpdate({
      target: [userPreferences.company_id, userPreferences.user_id],
      set: { theme_mode: mode, updated_at: sql`now()` },
    });
}
