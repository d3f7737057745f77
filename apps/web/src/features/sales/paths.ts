import type { ResourcePaths } from '../../platform/resources/paths.ts';

/** SPEC.md section 2 "Sales": the counter's screens. */
export const salesPaths = {
  customers: {
    list: '/customers',
    create: '/customers/new',
    edit: '/customers/edit/:id',
    view: '/customers/:id',
  },
  /** /simple-sale rings up a new sale; /pos/invoices lists them. */
  sales: {
    list: '/pos/invoices',
    create: '/simple-sale',
    edit: '/simple-sale/edit/:id',
    view: '/simple-sale/view/:id',
  },
  /** /features-addons-sale rings up plans and features on a customer's line. */
  featureAddOns: {
    list: '/feature-add-on',
    create: '/features-addons-sale',
    edit: '/feature-add-on/edit/:id',
    view: '/feature-add-on/view/:id',
  },
  activations: {
    list: '/activations',
    create: '/activation',
    edit: '/activation/edit/:id',
    view: '/activation/view/:id',
  },
  returns: {
    list: '/returns-refunds',
    create: '/returns-refunds/new',
    view: '/returns-refunds/:id',
  },
  /** SPEC.md /admin/sale-dependencies (add, existing): what must be sold with what. */
  saleDependencies: {
    list: '/admin/sale-dependencies/existing',
    aliases: ['/admin/sale-dependencies'],
    create: '/admin/sale-dependencies/add',
    edit: '/admin/sale-dependencies/edit/:id',
    view: '/admin/sale-dependencies/:id',
  },
} as const satisfies Record<string, ResourcePaths>;

/** Where a new activation lands: its printable receipt. */
export const activationReceiptPath = '/activation/receipt/:id';

/** The return rules (window and restocking fee per carrier) at a level of the org tree. */
export const returnRulesPath = '/returns-refunds/settings';

export const saleConfirmationPath = (id: number | string) => `/sale-confirmation/${String(id)}`;
