import { BENCH_COMPANY_ID } from './seed.ts';

/**
 * The order list the API runs for GET /api/orders?perPage=20 (page 0, default sort -id), as plain
 * SQL: the page with its store and creator names, and the total counted up to 2,001 rows (the
 * platform's EXACT_TOTAL_LIMIT + 1, above which it asks the planner for an estimate).
 */
export const ordersListSql = `
  select o.id, o.company_id, o.store_id, s.name as store_name, o.kind, o.status, o.note,
         o.subtotal_cents, o.tax_cents, o.adjustment_cents, o.total_cents, o.created_by,
         u.first_name || ' ' || u.last_name as created_by_name, o.created_at, o.updated_at
    from orders o
    left join stores s on s.company_id = o.company_id and s.id = o.store_id
    left join users u on u.company_id = o.company_id and u.id = o.created_by
   where o.company_id = $1
   order by o.id desc
   limit 20`;
export const ordersCountSql = `
  select count(*) as total from (select 1 from orders where company_id = $1 limit 2001) capped`;

/**
 * Inserts `count` orders (two lines each) into company 1, statement by statement: spread over its
 * stores, creators, statuses, both kinds and the last year, like a busy warehouse's history.
 */
export function seedOrdersSql(count: number): string[] {
  if (!Number.isInteger(count) || count < 1) throw new Error('count must be a positive integer');
  const company = BENCH_COMPANY_ID;
  return [
    `create temporary table bench_order_refs as
     select (select array_agg(id order by id) from stores where company_id = ${company}) as stores,
            (select array_agg(id order by id) from users where company_id = ${company} and not is_deleted) as users,
            (select array_agg(id order by id) from products where company_id = ${company} and kind = 'device') as devices,
            (select array_agg(id order by id) from products where company_id = ${company} and kind = 'accessory') as accessories`,
    `insert into orders (company_id, store_id, kind, status, subtotal_cents, tax_cents, total_cents,
                         created_by, created_at, updated_at)
     select ${company}, r.stores[1 + g % array_length(r.stores, 1)],
            case when g % 5 = 0 then 'accessory' else 'device' end,
            (array['open','submitted','pending_shipment','under_review','shipped','received','received','received','canceled'])[1 + g % 9],
            0, 0, 0, r.users[1 + (g * 7) % array_length(r.users, 1)],
            now() - make_interval(mins => (${count} - g) * 10), now() - make_interval(mins => (${count} - g) * 10)
       from generate_series(1, ${count}) g, bench_order_refs r`,
    `insert into order_lines (company_id, order_id, product_id, quantity, unit_price_cents, tax_cents, total_cents)
     select o.company_id, o.id, l.product_id, l.quantity, 1999, 0, 1999 * l.quantity
       from orders o, bench_order_refs r,
            lateral (values
              (case when o.kind = 'device' then r.devices[1 + o.id % array_length(r.devices, 1)]
                    else r.accessories[1 + o.id % array_length(r.accessories, 1)] end, 1 + o.id % 4),
              (case when o.kind = 'device' then r.devices[1 + (o.id / 3) % array_length(r.devices, 1)]
                    else r.accessories[1 + (o.id / 3) % array_length(r.accessories, 1)] end, 1 + o.id % 3)
            ) as l(product_id, quantity)
      where o.company_id = ${company}
        and not exists (select 1 from order_lines x where x.company_id = o.company_id and x.order_id = o.id)`,
    // Fresh statistics first: with the planner still thinking the tables are small, the update
    // below runs as a nested loop over 50,000 aggregates.
    'analyze orders',
    'analyze order_lines',
    `update orders o set subtotal_cents = t.total, total_cents = t.total
       from (select order_id, sum(total_cents)::int as total from order_lines
              where company_id = ${company} group by order_id) t
      where o.company_id = ${company} and o.id = t.order_id and o.total_cents = 0`,
  ];
}
