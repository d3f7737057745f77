import { eq, getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allPermissions, type Permission } from '@portal/contract/permissions';
import { permissionGroups, rolePermissionGroups, roles } from '../../src/modules/access/schema.ts';
import { userIdentities, users } from '../../src/modules/users/schema.ts';
import { resourceServices } from '../../src/modules.ts';
import { declaredRoutes, type DeclaredRoute } from '../../src/platform/access.ts';
import { hashPassword } from '../../src/platform/passwords.ts';
import { signInPerson } from '../support/people.ts';
import { insertProbeRow } from '../support/probe-rows.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 12 item 2, generated from the route table the app registered (platform/access.ts
 * `declaredRoutes`), so a new route is covered the day it is added:
 * - the routes public by design are exactly the list below;
 * - every other route answers 460 without a session;
 * - every route needing a permission answers 403 to a user holding every permission but that one;
 * - every route with ids in its path answers 404 to a user of another company (who holds every
 *   permission) for ids of the demo company.
 */
const PUBLIC_BY_DESIGN = [
  'GET /api/health',
  'POST /api/auth/login',
  // The company choice of a sign-in whose email and password open several companies.
  'POST /api/auth/login/company',
  'POST /api/auth/2factor/verify',
  'POST /api/auth/2factor/resend',
  'GET /api/auth/options',
  'POST /api/auth/signup',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset_password/:token',
  'POST /api/hr-kiosk/state',
  'POST /api/hr-kiosk/identify',
  'POST /api/hr-kiosk/punch',
  'GET /api/public/module-fields-admin',
  'GET /api/public/companyId',
  'POST /api/public-contact-us-form',
  'GET /api/public/cc-tickets/:ticketId',
  'GET /api/public/cc-ticket-comments',
  'POST /api/public/cc-ticket-comments',
  'GET /api/public/ticket-center',
  'POST /api/public/ticket-center',
  // A supplier reads and comments on one receipt discrepancy through its secure link.
  'GET /api/public/receipt-discrepancy/:discrepancyId',
  'GET /api/public-discrepancy-comments',
  'POST /api/public-discrepancy-comments',
  'GET /api/public-links/open/:token',
  'POST /api/public-links/open/:token',
  'GET /api/uploads/*',
  'PUT /api/uploads/*',
];

/** Path parameters that are not ids of a tenant row, with the value to send. */
const NOT_IDS: Record<string, string> = {
  slug: 'no-such-embed',
  token: 'x'.repeat(40),
  key: 'x',
  reportId: '0b9e7f3c-5b8a-4a55-9c44-1d2e3f4a5b6c',
};

/**
 * Which table a path's id belongs to, for routes outside the generic engine (the engine's
 * `{path}/:id` routes map to their resource's table). A new route with an id fails until listed.
 */
const ID_TABLES: [RegExp, string][] = [
  [/^\/api\/hr-timeoff\/types\/:id/, 'hr_timeoff_types'],
  [/^\/api\/external\/ticket-center\/tickets\/:id/, 'tickets'],
  [/^\/api\/hr-timeoff\/requests\/:id/, 'hr_timeoff_requests'],
  [/^\/api\/hr-timesheets\/timecards\/:id/, 'hr_timecards'],
  [/^\/api\/hr-timesheets\/breaks\/:id/, 'hr_timecard_breaks'],
  [/^\/api\/hr-timesheet-corrections\/:id/, 'hr_timesheet_corrections'],
  [/^\/api\/hr-face\/checks\/:id/, 'hr_face_checks'],
  [/^\/api\/hr-kiosks\/:id/, 'hr_kiosk_devices'],
  [/^\/api\/hr-schedules\/:id/, 'hr_schedules'],
  [/^\/api\/hr-team\/:id/, 'users'],
  [/^\/api\/users\/(enable|disable)\/:id/, 'users'],
  [/^\/api\/employees\/:id/, 'users'],
  [/^\/api\/user-stores\/(users|primary-locations)\/:id/, 'users'],
  [/^\/api\/stores\/time_status\/:id/, 'stores'],
  [/^\/api\/oneview-company-widgets\/:id/, 'oneview_company_widgets'],
  [/^\/api\/public-links\/:id/, 'public_links'],
  [/^\/api\/public-contact-us-form\/:id/, 'contact_us_entries'],
  [/^\/api\/notifications\/:id/, 'notifications'],
  [/^\/api\/reporting\/charts\/:id/, 'reporting_charts'],
  [/^\/api\/communications\/notifications\/:id/, 'bulletins'],
  [/^\/api\/(fulfill-order|receive-order|order-discrepancies)\/:id/, 'orders'],
  [/^\/api\/carrier-statements\/:id/, 'carrier_statements'],
  [/^\/api\/carrier-statement-lines\/:id/, 'carrier_statement_lines'],
];
/** Path parameters named after what they hold, with the table of their rows. */
const PARAM_TABLES: Record<string, string> = {
  user_id: 'users',
  store_id: 'stores',
  account_id: 'payment_accounts',
  documentId: 'hr_employee_documents',
  accessId: 'hr_store_temp_access',
  adjustmentId: 'order_price_adjustments',
  attachmentId: 'ticket_attachments',
};

