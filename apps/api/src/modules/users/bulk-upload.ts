import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { email as emailField } from '@portal/contract/fields';
import {
  USER_BULK_UPLOAD_MAX_ROWS,
  userBulkUploadColumns,
  userBulkUploadMessages,
  userBulkUploadRequiredColumns,
  type userBulkUploadRequestSchema,
  type UserBulkUploadError,
  type UserBulkUploadResult,
} from '@portal/contract/resources/user-admin';
import { password as passwordField } from '@portal/contract/resources/users';
import type { Database, Executor } from '../../platform/database.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { usersImported, type ImportedUser } from './hooks.ts';
import {
  checkPerson,
  companyRolesAndStores,
  findRole,
  mayGiveRole,
  normaliseHeader,
  parseCsvRecords,
  takenEmails,
} from './bulk-rows.ts';
import { userIdentities, users } from './schema.ts';

type Request = z.output<typeof userBulkUploadRequestSchema>;
type Column = (typeof userBulkUploadColumns)[number];
const isColumn = (value: string): value is Column =>
  (userBulkUploadColumns as readonly string[]).includes(value);

/** One data row of the upload, with the line of the file it came from. */
interface SourceRow {
  line: number;
  values: Partial<Record<Column, string>>;
}

/** A row that passed every check, ready to insert. */
interface ValidRow {
  line: number;
  email: string;
  first_name: string;
  last_name: string;
  role: { id: number; name: string; access_level: number };
  password: string | null;
  storeIds: number[];
  storeLabels: string[];
  is_b2b: boolean;
}

class RowErrors {
  readonly list: UserBulkUploadError[] = [];
  add(line: number, field: string | null, message: string) {
    this.list.push({ line, field, message });
  }
}

/** Splits a CSV into rows keyed by column, reporting bad headers and ragged lines by line number. */
function rowsFromCsv(csv: string, errors: RowErrors): SourceRow[] {
  const records = parseCsvRecords(csv, (line, field, message) => errors.add(line, field, message));
  if (!records.length && errors.list.length) return [];
  const [header, ...data] = records;
  if (!header) {
    errors.add(1, null, 'The file is empty');
    return [];
  }
  const columns = header.record.map(normaliseHeader);
  if (!checkColumns(columns, errors)) return [];
  return data.map(({ record, info }) => {
    // info.lines is where the record ends; a quoted field may span lines.
    const line = info.lines - record.join('').split('\n').length + 1;
    if (record.length !== columns.length) {
      errors.add(line, null, `Expected ${columns.length} columns, found ${record.length}`);
    }
    const values: Partial<Record<Column, string>> = {};
    columns.forEach((column, index) => {
      if (isColumn(column)) values[column] = record[index] ?? '';
    });
    return { line, values };
  });
}

/** Rows sent already split: row n is reported as line n + 1, as if under a header line. */
function rowsFromObjects(rows: Record<string, string>[], errors: RowErrors): SourceRow[] {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row).map(normaliseHeader)))];
  if (!checkColumns(columns, errors, rows.length > 0)) return [];
  return rows.map((row, index) => {
    const values: Partial<Record<Column, string>> = {};
    for (const [key, value] of Object.entries(row)) {
      const column = normaliseHeader(key);
      if (isColumn(column)) values[column] = value.trim();
    }
    return { line: index + 2, values };
  });
}

function checkColumns(columns: string[], errors: RowErrors, requireAll = true): boolean {
  const unknown = columns.filter((column) => !isColumn(column));
  for (const column of unknown) {
    errors.add(
      1,
      column,
      `Unknown column "${column}"; the columns are ${userBulkUploadColumns.join(', ')}`,
    );
  }
  const missing = requireAll
    ? userBulkUploadRequiredColumns.filter((column) => !columns.includes(column))
    : [];
  for (const column of missing) errors.add(1, column, `The column "${column}" is missing`);
  return unknown.length === 0 && missing.length === 0;
}

const booleans: Record<string, boolean> = {
  '': false,
  true: true,
  false: false,
  yes: true,
  no: false,
  '1': true,
  '0': false,
};

