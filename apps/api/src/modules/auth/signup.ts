import { and, asc, eq } from 'drizzle-orm';
import { authMessages, type SignupRequest } from '@portal/contract/auth';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { rolesToJoin } from '../access/api.ts';
import { companiesToJoin } from '../organisation/api.ts';
import { insertPeople, takenEmails } from '../users/api.ts';
import { assertPasswordAllowed, hashPassword } from '../../platform/passwords.ts';
import { tenantScope } from '../../db/columns.ts';

/**
 * Self sign-up into the deployment's company (SIGNUP_COMPANY_ID) with its base_user role: the
 * least access, which an admin can raise. The user row and the identity are written together.
 * Only that company's emails are taken: one used in another company signs up (issue 12).
 */
export async function signUp(
  db: Database,
  companyId: number,
  input: SignupRequest & { email: string },
): Promise<{ id: number; email: string }> {
  await assertPasswordAllowed(input.password, 'password', input.email);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const companyRoles = rolesToJoin(tx, companyId);
    const company = companiesToJoin(tx);
    const [role] = await tx
      .select({ id: companyRoles.id, access_level: companyRoles.access_level })
      .from(companyRoles)
      .innerJoin(company, and(tenantScope(companyRoles, company.id), eq(company.is_active, true)))
      .where(and(eq(companyRoles.base_role, 'base_user'), eq(companyRoles.is_active, true)))
      .orderBy(asc(companyRoles.id))
      .limit(1);
    if (!role) throw AppError.forbidden(authMessages.signupDisabled);
    if ((await takenEmails(tx, [input.email], companyId)).size)
      throw AppError.conflict(authMessages.emailTaken);
    // The user row and its identity, written together.
    const [user] = await insertPeople(
      tx,
      companyId,
      [
        {
          email: input.email,
          first_name: input.first_name,
          last_name: input.last_name,
          role_id: role.id,
          access_level: role.access_level,
          current_store: null,
        },
      ],
      () => passwordHash,
    );
    if (!user) throw new Error('user insert returned nothing');
    return user;
  });
}
