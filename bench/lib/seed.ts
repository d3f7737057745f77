/** How many users the bench adds to company 1 before measuring. */
export const EXTRA_USERS = 10_000;
export const BENCH_COMPANY_ID = 1;

/** Picks a role of the company for the seeded users (the demo creates one per base role). */
export const pickRoleSql = `select id from roles where company_id = ${BENCH_COMPANY_ID} order by id limit 1`;

/**
 * Inserts `count` users into company 1 plus their sign-in identities in one statement.
 * Last names are spread (a multiplicative permutation) so the default sort has real work to do.
 */
export function seedUsersSql(roleId: number, count = EXTRA_USERS): string {
  if (!Number.isInteger(roleId) || !Number.isInteger(count))
    throw new Error('roleId and count must be integers');
  return `
    with inserted as (
      insert into users (company_id, email, first_name, last_name, role_id, access_level)
      select ${BENCH_COMPANY_ID},
             'bench-user-' || g || '@bench.example',
             'Bench' || (g % 97),
             'Load' || lpad(((g * 7919) % ${count})::text, 6, '0'),
             ${roleId},
             1
        from generate_series(1, ${count}) as g
      returning company_id, id, email
    )
    insert into user_identities (email, company_id, user_id, password_hash)
    select email, company_id, id, 'not-a-real-hash' from inserted
  `;
}

/**
 * Run one by one after the seed (VACUUM refuses a multi-statement string): fresh statistics and a
 * visibility map, so autovacuum does not kick in halfway through a measurement.
 */
export const afterSeedSql = ['vacuum analyze users', 'vacuum analyze user_identities'];

export const countUsersSql = `select count(*)::int as total from users where company_id = ${BENCH_COMPANY_ID}`;

/**
 * The users list the API runs for GET /api/users?perPage=20 (page 0, default sort), as plain SQL:
 * the same columns, with the role's name and base role and the current store's name that the API's
 * reply carries (read in the same statement, as the API does).
 */
export const usersListSql = `
  select u.id, u.uuid, u.company_id, u.email, u.first_name, u.last_name, u.role_id, u.access_level,
         u.current_store, u.profile_photo, u.job_order_type, u.business_type, u.dealer_id,
         u.vendor_id, u.is_active, u.is_locked, u.is_deleted, u.is_b2b, u.created_at,
         (select r.base_role from roles r where r.company_id = u.company_id and r.id = u.role_id),
         (select r.name from roles r where r.company_id = u.company_id and r.id = u.role_id)
           as role_name,
         (select s.name from stores s where s.company_id = u.company_id and s.id = u.current_store)
           as store_name
    from users u
   where u.company_id = $1
   order by u.last_name asc, u.id asc
   limit 20`;
export const usersCountSql = 'select count(*) as total from users where company_id = $1';
