import { listDataSchema } from '@portal/contract/envelope';
import {
  employeeSchema,
  type EmployeeCreate,
  type EmployeeUpdate,
} from '@portal/contract/hr-employees';
import { selectOptionSchema } from '@portal/contract/hr';
import { signedUploadSchema, signUploadRequestSchema } from '@portal/contract/uploads';
import { z } from 'zod';
import { api, ApiError, ignoreData } from '../../platform/api.ts';

export const employeeKeys = {
  all: ['hr', 'employees'] as const,
  lists: ['hr', 'employees', 'list'] as const,
  list: (query: object) => ['hr', 'employees', 'list', query] as const,
  one: (id: number) => ['hr', 'employees', 'one', id] as const,
  supervisors: ['hr', 'employees', 'supervisors'] as const,
  roles: ['hr', 'employees', 'roles'] as const,
  stores: ['hr', 'employees', 'stores'] as const,
};

const optionList = z.object({ results: z.array(z.object({ id: z.number(), name: z.string() })) });

/** The employees' calls (SPEC.md section 7, Employees). */
export const employeesApi = {
  list: (
    query: { page: number; perPage: number; search?: string; status: string },
    signal?: AbortSignal,
  ) =>
    api.get('/employees', listDataSchema(employeeSchema), {
      signal,
      query: { ...query, search: query.search || undefined },
    }),
  get: (id: number, signal?: AbortSignal) =>
    api.get(`/employees/${id}`, employeeSchema, { signal }),
  create: (body: EmployeeCreate) => api.post('/employees/new', body, employeeSchema),
  update: (id: number, body: EmployeeUpdate) => api.patch(`/employees/${id}`, body, employeeSchema),
  remove: (id: number) => api.delete(`/employees/${id}`, ignoreData),
  terminate: (userId: number, notes: string) =>
    api.post(
      '/employee-termination',
      { user_id: userId, termination_notes: notes },
      employeeSchema,
    ),
  reactivate: (userId: number) =>
    api.post('/employees/reactivate', { user_id: userId }, employeeSchema),
  supervisors: (signal?: AbortSignal) =>
    api.get('/employees/supervisors', z.array(selectOptionSchema), { signal }),
  roles: (signal?: AbortSignal) => api.get('/user-roles', optionList, { signal }),
  stores: (signal?: AbortSignal) =>
    api.get('/stores', optionList, { signal, query: { perPage: 1000, sort: 'name' } }),
  /** POST /photos/sign, then PUT the file to the signed URL; answers the URL to save. */
  async uploadPhoto(file: File): Promise<string> {
    const fileType = signUploadRequestSchema.shape.file_type.safeParse(file.type);
    if (!fileType.success) throw new ApiError(400, 'Choose a JPEG, PNG, WebP or GIF picture');
    const { data } = await api.post(
      '/photos/sign',
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
          : 'The picture could not be uploaded';
      throw new ApiError(response.status, message);
    }
    return data.fileUrl;
  },
};
