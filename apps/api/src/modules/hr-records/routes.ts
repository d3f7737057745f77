import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replySchema } from '@portal/contract/envelope';
import {
  compensationCreateSchema,
  compensationDataSchema,
  employeeDocumentCreateSchema,
  employeeDocumentSchema,
  recordMessages,
  storeAccessCreateSchema,
  storeAccessSchema,
} from '@portal/contract/hr-records';
import { signedUploadSchema, signUploadRequestSchema } from '@portal/contract/uploads';
import type { Database } from '../../platform/database.ts';
import { callerOf } from '../../platform/access.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { requestOrigin, type Uploads } from '../../platform/uploads.ts';
import { getEmployee } from '../hr/api.ts';
import {
  addCompensation,
  addDocument,
  deleteDocument,
  DOCUMENTS_FOLDER,
  getCompensation,
  grantStoreAccess,
  listDocuments,
  listStoreAccess,
  removeStoreAccess,
} from './records.ts';

const errors = errorReplies(400, 403, 404, 460);
const tags = ['Employee records'];
const positive = z.coerce.number().int().positive();
const employeeParams = z.object({ id: positive });

/** Compensation, documents and store temporary access of an employee (the edit page's tabs). */
export function recordRoutes(app: FastifyInstance, db: Database, uploads: Uploads) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/employees/:id/compensation', {
    schema: {
      tags,
      summary: "An employee's current pay and its history",
      params: employeeParams,
      response: { 200: replySchema(compensationDataSchema), ...errors },
    },
    config: { access: 'read_hr_compensation' },
    handler: async (request) =>
      ok('', await getCompensation(db, callerOf(request), request.params.id)),
  });

  r.post('/employees/:id/compensation', {
    schema: {
      tags,
      summary: 'Add a pay entry from a date on (history is kept)',
      params: employeeParams,
      body: compensationCreateSchema,
      response: { 200: replySchema(compensationDataSchema), ...errors },
    },
    config: { access: 'write_hr_compensation' },
    handler: async (request) =>
      ok(
        recordMessages.compensationAdded,
        await addCompensation(db, callerOf(request), request.params.id, request.body),
      ),
  });

  r.get('/employees/:id/documents', {
    schema: {
      tags,
      summary: "An employee's documents",
      params: employeeParams,
      response: {
        200: replySchema(z.object({ results: z.array(employeeDocumentSchema) })),
        ...errors,
      },
    },
    config: { access: 'read_employees' },
    handler: async (request) =>
      ok('', {
        results: await listDocuments(db, callerOf(request), uploads, request.params.id),
      }),
  });

  r.post('/employees/:id/documents/sign', {
    schema: {
      tags,
      summary: 'Sign an upload URL for a document of the employee',
      params: employeeParams,
      body: signUploadRequestSchema,
      response: { 200: replySchema(signedUploadSchema), ...errors },
    },
    config: { access: 'write_employees' },
    handler: async (request) => {
      const ctx = callerOf(request);
      await getEmployee(db, ctx, request.params.id);
      return ok(
        '',
        uploads.sign({
          companyId: ctx.companyId,
          folder: DOCUMENTS_FOLDER,
          fileName: request.body.file_name,
          contentType: request.body.file_type,
          origin: requestOrigin(request),
        }),
      );
    },
  });

  r.post('/employees/:id/documents', {
    schema: {
      tags,
      summary: 'Attach an uploaded file to the employee',
      params: employeeParams,
      body: employeeDocumentCreateSchema,
      response: { 200: replySchema(employeeDocumentSchema), ...errors },
    },
    config: { access: 'write_employees' },
    handler: async (request) =>
      ok(
        recordMessages.documentAdded,
        await addDocument(db, callerOf(request), uploads, request.params.id, request.body),
      ),
  });

  r.delete('/employees/:id/documents/:documentId', {
    schema: {
      tags,
      summary: 'Delete a document of the employee',
      params: z.object({ id: positive, documentId: positive }),
      response: { 200: replySchema(z.null()), ...errors },
    },
    config: { access: 'write_employees' },
    handler: async (request) => {
      await deleteDocument(db, callerOf(request), request.params.id, request.params.documentId);
      return ok(recordMessages.documentDeleted, null);
    },
  });

  r.get('/employees/:id/store-access', {
    schema: {
      tags,
      summary: "An employee's temporary access to other stores",
      params: employeeParams,
      response: { 200: replySchema(z.object({ results: z.array(storeAccessSchema) })), ...errors },
    },
    config: { access: 'read_employees' },
    handler: async (request) =>
      ok('', { results: await listStoreAccess(db, callerOf(request), request.params.id) }),
  });

  r.post('/employees/:id/store-access', {
    schema: {
      tags,
      summary: 'Grant clocking rights at another store for a date range',
      params: employeeParams,
      body: storeAccessCreateSchema,
      response: { 200: replySchema(storeAccessSchema), ...errors },
    },
    config: { access: 'write_employees' },
    handler: async (request) =>
      ok(
        recordMessages.accessGranted,
        await grantStoreAccess(db, callerOf(request), request.params.id, request.body),
      ),
  });

  r.delete('/employees/:id/store-access/:accessId', {
    schema: {
      tags,
      summary: 'Remove a temporary store access',
      params: z.object({ id: positive, accessId: positive }),
      response: { 200: replySchema(z.null()), ...errors },
    },
    config: { access: 'write_employees' },
    handler: async (request) => {
      await removeStoreAccess(db, callerOf(request), request.params.id, request.params.accessId);
      return ok(recordMessages.accessRemoved, null);
    },
  });
}
