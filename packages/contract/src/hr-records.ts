import { z } from 'zod';
import { id, isoDateTime } from './fields.ts';
import { payTypes } from './hr-employees.ts';
import { MAX_PER_PAGE } from './list-query.ts';
import { defineResource, personReference, resourceMessages } from './resource.ts';

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
  created_by: id,
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
  uploaded_by: id,
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
  granted_by: id,
  granted_by_name: z.string(),
  /** Where today, in the store's zone, falls against the range: the browser never re-derives it. */
  status: z.enum(['active', 'upcoming', 'expired']),
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

/** Who may see and change an employee's records beside compensation: the employee screens' own. */
const employeeAccess = { read: 'read_employees', write: 'write_employees' } as const;
/** The records are tabs of the employee, listed whole (a person has a handful). */
const employeeRecord = {
  parent: { path: '/employees', column: 'user_id' },
  defaultPerPage: MAX_PER_PAGE,
  update: z.strictObject({}),
  searchFields: [],
} as const;

/** `/employees/:id/store-access`: list, grant, remove (the rank rule guards the writes). */
export const storeAccessResource = defineResource({
  ...employeeRecord,
  name: 'hr_store_access',
  access: employeeAccess,
  path: '/store-access',
  parent: { ...employeeRecord.parent, rowParam: 'accessId' },
  operations: ['list', 'create', 'delete'],
  label: { one: 'Store access', many: 'Store access' },
  row: storeAccessSchema,
  create: storeAccessCreateSchema,
  messages: resourceMessages('Store access', 'added', {
    created: recordMessages.accessGranted,
    notCreated: recordMessages.accessNotGranted,
    deleted: recordMessages.accessRemoved,
    notDeleted: recordMessages.accessNotRemoved,
  }),
  deleteMode: 'remove',
  queryFields: ['id', 'store_id', 'starts_on', 'ends_on'],
  // The latest end first; expired ones are kept for the record.
  defaultSort: '-ends_on',
  references: {
    store_id: { resource: 'stores', as: 'store_name' },
    granted_by: personReference('granted_by_name'),
  },
});

/** `/employees/:id/compensation`: the pay history and an add; entries are never changed. */
export const compensationResource = defineResource({
  ...employeeRecord,
  name: 'hr_compensations',
  access: { read: 'read_hr_compensation', write: 'write_hr_compensation' },
  path: '/compensation',
  parent: { ...employeeRecord.parent, rowParam: 'compensationId' },
  operations: ['list', 'create'],
  label: { one: 'Compensation', many: 'Compensation' },
  row: compensationSchema,
  create: compensationCreateSchema,
  messages: resourceMessages('Compensation', 'added'),
  deleteMode: 'remove',
  queryFields: ['id', 'pay_type', 'effective_from'],
  defaultSort: '-effective_from',
  // Both answer the current entry and the whole history.
  replies: { list: compensationDataSchema, create: compensationDataSchema },
  references: {
    created_by: personReference('created_by_name'),
  },
});

/** `/employees/:id/documents`: files on the record (uploaded to a signed URL first). */
export const employeeDocumentResource = defineResource({
  ...employeeRecord,
  name: 'hr_employee_documents',
  access: employeeAccess,
  path: '/documents',
  parent: { ...employeeRecord.parent, rowParam: 'documentId' },
  operations: ['list', 'create', 'delete'],
  label: { one: 'Document', many: 'Documents' },
  row: employeeDocumentSchema,
  create: employeeDocumentCreateSchema,
  messages: resourceMessages('Document', 'added'),
  deleteMode: 'remove',
  queryFields: ['id', 'title', 'created_at'],
  defaultSort: '-id',
  references: {
    uploaded_by: personReference('uploaded_by_name'),
  },
});
