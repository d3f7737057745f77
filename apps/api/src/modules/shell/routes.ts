import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema, replySchema } from '@portal/contract/envelope';
import {
  currentStoreRequestSchema,
  MENU_MOVE_PATH,
  menuMoveMessages,
  menuMoveRequestSchema,
  menuSettingsMessages,
  menuSettingsSchema,
  menuSettingsUpdateSchema,
  myStoreSchema,
  shellSettingsSchema,
  storeSwitchMessages,
  themePreferenceSchema,
} from '@portal/contract/shell';
import type { Database } from '../../platform/database.ts';
import { callerOf } from '../../platform/access.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { readShellSettings, saveThemeMode, updateMenuSettings } from './company-settings.ts';
import { moveSidebarItem } from '../navigation/api.ts';
import { listMyStores, switchCurrentStore } from './my-stores.ts';

const errors = errorReplies(400, 403, 404, 460);

/** The app shell's own calls: settings, theme, store switcher and the menu move. */
export function shellRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/shell/settings', {
    schema: {
      tags: ['Shell'],
      summary: "The company's Home Screen, menu settings and the caller's theme",
      response: { 200: replySchema(shellSettingsSchema), 460: errorReplySchema },
    },
    config: { access: 'authenticated' },
    handler: async (request) => ok('', await readShellSettings(db, callerOf(request))),
  });

  r.put('/shell/theme', {
    schema: {
      tags: ['Shell'],
      summary: "Remembers the caller's light or dark choice",
      body: themePreferenceSchema,
      response: { 200: replySchema(themePreferenceSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      await saveThemeMode(db, callerOf(request), request.body.theme_mode);
      return ok('', request.body);
    },
  });

  r.patch('/company-settings/menu', {
    schema: {
      tags: ['Shell'],
      summary: "Changes the caller's company's menu settings",
      body: menuSettingsUpdateSchema,
      response: { 200: replySchema(menuSettingsSchema), ...errors },
    },
    config: { access: 'can_edit_own_company_settings' },
    handler: async (request) =>
      ok(
        menuSettingsMessages.updated,
        await updateMenuSettings(db, callerOf(request), request.body),
      ),
  });

  r.get('/me/stores', {
    schema: {
      tags: ['Shell'],
      summary: "The caller's stores, for the store switcher",
      response: { 200: replySchema(z.array(myStoreSchema)), 460: errorReplySchema },
    },
    config: { access: 'authenticated' },
    handler: async (request) => ok('', await listMyStores(db, callerOf(request))),
  });

  r.patch('/me/current-store', {
    schema: {
      tags: ['Shell'],
      summary: "Switches the caller's current store to one of their own stores",
      body: currentStoreRequestSchema,
      response: { 200: replySchema(myStoreSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) =>
      ok(
        storeSwitchMessages.switched,
        await switchCurrentStore(db, callerOf(request), request.body),
      ),
  });

  r.post(MENU_MOVE_PATH, {
    schema: {
      tags: ['Sidebar Items'],
      summary: 'Moves a menu item under a new parent and reorders its new siblings',
      body: menuMoveRequestSchema,
      response: { 200: replySchema(z.null()), ...errors },
    },
    config: { access: 'write_sidebar_items' },
    handler: async (request) => {
      await moveSidebarItem(db, callerOf(request), request.body);
      return ok(menuMoveMessages.moved, null);
    },
  });
}
