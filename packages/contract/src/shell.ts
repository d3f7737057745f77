import { z } from 'zod';
import { id } from './fields.ts';
import { lotusResourceKeys } from './lotus.ts';
import { allPermissions } from './permissions.ts';

/**
 * What the app shell reads and writes beyond the generic resources (SPEC.md section 2, "Shell and
 * shared screens"): per-company menu settings, the user's theme, the store switcher and the menu
 * move of Menu Management.
 */

// ---- Per-company menu settings (stored in company_settings)

const hostName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, 'Enter a host name')
  .max(253);

export const menuSettingsSchema = z.object({
  /** The children of All Lotus Resources this company shows, in catalogue order. */
  lotus_resources: z.array(z.enum(lotusResourceKeys)),
  /** A permission a user needs to see the group at all; null: everyone sees it. */
  lotus_group_permission: z.enum(allPermissions).nullable(),
  /** The Reporting link shows only when the app is served from this host... */
  reporting_link_host: z.string().nullable(),
  /** ...and opens this address in a new tab. */
  reporting_link_url: z.string().nullable(),
});
export type MenuSettings = z.infer<typeof menuSettingsSchema>;

export const menuSettingsUpdateSchema = z.strictObject({
  lotus_resources: z
    .array(z.enum(lotusResourceKeys))
    .max(lotusResourceKeys.length)
    .refine((keys) => new Set(keys).size === keys.length, 'List each resource once')
    .optional(),
  lotus_group_permission: z.enum(allPermissions).nullable().optional(),
  reporting_link_host: hostName.nullable().optional(),
  reporting_link_url: z
    .url({ protocol: /^https$/, error: 'Enter an https:// address' })
    .max(2000)
    .nullable()
    .optional(),
});
export type MenuSettingsUpdate = z.input<typeof menuSettingsUpdateSchema>;

export const menuSettingsMessages = {
  updated: 'Menu settings updated',
  notUpdated: 'Menu settings not updated',
} as const;

// ---- The user's theme

export const themeModes = ['light', 'dark'] as const;
export type ThemeMode = (typeof themeModes)[number];
export const themePreferenceSchema = z.strictObject({ theme_mode: z.enum(themeModes) });

// ---- GET /shell/settings: what the shell needs once per page load

export const shellSettingsSchema = z.object({
  /** The title of the company's first Home Screen required field; null when none. */
  home_screen: z.string().nullable(),
  /** The user's light or dark choice; null until they make one. */
  theme_mode: z.enum(themeModes).nullable(),
  menu: menuSettingsSchema,
});
export type ShellSettings = z.infer<typeof shellSettingsSchema>;

// ---- Store switcher

export const myStoreSchema = z.object({
  id,
  name: z.string(),
  unique_id: z.string(),
  time_zone: z.string(),
  district: z.object({ name: z.string() }).nullable(),
});
export type MyStore = z.infer<typeof myStoreSchema>;

/** SPEC.md section 7: the switch sends id (the user), current_store and company_id. */
export const currentStoreRequestSchema = z.strictObject({
  id: id.optional(),
  current_store: id,
  company_id: id.optional(),
});
export type CurrentStoreRequest = z.input<typeof currentStoreRequestSchema>;

export const storeSwitchMessages = {
  switched: 'Store changed',
  notYours: 'You are not assigned to this store',
  notYou: 'You can only change your own store',
} as const;

// ---- Menu Management

/** SPEC.md section 7: one call sends parent_id, id and orderedIds (the new sibling order). */
export const menuMoveRequestSchema = z.strictObject({
  id,
  parent_id: id.nullable(),
  orderedIds: z.array(id).min(1).max(1000),
});
export type MenuMoveRequest = z.input<typeof menuMoveRequestSchema>;
export const MENU_MOVE_PATH = '/sidebar-items/move';

export const menuMoveMessages = {
  moved: 'Menu updated',
  rootFixed: 'A root menu item cannot be moved',
  intoItself: 'A menu item cannot be moved into itself or its own children',
  orderMismatch: 'orderedIds must list every item under the new parent exactly once',
} as const;
