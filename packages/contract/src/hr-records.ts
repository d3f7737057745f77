import { z } from 'zod';
import { id, isoDateTime } from './fields.ts';
import { payTypes } from './hr-employees.ts';

/**
 * An employee's records beside the employee form (issue 6): compensation (HR managers only),
 * documents, and temporary clocking rights at another store.
 */

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-22')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Not a real date');

export const recordMessages = {
  compensationAdded: 'Compensation added',
  compensationNotAdded: 'Compensation not added',
  documentAdded: 'Document added',
  documentNotAdded: 'Document not added',
  documentDeleted: 'Document deleted',
  documentNotDeleted: 'Document not deleted',
  documentNotUploaded: 'Upload the file first',
  accessGranted: 'Store access granted',
  accessNotGranted: 'Store access not granted',
  accessRemoved: 'Store access removed',
  accessNotRemoved: 'Store access not removed',
  endBeforeStart: 'The end date must be on or after the start date',
  ownStore: "This is already the employee's own store",
} as const;

// ---- Compensation

export const compensationSchema = z.object({
  id,
  user_id: id,
  pay_type: z.enum(payTypes),
  /** Per hour when hourly, per year when salaried, in the company's currency. */
  rate: z.number(),
  effective_from: z.string(),
  note: z.string().nullable(),
  created_by_name: z.string(),
  created_at: isoDateTime,
});
export type Compensation = z.infer<typeof compensationSchema>;

export const compensationDataSchema = z.object({
  /** The latest entry already in effect, or null. */
  current: compensationSchema.nullable(),
  /** Every entry, the latest effective date first (future ones included). */
  history: z.array(compensationSchema),
});
export type CompensationData = z.infer<typeof compensationDataSchema>;

export const compensationCreateSchema = z.strictObject({
  pay_type: z.enum(payTypes, { error: 'Choose hourly or salaried' }),
  rate: z
    .number({ error: 'Enter the rate' })
    .positive('The rate must be more than 0')
    .max(10_000_000, 'The rate is too large')
    .refine(
      (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      'At most 2 decimals',
    ),
  effective_from: isoDate,
  note: z.string().trim().max(500).nullable().optional(),
});
export type CompensationCreate = z.input<typeof compensationCreateSchema>;

// ---- Documents

export const employeeDocumentSchema = z.object({
  id,
  user_id: id,
  title: z.string(),
  fileUrl: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  uploaded_by_name: z.string(),
  created_at: isoDateTime,
});
export type EmployeeDocument = z.infer<typeof employeeDocumentSchema>;

/** Attach an uploaded file (the `key` a signed upload answered) to the employee. */
export const employeeDocumentCreateSchema = z.strictObject({
  title: z.string().trim().min(1, 'Give the document a title').max(120),
  key: z.string().min(1).max(400),
});
export type EmployeeDocumentCreate = z.input<typeof employeeDocumentCreateSchema>;

// ---- Store temporary access

export const storeAccessSchema = z.object({
  id,
  user_id: id,
  store_id: id,
  store_name: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  note: z.string().nullable(),
  granted_by_name: z.string(),
  /** Whether today (in the store's zone) is inside the range. */
  active: z.boolean(),
  created_at: isoDateTime,
});
export type StoreAccess = z.infer<typeof storeAccessSchema>;

export const storeAccessCreateSchema = z
  .strictObject({
    store_id: id,
    starts_on: isoDate,
    ends_on: isoDate,
    note: z.string().trim().max(500).nullable().optional(),
  })
  .refine((body) => body.ends_on >= body.starts_on, {
    message: recordMessages.endBeforeStart,
    path: ['ends_on'],
  });
export type StoreAccessCreate = z.input<typeof storeAccessCreateSchema>;
