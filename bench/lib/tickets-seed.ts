import { BENCH_COMPANY_ID } from './seed.ts';

const company = BENCH_COMPANY_ID;

/**
 * Inserts `count` people into company 1 (bench-stream-<n>@bench.example) who can sign in: each a copy of `like` (an hourly demo
 * employee: their role, access level and store) with that person's password hash, so they sign in
 * with the demo password. One statement.
 */
export function seedStreamUsersSql(count: number, like: string): string {
  if (!Number.isInteger(count) || count < 1) throw new Error('count must be a positive integer');
  return `
    with model as (
      select u.role_id, u.access_level, u.current_store, i.password_hash
        from users u join user_identities i on i.user_id = u.id and i.company_id = u.company_id
       where u.company_id = ${company} and i.email = '${like.replace(/'/g, "''")}'
    ), inserted as (
      insert into users (company_id, email, first_name, last_name, role_id, access_level, current_store)
      select ${company}, 'bench-stream-' || g || '@bench.example', 'Stream', 'Bench ' || g,
             m.role_id, m.access_level, m.current_store
        from generate_series(1, ${count}) g, model m
      returning company_id, id, email
    )
    insert into user_identities (email, company_id, user_id, password_hash)
    select i.email, i.company_id, i.id, m.password_hash from inserted i, model m`;
}

/**
 * Inserts `count` tickets into company 1 in one statement: spread over its stores, types,
 * priorities, assignees (a fifth unassigned), requesters, statuses, sources and the last year.
 */
export function seedTicketsSql(count: number): string {
  if (!Number.isInteger(count) || count < 1) throw new Error('count must be a positive integer');
  return `
    with refs as (
      select (select array_agg(id order by id) from stores where company_id = ${company}) as stores,
             (select array_agg(id order by id) from users where company_id = ${company} and not is_deleted) as users,
             (select coalesce(array_agg(id order by id), array[null]::int[]) from ticket_types where company_id = ${company}) as types,
             (select coalesce(array_agg(id order by id), array[null]::int[]) from ticket_priorities where company_id = ${company}) as priorities
    )
    insert into tickets (company_id, subject, detail, type_id, priority_id, store_id, assignee_id,
                         requester_id, source, status, created_at, updated_at)
    select ${company}, 'Bench ticket ' || g, 'Seeded by bench/tickets.ts (' || g || ')',
           r.types[1 + g % array_length(r.types, 1)],
           r.priorities[1 + (g / 7) % array_length(r.priorities, 1)],
           r.stores[1 + g % array_length(r.stores, 1)],
           case when g % 5 = 0 then null else r.users[1 + (g * 7) % array_length(r.users, 1)] end,
           r.users[1 + (g * 13) % array_length(r.users, 1)],
           (array['internal','internal','support','contact','public'])[1 + g % 5],
           (array['new','open','open','pending','resolved','closed','closed','closed'])[1 + g % 8],
           now() - make_interval(mins => (${count} - g) * 5),
           now() - make_interval(mins => (${count} - g) * 5)
      from generate_series(1, ${count}) g, refs r`;
}

/**
 * The ticket center's list the API runs for GET /api/task-tickets?perPage=20 (page 0, default sort
 * -id), as plain SQL: the page with its eight reference names (one correlated subquery each, as
 * the platform's referenceColumns writes them), the total counted up to 2,001 rows (the
 * platform's EXACT_TOTAL_LIMIT + 1) and, above that, the planner's estimate (EXPLAIN), as
 * totals.ts does.
 */
export const ticketsListSql = `
  select t.id, t.company_id, t.subject, t.detail, t.type_id, t.priority_id, t.store_id,
         t.district_id, t.region_id, t.template_id, t.template_values, t.assignee_id,
         t.requester_id, t.requester_email, t.source, t.sent_from_route, t.support_ticket_id,
         t.due_at, t.closed_at, t.sla_due_at, t.sla_breached, t.status, t.created_at, t.updated_at,
         (select r.name from ticket_types r where r.id = t.type_id and r.company_id = t.company_id) as type_name,
         (select r.name from ticket_priorities r where r.id = t.priority_id and r.company_id = t.company_id) as priority_name,
         (select r.name from stores r where r.id = t.store_id and r.company_id = t.company_id) as store_name,
         (select r.name from districts r where r.id = t.district_id and r.company_id = t.company_id) as district_name,
         (select r.name from regions r where r.id = t.region_id and r.company_id = t.company_id) as region_name,
         (select r.name from ticket_templates r where r.id = t.template_id and r.company_id = t.company_id) as template_name,
         (select concat_ws(' ', nullif(r.first_name, ''), nullif(r.last_name, '')) from users r
           where r.id = t.assignee_id and r.company_id = t.company_id) as assignee_name,
         (select concat_ws(' ', nullif(r.first_name, ''), nullif(r.last_name, '')) from users r
           where r.id = t.requester_id and r.company_id = t.company_id) as requester_name
    from tickets t
   where t.company_id = $1
   order by t.id desc
   limit 20`;
export const ticketsCountSql = `
  select count(*) as total from (select 1 from tickets where company_id = $1 limit 2001) capped`;
export const ticketsEstimateSql =
  'explain (format json) select 1 from tickets where company_id = $1';
