import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database.ts';
import { preparedQuery } from '../../platform/prepared.ts';
import { userIdentities } from './schema.ts';

/** Identities one email may have: more are not looked at (a deployment has a few companies). */
export const MAX_IDENTITIES_PER_EMAIL = 20;

export type Identity = typeof userIdentities.$inferSelect;

/**
 * Every company's sign-in identity for an email, by company: an email is unique within a company,
 * not across companies (issue 12). Read on the system path, before a company is known.
 */
export const identitiesOf = (db: Executor, email: string): Promise<Identity[]> =>
  identitiesByEmail(db).execute({ email });

const identitiesByEmail = preparedQuery('identities_by_email', (db) =>
  db
    .select()
    .from(userIdentities)
    .where(eq(userIdentities.email, sql.placeholder('email')))
    .orderBy(asc(userIdentities.company_id))
    .limit(MAX_IDENTITIES_PER_EMAIL),
);
