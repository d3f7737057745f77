import { eq } from 'drizzle-orm';
import { allPermissions, type Permission } from '@portal/contract/permissions';
import { roleAccessLevels, type RoleKey } from '@portal/contract/roles';
import type { Database, Tx } from '../platform/database.ts';
import { permissionGroups, rolePermissionGroups, roles } from '../modules/access/schema.ts';
import { hashPassword } from '../platform/passwords.ts';
import { modules } from '../modules.ts';
import { seedSchedulingDemo } from '../modules/scheduling/demo.ts';
import { seedAdminDemo } from './admin-demo.ts';
import { seedWorkHistory } from './history.ts';
import { requiredFields, sidebarItems } from '../modules/navigation/schema.ts';
import { companies, districts, regions, stores } from '../modules/organisation/schema.ts';
import { userIdentities, users } from '../modules/users/schema.ts';

export const DEMO_PASSWORD = 'Demo@12345';
export const DEMO_COMPANY = 'Demo Wireless';
export const SECOND_COMPANY = 'Northwind Mobile';

interface DemoUser {
  email: string;
  role: RoleKey;
  first: string;
  last: string;
  /** The user's current store by name; otherwise the plan's stores in turn. */
  store?: string;
}

/** One demo user per role (DESIGN.md "Demo tenant"). */
export const demoUsers: DemoUser[] = [
  { email: 'admin@demo.example', role: 'super_admin', first: 'Ada', last: 'Admin' },
  { email: 'agent@demo.example', role: 'master_agent', first: 'Marco', last: 'Agent' },
  { email: 'manager@demo.example', role: 'sub_agent_admin', first: 'Mina', last: 'Manager' },
  {
    email: 'employee@demo.example',
    role: 'sub_agent_employee',
    first: 'Eli',
    last: 'Employee',
    // The manager's home store (DEMO_HOME_STORE, below).
    store: 'Charlotte Amalie',
  },
  { email: 'warehouse@demo.example', role: 'warehouse_account', first: 'Wes', last: 'Warehouse' },
  { email: 'callcenter@demo.example', role: 'call_center_agent', first: 'Cara', last: 'Caller' },
  { email: 'user@demo.example', role: 'base_user', first: 'Uma', last: 'User' },
];

/** A demo user who signs in with a mailed code (two-factor), to show the second step. */
export const demoTwoFactorUser: (typeof demoUsers)[number] = {
  email: 'secure@demo.example',
  role: 'sub_agent_employee',
  first: 'Sam',
  last: 'Secure',
};

/**
 * The store the demo lives in: the manager's home store, where the demo employee and the hourly
 * staff below work, so the manager's schedule, dashboard and timesheet open on people.
 */
export const DEMO_HOME_STORE = 'Charlotte Amalie';

/** Hourly staff of the home store: their two weeks of shifts and timecards fill the reports. */
export const demoHourlyStaff: DemoUser[] = [
  ['tara@demo.example', 'Tara', 'Tran'],
  ['leo@demo.example', 'Leo', 'Lopez'],
  ['priya@demo.example', 'Priya', 'Patel'],
].map(([email = '', first = '', last = '']) => ({
  email,
  role: 'sub_agent_employee',
  first,
  last,
  store: DEMO_HOME_STORE,
}));

const readAll = allPermissions.filter((p) => p.startsWith('read_'));
// Who punches also answers for auto clocked-out timecards (the dialog's table needs the flag).
const clock: Permission[] = [
  'write_hr_clockin',
  'write_hr_clockin_web',
  'is_clockin_pop_up_required',
];
/** What every signed-in role reads: ticket types (Get Support), embeds, carriers, form fields. */
const everyone: Permission[] = [
  'read_support_ticket_types',
  'read_embeds',
  'read_company_carriers',
  'read_module_fields',
  'read_categories',
];

/** Ringing up at the counter (issue 17): customers, sales, activations, returns. */
const selling: Permission[] = [
  'read_products',
  'read_customers',
  'write_customers',
  'read_sales',
  'write_sales',
  'read_activations',
  'write_activations',
  'read_sale_returns',
  'write_sale_returns',
  // Bill pay and prepaid at the counter (billpay): at the stores they work at.
  'read_bill_payments',
  'write_bill_payments',
  // Their store's sales reports: the scope rule keeps an associate to the stores they work at.
  'read_sales_reports',
];

