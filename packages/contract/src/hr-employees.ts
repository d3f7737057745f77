import { z } from 'zod';
import { email, id, isoDateTime, name, optionalLink } from './fields.ts';
import { password } from './resources/users.ts';

/** Employees (SPEC.md sections 2, 3, 7, 8): a user plus HR's record of them (empDetail). */

export const payTypes = ['hourly', 'salaried'] as const;
export type PayType = (typeof payTypes)[number];

export const employeeMessages = {
  created: 'Employee created',
  updated: 'Employee updated',
  deleted: 'Employee deleted',
  notCreated: 'Employee not created',
  notUpdated: 'Employee not updated',
  notDeleted: 'Employee not deleted',
  terminated: 'User termination notes updated',
  reactivated: 'User reactivated',
  notReactivated: 'User reactivation unsuccessful',
  photoUploaded: 'Click on save to attach image with the user',
  alreadyTerminated: 'This employee is already terminated',
  notTerminated: 'This employee is not terminated',
  ownSupervisor: 'An employee cannot supervise themselves',
  unknownSupervisor: 'Choose a supervisor of this company',
  cannotTerminateSelf: 'You cannot terminate yourself',
} as const;

/** After an employee is created the browser goes to the list (SPEC.md section 2). */
export const EMPLOYEES_PATH = '/employees';

export const employeeSchema = z.object({
  /** the user id */
  id,
  empDetail_id: id,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role_id: id,
  role_name: z.string(),
  current_store: id.nullable(),
  store_name: z.string().nullable(),
  profile_photo: z.string().nullable(),
  pay_type: z.enum(payTypes),
  supervisor_id: id.nullable(),
  supervisor_name: z.string().nullable(),
  hire_date: z.string().nullable(),
  is_active: z.boolean(),
  is_deleted: z.boolean(),
  terminated_at: isoDateTime.nullable(),
  termination_notes: z.string().nullable(),
  created_at: isoDateTime,
  /** Whether the caller may edit, terminate or reactivate them: the server's rank rule. */
  can_manage: z.boolean().optional(),
});
export type Employee = z.infer<typeof employeeSchema>;

const hireDate = z.iso.date({ message: 'Enter a date like 2026-01-31' }).nullable();

const employeeWritable = z.strictObject({
  email,
  first_name: name,
  last_name: name,
  role_id: id,
  current_store: id.nullable().default(null),
  profile_photo: optionalLink(1000),
  pay_type: z.enum(payTypes).default('hourly'),
  supervisor_id: id.nullable().default(null),
  hire_date: hireDate.default(null),
});

export const employeeCreateSchema = employeeWritable.extend({ password });
export type EmployeeCreate = z.input<typeof employeeCreateSchema>;
export const employeeUpdateSchema = z.strictObject({
  email: email.optional(),
  first_name: name.optional(),
  last_name: name.optional(),
  role_id: id.optional(),
  current_store: id.nullable().optional(),
  profile_photo: optionalLink(1000),
  pay_type: z.enum(payTypes).optional(),
  supervisor_id: id.nullable().optional(),
  hire_date: hireDate.optional(),
});
export type EmployeeUpdate = z.input<typeof employeeUpdateSchema>;

export const employeeListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(0).default(0),
  perPage: z.coerce.number().int().min(1).max(1000).default(20),
  search: z.string().trim().max(200).optional(),
  status: z.enum(['active', 'terminated', 'all']).default('all'),
});
export type EmployeeListQuery = z.output<typeof employeeListQuerySchema>;

export const terminationRequestSchema = z.strictObject({
  user_id: id,
  termination_notes: z.string().trim().min(1, 'Enter the termination notes').max(5000),
});
export type TerminationRequest = z.input<typeof terminationRequestSchema>;

export const reactivationRequestSchema = z.strictObject({ user_id: id });

// ---- Bulk upload (SPEC.md section 2: /employees/bulkupload)

/** One upload may hold this many employees; all are created, or none. */
export const EMPLOYEE_BULK_MAX_ROWS = 5000;
/**
 * The CSV's columns. `role` is a role's name or base role, `store` a store's name or unique id,
 * `supervisor_email` someone already in the company or earlier in the file. There is no password
 * column: passwords do not belong in spreadsheets; each employee sets theirs with Forgot password.
 */
export const employeeBulkColumns = [
  'email',
  'first_name',
  'last_name',
  'role',
  'store',
  'pay_type',
  'supervisor_email',
  'hire_date',
] as const;
export const employeeBulkRequiredColumns = ['email', 'first_name', 'last_name', 'role'] as const;

export const employeeBulkRequestSchema = z.strictObject({
  mode: z.enum(['preview', 'commit']).default('preview'),
  /** The file's text, header line first. */
  csv: z.string().min(1, 'The file is empty').max(5_000_000),
});
export type EmployeeBulkRequest = z.input<typeof employeeBulkRequestSchema>;

export const employeeBulkErrorSchema = z.object({
  /** The line of the file (the header is line 1). */
  line: z.number().int(),
  field: z.string().nullable(),
  message: z.string(),
});
export type EmployeeBulkError = z.infer<typeof employeeBulkErrorSchema>;

export const employeeBulkResultSchema = z.object({
  mode: z.enum(['preview', 'commit']),
  valid: z.boolean(),
  total: z.number().int(),
  created: z.number().int(),
  /** The first 500 problems, in line order; `errorCount` says how many there are. */
  errors: z.array(employeeBulkErrorSchema),
  errorCount: z.number().int(),
});
export type EmployeeBulkResult = z.infer<typeof employeeBulkResultSchema>;

export const employeeBulkMessages = {
  previewOk: 'All rows are valid',
  previewErrors: 'Some rows have errors',
  committed: (count: number) => `${count} ${count === 1 ? 'employee' : 'employees'} created`,
  notCommitted: 'Employees not created: fix the rows with errors and upload again',
  tooMany: (count: number) =>
    `A file may hold at most ${EMPLOYEE_BULK_MAX_ROWS} employees; this one has ${count}`,
} as const;
