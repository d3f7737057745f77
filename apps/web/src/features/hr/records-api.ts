import {
  compensationDataSchema,
  employeeDocumentSchema,
  storeAccessSchema,
  type CompensationCreate,
  type StoreAccessCreate,
} from '@portal/contract/hr-records';
import { signedUploadSchema, signUploadRequestSchema } from '@portal/contract/uploads';
import { z } from 'zod';
import { api, ApiError, ignoreData } from '../../platform/api.ts';

/** An employee's records: compensation, documents, store temporary access (issue 6). */
export const recordsApi = {
  compensation: (userId: number, signal?: AbortSignal) =>
    api.get(`/employees/${userId}/compensation`, compensationDataSchema, { signal }),
  addCompensation: (userId: number, body: CompensationCreate) =>
    api.post(`/employees/${userId}/compensation`, body, compensationDataSchema),
  documents: (userId: number, signal?: AbortSignal) =>
    api.get(
      `/employees/${userId}/documents`,
      z.object({ results: z.array(employeeDocumentSchema) }),
      { signal },
    ),
  /** Signs an upload URL, PUTs the file there, then attaches it to the employee. */
  async addDocument(userId: number, title: string, file: File) {
    const fileType = signUploadRequestSchema.shape.file_type.safeParse(file.type);
    if (!fileType.success)
      throw new ApiError(400, 'Choose a PDF, an image, a text, CSV, Word or Excel file');
    const { data } = await api.post(
      `/employees/${userId}/documents/sign`,
      { file_type: fileType.data, file_name: file.name },
      signedUploadSchema,
    );
    const response = await fetch(data.signedUrl, {
      method: 'PUT',
      headers: { 'Content-Type': data.contentType },
      body: file,
    });
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => null);
      const message =
        typeof body === 'object' &&
        body !== null &&
        'message' in body &&
        typeof body.message === 'string'
          ? body.message
          : 'The file could not be uploaded';
      throw new ApiError(response.status, message);
    }
    return api.post(
      `/employees/${userId}/documents`,
      { title, key: data.key },
      employeeDocumentSchema,
    );
  },
  deleteDocument: (userId: number, documentId: number) =>
    api.delete(`/employees/${userId}/documents/${documentId}`, ignoreData),
  storeAccess: (userId: number, signal?: AbortSignal) =>
    api.get(
      `/employees/${userId}/store-access`,
      z.object({ results: z.array(storeAccessSchema) }),
      {
        signal,
      },
    ),
  grantStoreAccess: (userId: number, body: StoreAccessCreate) =>
    api.post(`/employees/${userId}/store-access`, body, storeAccessSchema),
  removeStoreAccess: (userId: number, accessId: number) =>
    api.delete(`/employees/${userId}/store-access/${accessId}`, ignoreData),
};

export const recordKeys = {
  compensation: (userId: number) => ['hr', 'employees', 'records', userId, 'compensation'] as const,
  documents: (userId: number) => ['hr', 'employees', 'records', userId, 'documents'] as const,
  storeAccess: (userId: number) => ['hr', 'employees', 'records', userId, 'store-access'] as const,
};

/** A server message, or the fallback when the server gave none (SPEC.md section 8). */
export const failureOf = (error: Error, fallback: string) =>
  error instanceof ApiError && error.status > 0 && error.message ? error.message : fallback;
