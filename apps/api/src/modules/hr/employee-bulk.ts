import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  EMPLOYEE_BULK_MAX_ROWS,
  employeeBulkColumns,
  employeeBulkMessages,
  employeeBulkRequiredColumns,
  payTypes,
  type EmployeeBulkError,
  type EmployeeBulkResult,
  type PayType,
} from '@portal/contract/hr-employees';
import type { Database } from '../../platform/database.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import {
  checkPerson,
  companyRolesAndStores,
  findRole,
  insertPeople,
  mayGiveRole,
  normaliseHeader,
  parseCsvRecords,
  takenEmails,
  undeletedByEmail,
} from '../users/api.ts';
import { hrEmployeeDetails } from './schema.ts';

type Column = (typeof employeeBulkColumns)[number];
const isColumn = (value: string): value is Column =>
  (employeeBulkColumns as readonly string[]).includes(value);
const isPayType = (value: string): value is PayType =>
  (payTypes as readonly string[]).includes(value);

const CHUNK = 500;
const MAX_REPORTED_ERRORS = 500;
const hireDate = z.iso.date();

interface ValidRow {
  line: number;
  email: string;
  first_name: string;
  last_name: string;
  role: { id: number; access_level: number };
  storeId: number | null;
  pay_type: PayType;
  supervisorEmail: string | null;
  hire_date: string | null;
}

/**
 * Identities without a password: an argon2 verify of this marker always fails, so nobody signs in
 * until they set a password with Forgot password. Hashing 5,000 random passwords would take
 * minutes; this takes nothing and is as closed.
 */
const noPassword = () => `!unset:${randomBytes(16).toString('base64url')}`;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    result.push(items.slice(start, start + size));
  return result;
}

/**
 * POST /employees/bulk-upload. Preview checks every row and reports each problem with its line;
 * commit repeats the checks and writes every row in one transaction, or nothing when any is bad.
 */
