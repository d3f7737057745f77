import { and, asc, eq } from 'drizzle-orm';
import { authMessages, type SignupRequest } from '@portal/contract/auth';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { roles } from '../access/schema.ts';
import { companies } from '../organisation/schema.ts';
import { userIdentities, users } from '../users/schema.ts';
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
    const [role] = await tx
      .select({ id: roles.id, access_level: roles.access_level })
      .from(roles)
      .innerJoin(companies, and(tenantScope(roles, companies.id), eq(companies.is_active, true)))
      .where(
        and(
          tenantScope(roles, companyId),
          eq(roles.base_role, 'base_user'),
          eq(roles.is_active, true),
        ),
      )
      .orderBy(asc(roles.id))
      .limit(1);
    if (!role) throw AppError.forbidden(authMessages.signupDisabled);
    const [taken] = await tx
      .select({ email: userIdentities.email })
      .from(userIdentities)
      .where(and(tenantScope(userIdentities, companyId), eq(userIdentities.email, input.email)));
    if (taken) throw AppError.conflict(authMessages.emailTaken);
    const [user] = await tx
      .insert(users)
      .values({
        company_id: companyId,
        email: input.email,
        first_name: input.first_name,
        last_name: input.last_name,
        role_id: role.id,
        access_level: role.access_level,
      })
      .returning({ id: users.id, email: users.email });
    if (!user) throw new Error('user insert returned nothing');
    await tx.insert(userIdentities).values({
      email: user.email,
      company_id: companyId,
      user_id: user.id,
      password_hash: passwordHash,
    });
    return user;
  });
}