/** SPEC.md's `{a}&{b}` segments: the tables of their two ids, in order. */
const PAIRS: Record<string, [string, string]> = {
  '/api/hr-web-clockin/status/:pair': ['users', 'stores'],
  '/api/hr-timecard-breaks/break_settings/:pair': ['stores', 'users'],
};

/** Valid bodies, so that validation passes and the id is what the route answers about. */
const BODIES: Record<string, unknown> = {
  'POST /api/orders/:id/price-adjustments': { order_line_id: 1, delta_cents: -100, reason_id: 1 },
  'POST /api/bulletins/:id/acknowledge': { version: 1 },
  'POST /api/company-assets/:id/move': { store_id: 1 },
  'PATCH /api/users/mobile-pin-change/:user_id': { mobile_pin: '1234' },
  'POST /api/employees/:id/compensation': {
    pay_type: 'hourly',
    rate: 20,
    effective_from: '2026-01-01',
  },
  'POST /api/employees/:id/documents/sign': { file_name: 'a.pdf', file_type: 'application/pdf' },
  'POST /api/employees/:id/documents': { title: 'A', key: '1/company-documents/a.pdf' },
  'POST /api/employees/:id/store-access': {
    store_id: 1,
    starts_on: '2026-01-01',
    ends_on: '2026-01-02',
  },
  'POST /api/hr-team/:id/clock': { action: 'clock_out', reason: 'Matrix' },
  'PATCH /api/hr-face/checks/:id': {},
  'PUT /api/reporting/charts/:id': {
    name: 'Matrix',
    dataset: 'stores',
    measure: 'stores',
    group_by: 'store',
    chart_type: 'bar',
  },
  'PATCH /api/hr-timesheets/timecards/:id': {
    clock_out: '2026-01-01T17:00:00.000Z',
    reason: 'Matrix',
  },
  'PATCH /api/hr-timesheets/breaks/:id': {
    break_end: '2026-01-01T12:30:00.000Z',
    reason: 'Matrix',
  },
  'POST /api/hr-timesheet-corrections/:id/approve': {},
  'POST /api/hr-timesheet-corrections/:id/reject': { reason: 'Matrix' },
  'POST /api/orders/:id/transition': { to: 'cancelled' },
  'POST /api/task-tickets/:id/transition': { to: 'open' },
  'POST /api/sales/:id/transition': { to: 'voided' },
  'POST /api/sales/:id/complete': { payments: [{ method: 'cash', amount_cents: 100 }] },
  'POST /api/activations/:id/transition': { to: 'canceled' },
  'POST /api/b2b-invoices/:id/transition': { to: 'void' },
  'POST /api/b2b-invoices/:id/record_payment': { method: 'check', amount_cents: 100 },
  'POST /api/bill-payments/:id/transition': { to: 'confirmed' },
  'POST /api/bill-payments/:id/retry': { attempt: 1 },
  'POST /api/inventory-purchase-orders/:id/transition': { to: 'canceled' },
  'POST /api/inventory-receipt-discrepancies/:id/transition': { to: 'closed' },
  'POST /api/task-tickets/:id/comments': { body: 'Matrix' },
  'POST /api/task-tickets/:id/wait': { reason: 'Matrix' },
  'POST /api/external/ticket-center/tickets/:id/transition': { to: 'open' },
  'POST /api/external/ticket-center/tickets/:id/comments': { body: 'Matrix' },
  'POST /api/external/ticket-center/tickets/:id/wait': { reason: 'Matrix' },
  'POST /api/task-tickets/:id/attachments/sign': { file_name: 'a.txt', file_type: 'text/plain' },
  'POST /api/task-tickets/:id/attachments': { key: '1/ticket-attachments/a.txt', file_name: 'a' },
  'POST /api/external/ticket-center/tickets/:id/attachments/sign': {
    file_name: 'a.txt',
    file_type: 'text/plain',
  },
  'POST /api/external/ticket-center/tickets/:id/attachments': {
    key: '1/ticket-attachments/a.txt',
    file_name: 'a',
  },
  'PATCH /api/oneview-company-widgets/:id': { locked: true },
  'PATCH /api/users/update-face/:user_id': {
    faceImage: 'A'.repeat(200),
    consent: true,
    consent_version: '1',
  },
  'POST /api/hr-timeoff/requests/:id/approve': {},
  'POST /api/hr-timeoff/requests/:id/reject': {},
  'POST /api/hr-timeoff/requests/:id/cancel': {},
  'PATCH /api/hr-timeoff/types/:id': {},
  'POST /api/fulfill-order/:id': { serials: ['MATRIX-1'] },
  'POST /api/receive-order/:id': { serials: [] },
  'POST /api/receive-order/:id/check': { serials: [] },
  'POST /api/order-discrepancies/:id/resolve': { resolution: 'accept' },
  'POST /api/inventory-supplier-bills/:id/credit': { amount_cents: 100, reason: 'Matrix credit' },
  'POST /api/inventory-stock/:id/move': { quantity: 1, reason_id: 1 },
};

