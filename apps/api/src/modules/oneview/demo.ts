import type { Tx } from '../../platform/database.ts';
import { sidebarItems } from '../navigation/schema.ts';

/**
 * OneView demo data of one company: OneView as the first sidebar item (so the sidebar shows its
 * Edit, A/M/E and Save buttons, SPEC.md section 2) and the OneView Admin Panel for who may edit
 * it. Widgets need no rows: each mode shows its built-in layout until the company saves one.
 */
export async function seedOneviewDemo(tx: Tx, companyId: number) {
  await tx.insert(sidebarItems).values([
    {
      company_id: companyId,
      name: 'OneView',
      route: '/oneview',
      icon: 'dashboard',
      permission: null,
      order: 0,
    },
    {
      company_id: companyId,
      name: 'OneView Admin Panel',
      route: '/oneview-admin-panel',
      icon: 'dashboard',
      permission: 'write_oneview',
      order: 900,
    },
  ]);
}
