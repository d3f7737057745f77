import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../platform/database.ts';
import { userDistricts, userRegions, userStores } from '../modules/assignments/schema.ts';
import { taxInfo } from '../modules/billing/schema.ts';
import { categories } from '../modules/catalog/schema.ts';
import { carriers, companyCarriers } from '../modules/company/schema.ts';
import { moduleFields } from '../modules/fields/schema.ts';
import { embedsAndLinks } from '../modules/navigation/schema.ts';
import { districts, regions, stores } from '../modules/organisation/schema.ts';
import { supportTicketTypes, supportTickets } from '../modules/support/schema.ts';
import { users } from '../modules/users/schema.ts';

/** The global carrier list. */
const demoCarriers = [
  { name: 'AT&T', code: 'att' },
  { name: 'Verizon', code: 'verizon' },
  { name: 'T-Mobile', code: 'tmobile' },
  { name: 'US Cellular', code: 'uscellular' },
  { name: 'Cricket Wireless', code: 'cricket' },
  { name: 'Boost Mobile', code: 'boost' },
];

/** In id order: the support modal preselects the first. */
const ticketTypes = [
  { title: 'Technical Issue', description: 'Something in the portal does not work' },
  { title: 'Account Access', description: 'Signing in, passwords, permissions' },
  { title: 'Billing Question', description: 'Invoices, charges and payment accounts' },
  { title: 'Other', description: null },
];

const contactUsFields = [
  { field_key: 'name', label: 'Name', is_required: true },
  { field_key: 'email', label: 'Email', is_required: true },
  { field_key: 'phone', label: 'Phone', is_required: false },
  { field_key: 'message', label: 'Message', is_required: true },
];
const saleFields = [
  { field_key: 'imei', label: 'IMEI', is_required: true },
  { field_key: 'customer_phone', label: 'Customer phone', is_required: false },
];

/**
 * The organisation and admin demo data of one company, after its stores and users exist: store
 * assignments (each user 2-3 stores, the current one primary), ticket types, carriers, a tax rate,
 * categories, module fields, an embed, and opening hours on all stores but one.
 */
export async function seedAdminDemo(tx: Tx, company_id: number, isMainDemo: boolean) {
  await tx.insert(carriers).values(demoCarriers).onConflictDoNothing();

  const storeRows = await tx
    .select({ id: stores.id, district_id: stores.district_id })
    .from(stores)
    .where(eq(stores.company_id, company_id))
    .orderBy(asc(stores.id));
  const userRows = await tx
    .select({
      id: users.id,
      email: users.email,
      current_store: users.current_store,
      access_level: users.access_level,
    })
    .from(users)
    .where(eq(users.company_id, company_id))
    .orderBy(asc(users.id));

  const assignments = userRows.flatMap((user, index) => {
    const first = storeRows.findIndex((store) => store.id === user.current_store);
    const start = first < 0 ? index % Math.max(storeRows.length, 1) : first;
    const count = Math.min(storeRows.length, index % 2 === 0 ? 3 : 2);
    return Array.from(
      { length: count },
      (_, offset) => storeRows[(start + offset) % storeRows.length],
    )
      .filter((store) => store !== undefined)
      .map((store, position) => ({
        company_id,
        user_id: user.id,
        store_id: store.id,
        is_primary: position === 0,
      }));
  });
  if (assignments.length) await tx.insert(userStores).values(assignments);

  // Managers (level 3) oversee the districts of their stores; agents (level 4) the first region.
  const [firstRegion] = await tx
    .select({ id: regions.id })
    .from(regions)
    .where(eq(regions.company_id, company_id))
    .orderBy(asc(regions.id))
    .limit(1);
  for (const user of userRows) {
    if (user.access_level === 4 && firstRegion) {
      await tx
        .insert(userRegions)
        .values({ company_id, user_id: user.id, region_id: firstRegion.id });
    }
    if (user.access_level === 3) {
      const storeIds = assignments.filter((a) => a.user_id === user.id).map((a) => a.store_id);
      const districtIds = [
        ...new Set(
          storeRows
            .filter((store) => storeIds.includes(store.id))
            .flatMap((store) => (store.district_id === null ? [] : [store.district_id])),
        ),
      ];
      const known = districtIds.length
        ? await tx
            .select({ id: districts.id })
            .from(districts)
            .where(and(eq(districts.company_id, company_id), inArray(districts.id, districtIds)))
        : [];
      if (known.length) {
        await tx
          .insert(userDistricts)
          .values(
            known.map((district) => ({ company_id, user_id: user.id, district_id: district.id })),
          );
      }
    }
  }

  // Opening hours on every store but the last, so "hours not set" shows too.
  const withHours = storeRows.slice(0, Math.max(storeRows.length - 1, 1)).map((store) => store.id);
  await tx
    .update(stores)
    .set({ opens_at: '09:00', closes_at: '21:00' })
    .where(and(eq(stores.company_id, company_id), inArray(stores.id, withHours)));

  const types = await tx
    .insert(supportTicketTypes)
    .values(ticketTypes.map((type) => ({ company_id, ...type })))
    .returning({ id: supportTicketTypes.id, title: supportTicketTypes.title });
  // Two tickets from the store floor, so whoever reads support tickets (the owner too) sees some.
  const sender = (email: string) => userRows.find((user) => user.email === email);
  const typeId = (title: string) => types.find((type) => type.title === title)?.id;
  const tickets = [
    {
      from: 'employee@demo.example',
      type: 'Technical Issue',
      detail: 'The receipt printer at the front desk is jammed.',
      route: '/hr/dashboard',
    },
    {
      from: 'manager@demo.example',
      type: 'Account Access',
      detail: 'A new hire cannot sign in yet.',
      route: '/employees',
    },
  ].flatMap(({ from, type, detail, route }) => {
    const user = sender(from);
    const type_id = typeId(type);
    return user && type_id
      ? [
          {
            company_id,
            type_id,
            user_id: user.id,
            email: from,
            detail,
            store_id: user.current_store,
            sent_from_route: route,
          },
        ]
      : [];
  });
  if (tickets.length) await tx.insert(supportTickets).values(tickets);

  const carrierRows = await tx.select({ id: carriers.id, code: carriers.code }).from(carriers);
  const linked = isMainDemo ? ['att', 'verizon', 'tmobile'] : ['verizon'];
  await tx
    .insert(companyCarriers)
    .values(
      carrierRows
        .filter((carrier) => linked.includes(carrier.code))
        .map((carrier) => ({ company_id, carrier_id: carrier.id })),
    );

  await tx
    .insert(taxInfo)
    .values({ company_id, name: 'Sales Tax', rate_bps: isMainDemo ? 825 : 688 });
  await tx.insert(categories).values(
    (isMainDemo ? ['Phones', 'Accessories', 'Plans'] : ['Phones']).map((name) => ({
      company_id,
      name,
    })),
  );

  await tx.insert(moduleFields).values([
    ...contactUsFields.map((field, order) => ({
      company_id,
      module: 'contact_us',
      order,
      ...field,
    })),
    ...(isMainDemo ? saleFields : []).map((field, order) => ({
      company_id,
      module: 'sale',
      order,
      ...field,
    })),
  ]);

  if (isMainDemo) {
    await tx.insert(embedsAndLinks).values({
      company_id,
      slug: 'training-videos',
      title: 'Training Videos',
      url: 'https://example.com/training',
    });
  }
}
