import type { Permission } from '@portal/contract/permissions';
import type { SidebarDefault } from '../../platform/module.ts';

const adminItem = (name: string, route: string, permission: Permission) => ({
  name,
  route,
  icon: 'settings',
  permission,
});

/**
 * The menu's own default items: Users, Stores and the Administration folder of the engine's admin
 * screens. Other modules declare theirs on their descriptors (`sidebar`), placed by `order`.
 */
export const navigationSidebar: readonly SidebarDefault[] = [
  { name: 'Users', route: '/users', icon: 'people', permission: 'read_users', order: 0 },
  {
    name: 'Stores',
    route: '/admin-location-settings',
    icon: 'store',
    permission: 'read_stores',
    order: 1,
  },
  {
    // The engine's admin screens (issue 5), each shown to who may read its resource; last of the
    // company's items, so items added later (other modules', the menu editor's) come before it.
    name: 'Administration',
    route: null,
    icon: 'settings',
    permission: 'read_roles',
    order: 1000,
    children: [
      adminItem('Companies', '/admin-company-settings', 'read_companies'),
      adminItem('Regions', '/regions', 'read_regions'),
      adminItem('Districts', '/districts', 'read_districts'),
      adminItem('Role Settings', '/admin-role-settings', 'read_roles'),
      adminItem('Permission Groups', '/permission-groups', 'read_permission_groups'),
      adminItem('Store Assignments', '/userstores', 'read_user_stores'),
      adminItem('Region Assignments', '/user-regions', 'read_user_regions'),
      adminItem('District Assignments', '/user-districts', 'read_user_districts'),
      adminItem('Categories', '/categories', 'read_categories'),
      adminItem('Sidebar Items', '/admin/sidebar-items', 'read_sidebar_items'),
      adminItem('Embedded Links', '/admin/embedded-links', 'read_embeds'),
      adminItem('Support Ticket Types', '/supporttickettypes', 'read_support_ticket_types'),
      adminItem('Support Tickets', '/support-tickets', 'read_support_tickets'),
      adminItem('Required Fields', '/settings/required-fields', 'read_required_fields'),
      adminItem('Module Fields', '/settings/module-fields', 'read_module_fields'),
      adminItem('Role Based Fields', '/settings/role-based-fields', 'read_role_based_fields'),
      adminItem('Taxes', '/taxes', 'read_tax_info'),
      adminItem('Company Assets', '/company-assets', 'read_company_assets'),
      adminItem('Company Carriers', '/company-carriers', 'read_company_carriers'),
      adminItem('Company Documents', '/company-documents', 'read_company_assets'),
      adminItem('Payment Accounts', '/companies/payments', 'read_payment_accounts'),
      adminItem('Security Events', '/security-events', 'write_roles'),
    ],
  },
];
