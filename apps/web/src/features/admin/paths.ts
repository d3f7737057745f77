import type { ResourcePaths } from '../../platform/resources/paths.ts';

/**
 * Where each admin resource's screens live (SPEC.md section 2: Admin and Settings). Free of zod,
 * so the route table reads it without loading a screen.
 */
export const adminPaths = {
  companies: {
    list: '/companies',
    aliases: ['/admin-company-settings'],
    create: '/new-company',
    edit: '/companies/edit/:id',
    view: '/companies/:id',
  },
  regions: {
    list: '/regions',
    create: '/regions/add',
    edit: '/regions/edit/:id',
    view: '/regions/:id',
  },
  districts: {
    list: '/districts',
    create: '/districts/add',
    edit: '/districts/edit/:id',
    view: '/districts/:id',
  },
  stores: {
    list: '/admin-location-settings',
    aliases: ['/stores'],
    create: '/stores/add',
    edit: '/stores/edit/:id',
    view: '/stores/:id',
  },
  roles: {
    list: '/admin-role-settings',
    aliases: ['/roles'],
    create: '/admin-roles/add',
    edit: '/admin-roles/edit/:id',
    view: '/roles/:id',
  },
  permissionGroups: {
    list: '/permission-groups',
    create: '/permission-groups/add',
    edit: '/permission-groups/edit/:id',
    view: '/permission-groups/:id',
  },
  users: {
    list: '/users',
    create: '/users/new',
    edit: '/users/edit/:id',
    view: '/users/:id',
  },
  sidebarItems: {
    list: '/admin/sidebar-items',
    create: '/sidebar-items/add',
    edit: '/sidebar-items/edit/:id',
    view: '/sidebar-items/:id',
  },
  requiredFields: {
    list: '/settings/required-fields',
    create: '/settings/required-fields/new',
    edit: '/settings/required-fields/edit/:id',
  },
  userStores: {
    list: '/userstores',
    create: '/userstores/new',
    edit: '/userstores/edit/:id',
  },
  userRegions: {
    list: '/user-regions',
    create: '/user-regions/new',
    edit: '/user-regions/edit/:id',
  },
  userDistricts: {
    list: '/user-districts',
    create: '/user-districts/new',
    edit: '/user-districts/edit/:id',
  },
  categories: {
    list: '/categories',
    create: '/categories/new',
    edit: '/categories/edit/:id',
    view: '/categories/:id',
  },
  embeds: {
    list: '/admin/embedded-links',
    create: '/embedded-links/add',
    edit: '/embedded-links/edit/:id',
  },
  supportTicketTypes: {
    list: '/supporttickettypes',
    create: '/supporttickettypes/new',
    edit: '/supporttickettypes/edit/:id',
  },
  supportTickets: {
    list: '/support-tickets',
    edit: '/support-tickets/edit/:id',
    view: '/support-tickets/:id',
  },
  taxes: {
    list: '/taxes',
    create: '/taxes/new',
    edit: '/taxes/edit/:id',
  },
  companyAssets: {
    list: '/company-assets',
    create: '/company-assets/new',
    edit: '/company-assets/edit/:id',
  },
  companyCarriers: {
    list: '/company-carriers',
    create: '/company-carriers/new',
    edit: '/company-carriers/edit/:id',
  },
  moduleFields: {
    list: '/settings/module-fields',
    create: '/settings/module-fields/new',
    edit: '/settings/module-fields/edit/:id',
  },
  roleBasedFields: {
    list: '/settings/role-based-fields',
    create: '/settings/role-based-fields/new',
    edit: '/settings/role-based-fields/edit/:id',
  },
  // SPEC.md section 2, Settings: /companies/payments and /companies/payments/new.
  paymentAccounts: {
    list: '/companies/payments',
    create: '/companies/payments/new',
  },
} satisfies Record<string, ResourcePaths>;

/** Where an admin sets a user's password (a row link of the users list). */
export const userPasswordPath = '/users/password/:id';
