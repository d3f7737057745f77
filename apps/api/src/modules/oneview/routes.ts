import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdParams } from '@portal/contract/list-query';
import { listDataSchema, replySchema } from '@portal/contract/envelope';
import { id } from '@portal/contract/fields';
import {
  backgroundImageSaveSchema,
  companyWidgetPatchSchema,
  companyWidgetSchema,
  companyWidgetsSaveSchema,
  layoutQuerySchema,
  oneviewLayoutSchema,
  oneviewMessages,
  oneviewModeSchema,
  oneviewUploadRequestSchema,
  optionalScopeQuerySchema,
  personalLayoutSaveSchema,
  pinWidgetSchema,
  scopeOptionsSchema,
  widgetCatalogueEntrySchema,
  widgetDataSchema,
  widgetRowsSchema,
} from '@portal/contract/oneview';
import { UPLOADS_PATH } from '@portal/contract/uploads';
import { callerOf } from '../../platform/access.ts';
import type { Database } from '../../platform/database.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { signUploadRoute, type Uploads } from '../../platform/uploads.ts';
import { scopeOptions } from './scope.ts';
import type { WidgetRegistry } from './widgets.ts';
import {
  deleteCompanyWidget,
  getCompanyWidget,
  listCompanyWidgets,
  patchCompanyWidget,
  pinWidget,
  readLayout,
  resetPersonalLayout,
  saveBackground,
  saveCompanyLayout,
  savePersonalLayout,
  widgetCatalogue,
  widgetData,
  widgetRows,
} from './services.ts';

const errors = errorReplies(400, 403, 404, 409, 460);
const tags = ['OneView'];
const idParam = pathIdParams(9);
const scopeOf = (q: z.infer<typeof optionalScopeQuerySchema>) =>
  q.level === undefined ? null : { level: q.level, id: q.id };

/**
 * OneView: the caller's layout and figures, the company's layouts (/oneview-company-widgets, SPEC.md
 * section 7) and the background image upload (/photos/upload with folder oneViewBgImg).
 */