/** Checks every row against the company's roles, stores and existing users; nothing is written. */
async function validateRows(
  db: Executor,
  ctx: RequestContext,
  source: SourceRow[],
  errors: RowErrors,
): Promise<ValidRow[]> {
  const { roles: companyRoles, stores: companyStores } = await companyRolesAndStores(db, ctx);
  const add = (line: number, field: string | null, message: string) =>
    errors.add(line, field, message);
  const taken = await takenEmails(
    db,
    source.flatMap((row) => {
      const parsed = emailField.safeParse(row.values.email ?? '');
      return parsed.success ? [parsed.data] : [];
    }),
    ctx.companyId,
  );

  const seen = new Map<string, number>();
  const valid: ValidRow[] = [];
  for (const { line, values } of source) {
    const before = errors.list.length;
    const { email, first_name, last_name } = checkPerson(
      line,
      (column) => values[column] ?? '',
      seen,
      add,
    );
    let password: string | null = null;
    if (values.password) {
      const parsed = passwordField.safeParse(values.password);
      if (parsed.success) password = parsed.data;
      else add(line, 'password', parsed.error.issues[0]?.message ?? 'Invalid value');
    }
    if (email && taken.has(email)) add(line, 'email', 'A user with this email already exists');

    const roleName = (values.role ?? '').trim();
    const role = findRole(companyRoles, roleName);
    if (!roleName) errors.add(line, 'role', 'A role is required');
    else if (!role) errors.add(line, 'role', `No active role "${values.role}" in this company`);
    else if (!mayGiveRole(ctx, role))
      errors.add(line, 'role', `You cannot give the role "${role.name}"`);

    const storeLabels = (values.stores ?? '')
      .split(/[;|]/)
      .map((part) => part.trim())
      .filter(Boolean);
    const storeIds: number[] = [];
    for (const label of storeLabels) {
      const lower = label.toLowerCase();
      const byId = companyStores.find((s) => s.unique_id.toLowerCase() === lower);
      const byName = companyStores.filter((s) => s.name.toLowerCase() === lower);
      const store = byId ?? (byName.length === 1 ? byName[0] : undefined);
      if (!store) {
        errors.add(
          line,
          'stores',
          byName.length > 1
            ? `Several stores are named "${label}"; use the store id`
            : `No active store "${label}"`,
        );
      } else if (!storeIds.includes(store.id)) storeIds.push(store.id);
    }

    const b2b = booleans[(values.is_b2b ?? '').trim().toLowerCase()];
    if (b2b === undefined) errors.add(line, 'is_b2b', 'Use true or false');

    if (errors.list.length === before && email && first_name && last_name && role) {
      valid.push({
        line,
        email,
        first_name,
        last_name,
        role,
        password,
        storeIds,
        storeLabels,
        is_b2b: b2b ?? false,
      });
    }
  }
  return valid;
}

/** Inserts every row in one transaction: users, sign-in identities and store assignments. */
async function insertRows(db: Database, ctx: RequestContext, rows: ValidRow[]): Promise<number[]> {
  // Hashing is the slow part; it runs before the transaction so no lock waits on it. Rows without
  // a password get a random one: the person sets theirs with Forgot password.
  const hashes: string[] = [];
  for (let start = 0; start < rows.length; start += 8) {
    const chunk = rows.slice(start, start + 8);
    hashes.push(
      ...(await Promise.all(
        chunk.map((row) => hashPassword(row.password ?? randomBytes(24).toString('base64url'))),
      )),
    );
  }
  return db.transaction(async (tx) => {
    const ids: number[] = [];
    const imported: ImportedUser[] = [];
    for (const [index, row] of rows.entries()) {
      const [user] = await tx
        .insert(users)
        .values({
          company_id: ctx.companyId,
          email: row.email,
          first_name: row.first_name,
          last_name: row.last_name,
          role_id: row.role.id,
          access_level: row.role.access_level,
          current_store: row.storeIds[0] ?? null,
          is_b2b: row.is_b2b,
        })
        .returning({ id: users.id });
      const password_hash = hashes[index];
      if (!user || !password_hash) throw new Error('user insert returned nothing');
      ids.push(user.id);
      await tx.insert(userIdentities).values({
        email: row.email,
        company_id: ctx.companyId,
        user_id: user.id,
        password_hash,
      });
      imported.push({ userId: user.id, storeIds: row.storeIds });
    }
    // Their stores (the assignments module), in this transaction.
    await usersImported.run(tx, ctx.companyId, imported);
    return ids;
  });
}

/**
 * POST /user-bulk-upload. Preview checks every row and reports each problem with its line; commit
 * does the same checks and then writes all rows in one transaction, or none if any row is bad.
 */
export async function bulkUploadUsers(
  db: Database,
  ctx: RequestContext,
  input: Request,
): Promise<{ message: string; result: UserBulkUploadResult }> {
  const errors = new RowErrors();
  const source =
    input.csv !== undefined
      ? rowsFromCsv(input.csv, errors)
      : rowsFromObjects(input.rows ?? [], errors);
  if (source.length > USER_BULK_UPLOAD_MAX_ROWS) {
    throw AppError.badRequest(
      `A file may hold at most ${USER_BULK_UPLOAD_MAX_ROWS} users; this one has ${source.length}`,
    );
  }
  if (!source.length && !errors.list.length) errors.add(2, null, 'The file has no users');
  const valid = await validateRows(db, ctx, source, errors);
  errors.list.sort((a, b) => a.line - b.line);
  const result: UserBulkUploadResult = {
    mode: input.mode,
    valid: errors.list.length === 0,
    total: source.length,
    created: 0,
    errors: errors.list,
    rows: valid.map((row) => ({
      line: row.line,
      email: row.email,
      first_name: row.first_name,
      last_name: row.last_name,
      role: row.role.name,
      stores: row.storeLabels,
      user_id: null,
    })),
  };
  if (input.mode === 'preview') {
    const message = result.valid
      ? userBulkUploadMessages.previewOk
      : userBulkUploadMessages.previewErrors;
    return { message, result };
  }
  if (!result.valid) {
    throw new AppError(400, userBulkUploadMessages.notCommitted, undefined, { ...result });
  }
  const ids = await insertRows(db, ctx, valid);
  result.created = ids.length;
  result.rows = result.rows.map((row, index) => ({ ...row, user_id: ids[index] ?? null }));
  return { message: userBulkUploadMessages.committed(ids.length), result };
}
