import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../platform/database.ts';
import { signUploadRoute, type Uploads } from '../../platform/uploads.ts';
import { getEmployee } from '../hr/api.ts';
import { DOCUMENTS_FOLDER } from './records.ts';

const employeeParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * The one route of the record tabs beside the engine's: a signed upload URL for a document of the
 * employee (the file is then attached with `POST /employees/:id/documents`).
 */
export function documentUploadRoute(app: FastifyInstance, db: Database, uploads: Uploads) {
  signUploadRoute(app, uploads, {
    path: '/employees/:id/documents/sign',
    tags: ['Documents'],
    summary: 'Sign an upload URL for a document of the employee',
    params: employeeParams,
    access: 'write_employees',
    folder: DOCUMENTS_FOLDER,
    check: (request, ctx) => getEmployee(db, ctx, employeeParams.parse(request.params).id),
  });
}