export async function bulkUploadEmployees(
  db: Database,
  ctx: RequestContext,
  input: { mode: 'preview' | 'commit'; csv: string },
): Promise<{ message: string; result: EmployeeBulkResult }> {
  const errors: EmployeeBulkError[] = [];
  const add = (line: number, field: string | null, message: string) =>
    errors.push({ line, field, message });

  const records = parseCsvRecords(input.csv, add);
  const [header, ...body] = records;
  const columns = (header?.record ?? []).map(normaliseHeader);
  if (header) {
    columns.forEach((column, index) => {
      if (!isColumn(column)) add(1, column, `Unknown column "${header.record[index] ?? ''}"`);
    });
    for (const required of employeeBulkRequiredColumns)
      if (!columns.includes(required)) add(1, required, `The column ${required} is missing`);
  }
  if (body.length > EMPLOYEE_BULK_MAX_ROWS)
    throw AppError.badRequest(employeeBulkMessages.tooMany(body.length));
  if (header && !body.length) add(2, null, 'The file has no employees');

  // Everything rows refer to, read once.
  const { roles: roleRows, stores: storeRows } = await companyRolesAndStores(db, ctx);
  const storeByKey = new Map<string, number>();
  for (const store of storeRows) {
    storeByKey.set(store.name.toLowerCase(), store.id);
    storeByKey.set(store.unique_id.toLowerCase(), store.id);
  }

  const valid: ValidRow[] = [];
  const seen = new Map<string, number>();
  const supervisorRefs: { line: number; email: string; own: string | undefined }[] = [];
  let line = 1;
  for (const { record, info } of body) {
    line = info.lines;
    const value = (column: Column) => {
      const index = columns.indexOf(column);
      return index < 0 ? '' : (record[index] ?? '').trim();
    };
    const { email, first_name, last_name } = checkPerson(line, value, seen, add);
    const role = findRole(roleRows, value('role'));
    if (!role) add(line, 'role', `No role "${value('role')}"`);
    else if (!mayGiveRole(ctx, role)) add(line, 'role', `You cannot give the role ${role.name}`);
    const storeText = value('store').toLowerCase();
    const storeId = storeText ? storeByKey.get(storeText) : null;
    if (storeId === undefined) add(line, 'store', `No store "${value('store')}"`);
    const payText = value('pay_type').toLowerCase() || 'hourly';
    if (!isPayType(payText)) add(line, 'pay_type', 'Pay type is hourly or salaried');
    const supervisorText = value('supervisor_email').toLowerCase();
    if (supervisorText) supervisorRefs.push({ line, email: supervisorText, own: email });
    const hireText = value('hire_date');
    if (hireText && !hireDate.safeParse(hireText).success)
      add(line, 'hire_date', 'Enter the hire date like 2026-01-31');
    if (email && first_name && last_name && role && storeId !== undefined && isPayType(payText))
      valid.push({
        line,
        email,
        first_name,
        last_name,
        role: { id: role.id, access_level: role.access_level },
        storeId,
        pay_type: payText,
        supervisorEmail: supervisorText || null,
        hire_date: hireText || null,
      });
  }

  // Emails already taken in this company (never another's: users/bulk-rows.ts), and supervisors.
  const taken = await takenEmails(db, [...seen.keys()], ctx.companyId);
  for (const row of valid)
    if (taken.has(row.email)) add(row.line, 'email', 'A user with this email already exists');
  const supervisorEmails = [...new Set(supervisorRefs.map((ref) => ref.email))];
  const supervisorIds = new Map<string, number>();
  for (const part of chunks(supervisorEmails)) {
    const rows = await undeletedByEmail(db, ctx.companyId, part);
    for (const row of rows) supervisorIds.set(row.email, row.id);
  }
  for (const ref of supervisorRefs) {
    if (ref.email === ref.own)
      add(ref.line, 'supervisor_email', 'An employee cannot supervise themselves');
    else if (!supervisorIds.has(ref.email) && !seen.has(ref.email))
      add(
        ref.line,
        'supervisor_email',
        `No one with the email ${ref.email} in the company or the file`,
      );
  }

  errors.sort((a, b) => a.line - b.line);
  const result: EmployeeBulkResult = {
    mode: input.mode,
    valid: errors.length === 0,
    total: body.length,
    created: 0,
    errors: errors.slice(0, MAX_REPORTED_ERRORS),
    errorCount: errors.length,
  };
  if (input.mode === 'preview')
    return {
      message: result.valid ? employeeBulkMessages.previewOk : employeeBulkMessages.previewErrors,
      result,
    };
  if (!result.valid)
    throw new AppError(400, employeeBulkMessages.notCommitted, undefined, { ...result });

  result.created = await db.transaction(async (tx) => {
    const ids = new Map<string, number>();
    for (const part of chunks(valid)) {
      const inserted = await insertPeople(
        tx,
        ctx.companyId,
        part.map((row) => ({
          email: row.email,
          first_name: row.first_name,
          last_name: row.last_name,
          role_id: row.role.id,
          access_level: row.role.access_level,
          current_store: row.storeId,
        })),
        noPassword,
      );
      for (const user of inserted) ids.set(user.email, user.id);
    }
    const idOf = (email: string) => {
      const found = ids.get(email) ?? supervisorIds.get(email);
      if (found === undefined) throw new Error(`no id for ${email}`);
      return found;
    };
    for (const part of chunks(valid)) {
      await tx.insert(hrEmployeeDetails).values(
        part.map((row) => ({
          company_id: ctx.companyId,
          user_id: idOf(row.email),
          pay_type: row.pay_type,
          supervisor_id: row.supervisorEmail ? idOf(row.supervisorEmail) : null,
          hire_date: row.hire_date,
        })),
      );
    }
    return ids.size;
  });
  return { message: employeeBulkMessages.committed(result.created), result };
}