const sampleRows = z.object({ rows: z.array(z.object({ id: z.coerce.number() })) });
const key = (route: DeclaredRoute) => `${route.method} ${route.url}`;
const paramsOf = (url: string) => [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] ?? '');

let t: TestApp;
let routes: readonly DeclaredRoute[];
let demoCompany = 0;

/** A user of a company whose role's one permission group we rewrite per check. */
async function matrixUser(companyId: number, name: string) {
  const db = t.database.db;
  const [role] = await db
    .insert(roles)
    .values({ company_id: companyId, name, base_role: 'master_agent', access_level: 4 })
    .returning({ id: roles.id });
  const [group] = await db
    .insert(permissionGroups)
    .values({ company_id: companyId, name, permissions: [...allPermissions] })
    .returning({ id: permissionGroups.id });
  if (!role || !group) throw new Error('matrix role not created');
  await db
    .insert(rolePermissionGroups)
    .values({ company_id: companyId, role_id: role.id, permission_group_id: group.id });
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@matrix.example`;
  const [user] = await db
    .insert(users)
    .values({
      company_id: companyId,
      email,
      first_name: 'Matrix',
      last_name: name,
      role_id: role.id,
      access_level: 4,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('matrix user not created');
  await db.insert(userIdentities).values({
    email,
    company_id: companyId,
    user_id: user.id,
    password_hash: await hashPassword('Matrix-Pass-2026!'),
  });
  const person = await signInPerson(t, email, 'Matrix-Pass-2026!');
  const grant = (permissions: readonly Permission[]) =>
    db
      .update(permissionGroups)
      .set({ permissions: [...permissions] })
      .where(eq(permissionGroups.id, group.id));
  return { ...person, grant };
}

beforeAll(async () => {
  t = await startTestApp();
  routes = declaredRoutes(t.app);
  demoCompany = (await signInPerson(t, 'agent@demo.example')).companyId;
}, 120_000);
afterAll(() => t.close());

/** A path with every parameter filled: ids from `idFor`, or the non-id values above. */
async function fill(url: string, idFor: (param: string) => Promise<string>) {
  let path = url;
  for (const param of paramsOf(url))
    path = path.replace(`:${param}`, NOT_IDS[param] ?? (await idFor(param)));
  return path.replace('*', 'matrix/file.txt');
}

describe('the route table', () => {
  it('has the routes public by design, and only those', () => {
    const open = routes.filter((route) => route.access === 'public').map(key);
    expect([...open].sort()).toEqual([...PUBLIC_BY_DESIGN].sort());
    expect(routes.length).toBeGreaterThan(150);
  });

  it('answers 460 without a session on every other route', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const res = await t.call(route.method, await fill(route.url, async () => '1'), {
        body: ['GET', 'DELETE'].includes(route.method) ? undefined : {},
      });
      if (res.status !== 460) wrong.push(`${key(route)}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 on every permission route to a user holding every permission but that one', async () => {
    const user = await matrixUser(demoCompany, 'Almost Everything');
    const byPermission = new Map<Permission, DeclaredRoute[]>();
    for (const route of routes) {
      if (route.access === 'public' || route.access === 'authenticated') continue;
      byPermission.set(route.access, [...(byPermission.get(route.access) ?? []), route]);
    }
    const wrong: string[] = [];
    for (const [permission, guarded] of byPermission) {
      await user.grant(allPermissions.filter((p) => p !== permission));
      for (const route of guarded) {
        const res = await t.call(route.method, await fill(route.url, async () => '1'), {
          token: user.token,
          body: ['GET', 'DELETE'].includes(route.method) ? undefined : {},
        });
        if (res.status !== 403) wrong.push(`${key(route)} without ${permission}: ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
    // Reported in the note: how many routes and permissions the matrix covers.
    const covered = [...byPermission.values()].flat().length;
    expect(covered).toBeGreaterThan(100);
    console.info(
      `access matrix: ${routes.length} routes, ${covered} guarded by ${byPermission.size} permissions`,
    );
  });

  it("answers 404 to another company's user on every id in the path", async () => {
    const north = await signInPerson(t, 'admin@northwind.example');
    const outsider = await matrixUser(north.companyId, 'Northwind Everything');
    const engineTables = new Map(
      resourceServices.map((service) => [
        `/api${service.definition.path}`,
        getTableName(service.table),
      ]),
    );
    const tableOf = (url: string, param: string): string | undefined => {
      if (param === 'pair') return PAIRS[url] ? 'pair' : undefined;
      if (param !== 'id') return PARAM_TABLES[param];
      const custom = ID_TABLES.find(([pattern]) => pattern.test(url));
      if (custom) return custom[1];
      const base = [...engineTables.keys()]
        .filter((path) => url.startsWith(`${path}/`))
        .sort((a, b) => b.length - a.length)[0];
      return base ? engineTables.get(base) : undefined;
    };
    const sample = new Map<string, string>();
    const demoId = async (table: string) => {
      const known = sample.get(table);
      if (known) return known;
      // The companies table is its own tenant column. A table the demo seeds no row of gets
      // one made from the catalogue (support/probe-rows.ts) for the demo company.
      const found = sampleRows.parse(
        await t.database.db.execute(
          table === 'companies'
            ? sql`select id from companies where id = ${demoCompany}`
            : sql`select id from ${sql.identifier(table)} where company_id <> ${outsider.companyId}
                  order by (company_id = ${demoCompany}) desc, id limit 1`,
        ),
      );
      const row = found.rows[0]?.id ?? (await insertProbeRow(t, table, demoCompany));
      if (row === null) thin.add(table);
      const id = String(row ?? 999_999_999);
      sample.set(table, id);
      return id;
    };
    const withIds = routes.filter(
      (route) =>
        route.access !== 'public' &&
        // Companies are the super admin's (write_companies): refused with 403 to everyone else.
        route.access !== 'write_companies' &&
        paramsOf(route.url).some((param) => !(param in NOT_IDS)),
    );
    const unmapped: string[] = [];
    const wrong: string[] = [];
    const thin = new Set<string>();
    for (const route of withIds) {
      const missing = paramsOf(route.url).filter(
        (param) => !(param in NOT_IDS) && !tableOf(route.url, param),
      );
      if (missing.length) {
        unmapped.push(`${key(route)} (${missing.join(', ')})`);
        continue;
      }
      const path = await fill(route.url, async (param) => {
        const pair = param === 'pair' ? PAIRS[route.url] : undefined;
        if (pair) return `${await demoId(pair[0])}&${await demoId(pair[1])}`;
        return demoId(tableOf(route.url, param) ?? '');
      });
      const body =
        BODIES[key(route)] ?? (['GET', 'DELETE'].includes(route.method) ? undefined : {});
      const res = await t.call(route.method, path, { token: outsider.token, body });
      if (res.status !== 404)
        wrong.push(`${route.method} ${path}: ${res.status} ${res.body.message}`);
    }
    expect(unmapped).toEqual([]);
    expect(wrong).toEqual([]);
    // Every id was a row that exists: a route probed with an unused id could not fail.
    expect([...thin]).toEqual([]);
    console.info(
      `tenancy matrix: ${withIds.length} routes with ids in the path; no row to probe in: ${[...thin].join(', ') || 'none'}`,
    );
  });
});