/** The buying side (issue 19): suppliers, vendors, purchase orders, receipts, discrepancies. */
const buying: Permission[] = [
  'read_suppliers',
  'write_suppliers',
  'read_vendors',
  'write_vendors',
  'read_purchase_orders',
  'write_purchase_orders',
  'read_purchase_order_receipts',
  'write_purchase_order_receipts',
  'read_receipt_discrepancies',
  'write_receipt_discrepancies',
  'read_discrepancy_comments',
  'write_discrepancy_comments',
  'read_warehouses',
  'write_warehouses',
  'read_customer_warehouses',
  'write_customer_warehouses',
  'read_brands',
  'write_brands',
  'read_internal_inventory',
  'write_internal_inventory',
  'read_inventory_stock',
  'write_inventory_stock',
];

/** What each built-in role is granted, as one permission group per role. */
const rolePermissions: Record<RoleKey, readonly Permission[]> = {
  super_admin: allPermissions,
  master_agent: allPermissions.filter((p) => p !== 'write_companies'),
  sub_agent_admin: [
    ...readAll,
    'write_stores',
    'write_users',
    'write_districts',
    'write_regions',
    'write_user_stores',
    'write_user_regions',
    'write_user_districts',
    'write_categories',
    'can_edit_own_company_settings',
    'write_oneview',
    'is_clockin_pop_up_required',
    'write_hr_settings',
    'write_employees',
    'write_hr_schedules',
    'write_hr_shift_templates',
    'write_hr_kiosks',
    'write_hr_compensation',
    'write_hr_timesheets',
    'write_orders',
    // What their stores always carry and hold at least (the suggested order's inputs).
    'write_static_accessories',
    'write_stock_minimums',
    'write_tickets',
    'write_bulletins',
    'write_recipient_lists',
    'write_bulletin_templates',
    'write_company_assets',
    ...selling,
    'override_sale_returns',
    ...clock,
  ],
  sub_agent_employee: [
    'read_stores',
    'read_districts',
    'read_regions',
    ...everyone,
    ...selling,
    ...clock,
  ],
  warehouse_account: [
    'read_stores',
    'read_districts',
    'read_orders',
    'read_products',
    'read_manufacturers',
    'read_adjustment_reasons',
    'write_order_fulfillment',
    'write_products',
    'write_manufacturers',
    'approve_price_adjustments',
    'write_stock_adjustments',
    ...buying,
    ...everyone,
    ...clock,
  ],
  call_center_agent: [
    'read_stores',
    'read_users',
    'read_support_tickets',
    'write_support_tickets',
    // Outside the company: only the tickets assigned to them or at their stores (/external/ticket-center).
    'work_external_tickets',
    'read_ticket_types',
    'read_ticket_priorities',
    'read_ticket_templates',
    ...everyone,
    ...clock,
  ],
  base_user: ['read_stores', ...everyone],
};

const roleTitles: Record<RoleKey, string> = {
  super_admin: 'Super Admin',
  master_agent: 'Master Agent',
  sub_agent_admin: 'Store Manager',
  sub_agent_employee: 'Sales Associate',
  warehouse_account: 'Warehouse',
  call_center_agent: 'Call Center',
  base_user: 'Base User',
};

interface CompanyPlan {
  name: string;
  regions: {
    name: string;
    districts: { name: string; stores: { name: string; time_zone: string }[] }[];
  }[];
  users: typeof demoUsers;
}

const demoPlan: CompanyPlan = {
  name: DEMO_COMPANY,
  regions: [
    {
      name: 'East',
      districts: [
        {
          name: 'Metro New York',
          stores: [
            { name: 'Times Square', time_zone: 'America/New_York' },
            { name: 'Brooklyn Heights', time_zone: 'America/New_York' },
          ],
        },
        { name: 'Caribbean', stores: [{ name: 'Charlotte Amalie', time_zone: 'America/Virgin' }] },
      ],
    },
    {
      name: 'Central',
      districts: [
        {
          name: 'Chicagoland',
          stores: [
            { name: 'Magnificent Mile', time_zone: 'America/Chicago' },
            { name: 'Oak Park', time_zone: 'America/Chicago' },
          ],
        },
      ],
    },
    {
      name: 'West',
      districts: [
        {
          name: 'Southern California',
          stores: [
            { name: 'Santa Monica', time_zone: 'America/Los_Angeles' },
            { name: 'Pasadena', time_zone: 'America/Los_Angeles' },
          ],
        },
        { name: 'Border', stores: [{ name: 'Ojinaga Plaza', time_zone: 'America/Ojinaga' }] },
      ],
    },
  ],
  users: [...demoUsers, demoTwoFactorUser, ...demoHourlyStaff],
};

const northwindPlan: CompanyPlan = {
  name: SECOND_COMPANY,
  regions: [
    {
      name: 'North',
      districts: [
        {
          name: 'Twin Cities',
          stores: [{ name: 'Minneapolis Downtown', time_zone: 'America/Chicago' }],
        },
      ],
    },
  ],
  users: [{ email: 'admin@northwind.example', role: 'master_agent', first: 'Nora', last: 'North' }],
};

