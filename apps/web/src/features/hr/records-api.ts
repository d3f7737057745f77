import { compensationDataSchema, type CompensationCreate } from '@portal/contract/hr-records';
import { api, ApiError } from '../../platform/api.ts';

/**
 * An employee's compensation (issue 6); documents and store access go through the engine's client
 * (ResourcePanel on the parent-scoped resources).
 */
export const recordsApi = {
  compensation: (userId: number, signal?: AbortSignal) =>
    api.get(`/employees/${userId}/compensation`, compensationDataSchema, { signal }),
  addCompensation: (userId: number, body: CompensationCreate) =>
    api.post(`/employees/${userId}/compensation`, body, compensationDataSchema),
};

export const recordKeys = {
  compensation: (userId: number) => ['hr', 'employees', 'records', userId, 'compensation'] as const,
};

/** A server message, or the fallback when the server gave none (SPEC.md section 8). */
export const failureOf = (error: Error, fallback: string) =>
  error instanceof ApiError && error.status > 0 && error.message ? error.message : fallback;