export function oneviewRoutes(
  app: FastifyInstance,
  db: Database,
  uploads: Uploads,
  apiPrefix: string,
  reg: WidgetRegistry,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const uploadsBase = `${apiPrefix}${UPLOADS_PATH}`;
  /** The registry with the caller's company's saved charts, and what the services take first. */
  const callerRegistry = async (request: FastifyRequest) => {
    const ctx = callerOf(request);
    return [await reg.forCaller(db, ctx), db, ctx] as const;
  };

  r.get('/oneview/widgets', {
    schema: {
      tags,
      summary: 'The widget catalogue: every widget, the module data it counts and who may see it',
      response: { 200: replySchema(listDataSchema(widgetCatalogueEntrySchema)), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const results = widgetCatalogue(await reg.forCaller(db, callerOf(request)));
      return ok('', { results, total: results.length });
    },
  });

  r.get('/oneview/scopes', {
    schema: {
      tags,
      summary: 'The scope bar: the company, regions, districts and stores the caller may see',
      response: { 200: replySchema(scopeOptionsSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => ok('', await scopeOptions(db, callerOf(request))),
  });

  r.get('/oneview/widget-data', {
    schema: {
      tags,
      summary: "Every widget's figure for a scope (level, id); 403 outside the caller's scope",
      querystring: optionalScopeQuerySchema,
      response: { 200: replySchema(widgetDataSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) =>
      ok('', await widgetData(...(await callerRegistry(request)), scopeOf(request.query))),
  });

  r.get('/oneview/widgets/:key/rows', {
    schema: {
      tags,
      summary: 'The rows one widget counts for a scope: the list it opens',
      params: z.object({ key: z.string().max(64) }),
      querystring: optionalScopeQuerySchema,
      response: { 200: replySchema(widgetRowsSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) =>
      ok(
        '',
        await widgetRows(
          ...(await callerRegistry(request)),
          request.params.key,
          scopeOf(request.query),
        ),
      ),
  });

  r.get('/oneview/layout', {
    schema: {
      tags,
      summary: "The caller's layout (personal or their mode's), or a company mode's to edit",
      querystring: layoutQuerySchema,
      response: { 200: replySchema(oneviewLayoutSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) =>
      ok('', await readLayout(...(await callerRegistry(request)), request.query.mode)),
  });

  r.put('/oneview/layout', {
    schema: {
      tags,
      summary: "Save the caller's personal layout (locked widgets must stay in place)",
      body: personalLayoutSaveSchema,
      response: { 200: replySchema(oneviewLayoutSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) =>
      ok(
        oneviewMessages.layoutSaved,
        await savePersonalLayout(...(await callerRegistry(request)), request.body),
      ),
  });

  r.post('/oneview/layout/widgets', {
    schema: {
      tags,
      summary: "Pin a widget (a saved chart) below the caller's layout, which becomes personal",
      body: pinWidgetSchema,
      response: { 200: replySchema(oneviewLayoutSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) =>
      ok(
        oneviewMessages.added,
        await pinWidget(...(await callerRegistry(request)), request.body.widget_key),
      ),
  });

  r.delete('/oneview/layout', {
    schema: {
      tags,
      summary: "Reset the caller's layout to their mode's default",
      response: { 200: replySchema(oneviewLayoutSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) =>
      ok(
        oneviewMessages.layoutReset,
        await resetPersonalLayout(...(await callerRegistry(request))),
      ),
  });

  r.get('/oneview-company-widgets', {
    schema: {
      tags,
      summary: "The company's placed widgets (filter[mode]=1|2|3)",
      querystring: z.object({
        filter: z.object({ mode: oneviewModeSchema.optional() }).optional(),
      }),
      response: { 200: replySchema(listDataSchema(companyWidgetSchema)), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const results = await listCompanyWidgets(
        ...(await callerRegistry(request)),
        request.query.filter?.mode,
      );
      return ok('', { results, total: results.length });
    },
  });

  r.get('/oneview-company-widgets/:id', {
    schema: {
      tags,
      summary: 'One placed widget',
      params: idParam,
      response: { 200: replySchema(companyWidgetSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) =>
      ok('', await getCompanyWidget(...(await callerRegistry(request)), request.params.id)),
  });

  r.post('/oneview-company-widgets', {
    schema: {
      tags,
      summary: "Save a mode's layout: company_id and widgetsData (replaces that mode's widgets)",
      body: companyWidgetsSaveSchema,
      response: { 200: replySchema(listDataSchema(companyWidgetSchema)), ...errors },
    },
    config: { access: 'write_oneview' },
    handler: async (request) => {
      const results = await saveCompanyLayout(...(await callerRegistry(request)), request.body);
      return ok(oneviewMessages.added, { results, total: results.length });
    },
  });

  r.patch('/oneview-company-widgets/bg-image', {
    schema: {
      tags,
      summary: 'Save the background image url (an upload of folder oneViewBgImg), or null',
      body: backgroundImageSaveSchema,
      response: {
        200: replySchema(z.object({ company_id: id, url: z.string().nullable() })),
        ...errors,
      },
    },
    config: { access: 'write_oneview' },
    handler: async (request) =>
      ok(
        oneviewMessages.background,
        await saveBackground(db, callerOf(request), uploads, uploadsBase, request.body),
      ),
  });

  r.patch('/oneview-company-widgets/:id', {
    schema: {
      tags,
      summary: 'Move, resize, lock or unlock one placed widget',
      params: idParam,
      body: companyWidgetPatchSchema,
      response: { 200: replySchema(companyWidgetSchema), ...errors },
    },
    config: { access: 'write_oneview' },
    handler: async (request) =>
      ok(
        oneviewMessages.updated,
        await patchCompanyWidget(
          ...(await callerRegistry(request)),
          request.params.id,
          request.body,
        ),
      ),
  });

  r.delete('/oneview-company-widgets/:id', {
    schema: {
      tags,
      summary: 'Remove one placed widget (refused while locked)',
      params: idParam,
      response: { 200: replySchema(companyWidgetSchema), ...errors },
    },
    config: { access: 'write_oneview' },
    handler: async (request) =>
      ok(
        oneviewMessages.deleted,
        await deleteCompanyWidget(...(await callerRegistry(request)), request.params.id),
      ),
  });

  signUploadRoute(app, uploads, {
    path: '/photos/upload',
    tags,
    summary: 'Sign an upload URL for the OneView background (folder oneViewBgImg, 2MB)',
    body: oneviewUploadRequestSchema,
    access: 'write_oneview',
    folder: 'oneViewBgImg',
  });
}