/**
 * Seeds the demo tenant when its company is missing; running it again changes nothing.
 * Everything is written in one transaction, so a failed seed leaves no half-built company.
 */
export async function seedDemo(db: Database): Promise<boolean> {
  const [existing] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, DEMO_COMPANY));
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    for (const plan of [demoPlan, northwindPlan]) await seedCompany(tx, plan, passwordHash);
  });
  return true;
}

async function seedCompany(tx: Tx, plan: CompanyPlan, passwordHash: string) {
  const [company] = await tx.insert(companies).values({ name: plan.name }).returning();
  if (!company) throw new Error('company insert returned nothing');
  const company_id = company.id;

  const storeIds: number[] = [];
  const storeIdByName = new Map<string, number>();
  for (const region of plan.regions) {
    const [r] = await tx
      .insert(regions)
      .values({ company_id, name: region.name })
      .returning({ id: regions.id });
    for (const district of region.districts) {
      const [d] = await tx
        .insert(districts)
        .values({ company_id, name: district.name, region_id: r?.id ?? null })
        .returning({ id: districts.id });
      for (const [index, store] of district.stores.entries()) {
        const [s] = await tx
          .insert(stores)
          .values({
            company_id,
            district_id: d?.id ?? null,
            unique_id: `${plan.name.slice(0, 2).toUpperCase()}${String(storeIds.length + 1).padStart(3, '0')}`,
            ...store,
            address: `${100 + index} Main Street`,
          })
          .returning({ id: stores.id });
        if (s) storeIds.push(s.id);
        if (s) storeIdByName.set(store.name, s.id);
      }
    }
  }

  const roleIds = new Map<RoleKey, number>();
  for (const roleKey of Object.keys(roleAccessLevels) as RoleKey[]) {
    if (roleKey === 'super_admin' && plan.name !== DEMO_COMPANY) continue;
    const [role] = await tx
      .insert(roles)
      .values({
        company_id,
        name: roleTitles[roleKey],
        base_role: roleKey,
        access_level: roleAccessLevels[roleKey],
      })
      .returning({ id: roles.id });
    const [group] = await tx
      .insert(permissionGroups)
      .values({
        company_id,
        name: `${roleTitles[roleKey]} permissions`,
        permissions: [...rolePermissions[roleKey]],
      })
      .returning({ id: permissionGroups.id });
    if (!role || !group) throw new Error('role insert returned nothing');
    roleIds.set(roleKey, role.id);
    await tx
      .insert(rolePermissionGroups)
      .values({ company_id, role_id: role.id, permission_group_id: group.id });
  }

  for (const [index, demo] of plan.users.entries()) {
    const role_id = roleIds.get(demo.role);
    if (!role_id) throw new Error(`no role ${demo.role}`);
    const [user] = await tx
      .insert(users)
      .values({
        company_id,
        email: demo.email,
        first_name: demo.first,
        last_name: demo.last,
        role_id,
        access_level: roleAccessLevels[demo.role],
        current_store:
          (demo.store ? storeIdByName.get(demo.store) : storeIds[index % storeIds.length]) ?? null,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('user insert returned nothing');
    await tx.insert(userIdentities).values({
      email: demo.email,
      company_id,
      user_id: user.id,
      password_hash: passwordHash,
      two_factor_method: demo === demoTwoFactorUser ? 'email' : null,
    });
  }

  // Each module's default sidebar items, in module order (OneView's first: the menu sorts by
  // order, then id, and OneView shares order 0 with Users).
  for (const { children = [], ...item } of modules.flatMap((module) => module.sidebar ?? [])) {
    const [parent] = await tx
      .insert(sidebarItems)
      .values({ company_id, ...item })
      .returning({ id: sidebarItems.id });
    if (!parent) throw new Error('sidebar item insert returned nothing');
    if (children.length) {
      await tx
        .insert(sidebarItems)
        .values(
          children.map((child, i) => ({ company_id, order: i, parent_id: parent.id, ...child })),
        );
    }
  }
  await tx
    .insert(requiredFields)
    .values({ company_id, type: 'Home Screen', title: 'OneView', order: 0 });
  // Each module's demo rows, in module order.
  const demoCompany = plan.name === DEMO_COMPANY;
  for (const module of modules) await module.demo?.({ tx, companyId: company_id, demoCompany });
  await seedAdminDemo(tx, company_id, demoCompany);
  // After the store assignments: the schedule's rows are the store's staff.
  const homeStore = await seedSchedulingDemo(tx, company_id);
  if (homeStore && demoCompany) await seedWorkHistory(tx, company_id, homeStore);
}
