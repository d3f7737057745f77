import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorReplySchema, listDataSchema, replySchema } from '@portal/contract/envelope';
import { idParamsSchema } from '@portal/contract/list-query';
import {
  carrierSchema,
  companyAssetMessages,
  companyAssetSchema,
  moveAssetBody,
} from '@portal/contract/resources/company';
import {
  companies,
  companySchema,
  OWN_COMPANY_SETTINGS_PATH,
  ownCompanyUpdateSchema,
} from '@portal/contract/resources/organisation';
import { callerOf } from '../../platform/access.ts';
import type { Database } from '../../platform/database.ts';
import { ok } from '../../platform/reply.ts';
import { signUploadRoute, type Uploads } from '../../platform/uploads.ts';
import { companyService } from '../organisation/api.ts';
import { activeCarriers, moveAsset } from './services.ts';

const ownCompanyErrors = {
  400: errorReplySchema,
  403: errorReplySchema,
  404: errorReplySchema,
  460: errorReplySchema,
};

export function companyRoutes(app: FastifyInstance, db: Database, uploads: Uploads) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Files kept on company assets, each signed here and PUT there before the record keeps its
  // address. SPEC.md: POST /companies/documents/upload, then POST /company-assets with the fileUrl;
  // an equipment photo (/asset-tracker) is then kept in its photo_url (PATCH /company-assets/{id}).
  const assetUploads = [
    {
      path: '/companies/documents/upload',
      tags: ['Companies'],
      summary: 'Sign an upload URL for a company document',
      folder: 'company-documents',
    },
    {
      path: '/company-assets/photos/upload',
      tags: ['Company Assets'],
      summary: 'Sign an upload URL for a company asset photo',
      folder: 'asset-photos',
    },
  ] as const;
  for (const upload of assetUploads)
    signUploadRoute(app, uploads, { ...upload, access: 'write_company_assets' });

  // /asset-tracker's Move: equipment to another store of the company, kept in its history.
  r.post('/company-assets/:id/move', {
    schema: {
      tags: ['Company Assets'],
      summary: 'Move a piece of equipment to another store',
      description:
        'One transaction: the asset changes store and its history (GET /company-assets/{id}/history) ' +
        'gets a `move` entry with who, when, from_status and to_status (the stores by name), ' +
        "before and after (store_id and store_name) and the note. Another company's store: 400; " +
        'the same store: 400; a file (not equipment): 409.',
      params: idParamsSchema,
      body: moveAssetBody,
      response: {
        200: replySchema(companyAssetSchema),
        400: errorReplySchema,
        403: errorReplySchema,
        404: errorReplySchema,
        409: errorReplySchema,
        460: errorReplySchema,
      },
    },
    config: { access: 'write_company_assets' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const moved = await moveAsset(db, ctx, request.params.id, request.body);
      return ok(companyAssetMessages.moved, companyAssetSchema.parse(moved));
    },
  });

  // /my-company-settings: the caller's own company, whatever their role; the id comes from the
  // session, so nobody reaches another company here (super_admin included).
  r.get(OWN_COMPANY_SETTINGS_PATH, {
    schema: {
      tags: ['Companies'],
      summary: "The caller's own company settings",
      response: { 200: replySchema(companySchema), ...ownCompanyErrors },
    },
    config: { access: 'can_edit_own_company_settings' },
    handler: async (request) => {
      const ctx = callerOf(request);
      return ok('', companySchema.parse(await companyService.get(db, ctx, ctx.companyId)));
    },
  });

  r.patch(OWN_COMPANY_SETTINGS_PATH, {
    schema: {
      tags: ['Companies'],
      summary: "Changes the caller's own company settings",
      body: ownCompanyUpdateSchema,
      response: { 200: replySchema(companySchema), ...ownCompanyErrors },
    },
    config: { access: 'can_edit_own_company_settings' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const updated = await companyService.update(db, ctx, ctx.companyId, request.body);
      return ok(companies.messages.updated, companySchema.parse(updated));
    },
  });

  r.get('/carriers', {
    schema: {
      tags: ['Company Carriers'],
      summary: 'The carriers a company may sell for',
      response: {
        200: replySchema(listDataSchema(carrierSchema)),
        403: errorReplySchema,
        460: errorReplySchema,
      },
    },
    config: { access: 'read_company_carriers' },
    handler: async () => {
      const results = await activeCarriers(db);
      return ok('', { results, total: results.length });
    },
  });
}
