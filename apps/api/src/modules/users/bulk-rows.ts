import { and, inArray } from 'drizzle-orm';
import { CsvError, parse } from 'csv-parse/sync';
import { z } from 'zod';
import { email as emailField, name as nameField } from '@portal/contract/fields';
import type { Executor } from '../../platform/database.ts';
import type { RequestContext } from '../../platform/context.ts';
import { activeRolesOf, mayAssignRoleWith, permissionsByRole } from '../access/api.ts';
import { activeStoresOf } from '../organisation/api.ts';
import { userIdentities } from './schema.ts';
import { tenantScope } from '../../db/columns.ts';

/**
 * What the users and the employees bulk uploads (POST /user-bulk-upload, /employees/bulk-upload)
 * share: reading the CSV, the person columns of a row, the company's roles and stores, and the
 * emails already taken. Each upload keeps its own columns, messages and writes.
 */

/** Records a problem of the file: its line (1 is the header), column (null: the whole line). */
export type AddRowError = (line: number, field: string | null, message: string) => void;

/** One CSV record and `lines`, the line of the file where it ends (a quoted field may span lines). */
export interface CsvRecord {
  record: string[];
  info: { lines: number };
}

const csvRecord = z.object({
  record: z.array(z.string()),
  info: z.object({ lines: z.number().int() }),
});

/** `First Name ` -> `first_name`. */
export const normaliseHeader = (header: string) => header.trim().toLowerCase().replace(/\s+/g, '_');

/** Every record of the file, header first; a file that is not CSV is one error and no records. */
export function parseCsvRecords(csv: string, add: AddRowError): CsvRecord[] {
  try {
    // With `info`, each record comes as { record, info } (the library's types do not say so).
    const parsed: unknown = parse(csv, {
      info: true,
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
    });
    return z.array(csvRecord).parse(parsed);
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    add(
      typeof error.lines === 'number' ? error.lines : 1,
      null,
      `The file is not valid CSV: ${error.message.split(':')[0]}`,
    );
    return [];
  }
}

export interface CompanyRole {
  id: number;
  name: string;
  base_role: string;
  access_level: number;
  /** What the role grants through its permission groups. */
  permissions: string[];
}

export interface CompanyStore {
  id: number;
  name: string;
  unique_id: string;
}

/** The company's active roles and stores, read once for all the rows. */
export async function companyRolesAndStores(
  db: Executor,
  ctx: RequestContext,
): Promise<{ roles: CompanyRole[]; stores: CompanyStore[] }> {
  const [companyRoles, companyStores, granted] = await Promise.all([
    activeRolesOf(db, ctx.companyId),
    activeStoresOf(db, ctx.companyId),
    permissionsByRole(db, ctx.companyId),
  ]);
  return {
    roles: companyRoles.map((role) => ({ ...role, permissions: granted.get(role.id) ?? [] })),
    stores: companyStores,
  };
}

/** The role a row names: by its name, else by its base role (`sub_agent_employee`), any case. */
export function findRole(companyRoles: readonly CompanyRole[], text: string) {
  const key = text.trim().toLowerCase();
  return (
    companyRoles.find((role) => role.name.toLowerCase() === key) ??
    companyRoles.find((role) => role.base_role === key)
  );
}

/** Whether the caller may give this role (never one above their own nor one granting more: rank.ts). */
export const mayGiveRole = (ctx: RequestContext, role: CompanyRole) =>
  mayAssignRoleWith(ctx, role, role.permissions);

/**
 * A row's email, first and last name, each checked by the contract's field rules (the first
 * problem of a column is reported on it), and the email not already on an earlier line of the file.
 */
export function checkPerson(
  line: number,
  value: (column: 'email' | 'first_name' | 'last_name') => string,
  seen: Map<string, number>,
  add: AddRowError,
) {
  const check = <T>(
    column: 'email' | 'first_name' | 'last_name',
    schema: z.ZodType<T>,
  ): T | undefined => {
    const parsed = schema.safeParse(value(column));
    if (parsed.success) return parsed.data;
    add(line, column, parsed.error.issues[0]?.message ?? 'Invalid value');
    return undefined;
  };
  const email = check('email', emailField);
  const first_name = check('first_name', nameField);
  const last_name = check('last_name', nameField);
  if (email) {
    const earlier = seen.get(email);
    if (earlier !== undefined) add(line, 'email', `The same email is on line ${earlier}`);
    else seen.set(email, line);
  }
  return { email, first_name, last_name };
}

/**
 * The emails a sign-in identity of the caller's company already has, asked 500 at a time. Another
 * company's are never looked at, so no row of a preview says an address exists elsewhere (that was
 * an oracle of 5,000 addresses per preview), and a commit writes them: identities are unique per
 * company (issue 12).
 */
export async function takenEmails(
  db: Executor,
  emails: readonly string[],
  companyId: number,
): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let start = 0; start < emails.length; start += 500) {
    const rows = await db
      .select({ email: userIdentities.email })
      .from(userIdentities)
      .where(
        and(
          tenantScope(userIdentities, companyId),
          inArray(userIdentities.email, emails.slice(start, start + 500)),
        ),
      );
    for (const row of rows) taken.add(row.email);
  }
  return taken;
}
