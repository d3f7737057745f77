/**
 * Every permission flag the portal knows. A session's `permissions` object has a key per granted
 * flag. Resource flags are `read_<resource>` / `write_<resource>`; the rest are named by SPEC.md.
 */
export const resourcePermissionNames = [
  'companies',
  'regions',
  'districts',
  'stores',
  'roles',
  'permission_groups',
  'users',
  'sidebar_items',
  'required_fields',
  'user_stores',
  'user_regions',
  'user_districts',
  'categories',
  'embeds',
  'support_ticket_types',
  'support_tickets',
  'tax_info',
  'company_assets',
  'company_carriers',
  'module_fields',
  'role_based_fields',
  'payment_accounts',
  'hr_shift_templates',
  'adjustment_reasons',
  'manufacturers',
  'products',
  'orders',
  'tickets',
  'ticket_types',
  'ticket_priorities',
  'ticket_templates',
  'customers',
  'sales',
  'activations',
  'sale_returns',
  'sale_dependencies',
  'device_type_fields',
  'static_accessories',
  'stock_minimums',
  'bill_payments',
  'suppliers',
  'vendors',
  'purchase_orders',
  'purchase_order_receipts',
  'receipt_discrepancies',
  'discrepancy_comments',
  'purchase_order_payments',
  'receipt_payments',
  'inventory_stock',
  'supplier_bills',
  'warehouses',
  'customer_warehouses',
  'brands',
  'internal_inventory',
  'bulletins',
  'recipient_lists',
  'bulletin_templates',
  'commission_plans',
  'commission_carrier_rates',
  'b2b_accounts',
  'b2b_invoices',
] as const;
export type ResourcePermissionName = (typeof resourcePermissionNames)[number];

export const featurePermissions = [
  'write_oneview',
  'can_access_lotus_resources',
  'can_edit_own_company_settings',
  'is_clockin_pop_up_required',
  'write_hr_clockin',
  'write_hr_clockin_web',
  'read_hr_settings',
  'write_hr_settings',
  'read_hr_timecards',
  'read_employees',
  'write_employees',
  'write_hr_kiosks',
  'read_hr_compensation',
  'write_hr_compensation',
  'read_hr_timeoff',
  'write_hr_timeoff',
  'read_hr_dashboard',
  'read_hr_timesheets',
  'write_hr_timesheets',
  'read_hr_reports',
  'read_hr_schedules',
  'write_hr_schedules',
  /** GET /jobs: background jobs' last runs and failures (platform/jobs.ts) */
  'read_platform_jobs',
  'write_order_fulfillment',
  /** /reporting/charts: chart the datasets one may read, save and share charts */
  'read_reporting',
  /** messages of the public contact form (GET /public-contact-us-form) */
  'read_contact_us',
  /** a return past its window (sales.remorse_window_days), with a reason */
  'override_sale_returns',
  /** the sales reports (/sales-reports and their views): figures of the stores one may see */
  'read_sales_reports',
  /** approve purchase orders above the company's approval limit (purchasing) */
  'approve_purchase_orders',
  /** approve a price adjustment of an order line (/price-adjustment) */
  'approve_price_adjustments',
  /** post a stock count's differences as stock adjustments (/accessory-recon-upload) */
  'write_stock_adjustments',
  /** the commission statements of the people in one's scope, and their export */
  'read_commissions',
  /** compute and close commission periods */
  'write_commissions',
  /** /commission-processing: carrier statements and their classified lines */
  'read_carrier_statements',
  /** import a carrier statement, confirm a chargeback */
  'write_carrier_statements',
  /** /external/ticket-center: work the tickets assigned to one or at one's stores, nothing else */
  'work_external_tickets',
] as const;

export const allPermissions = [
  ...resourcePermissionNames.flatMap((name) => [`read_${name}`, `write_${name}`] as const),
  ...featurePermissions,
] as const;
export type Permission = (typeof allPermissions)[number];

export const isPermission = (value: string): value is Permission =>
  (allPermissions as readonly string[]).includes(value);

export type PermissionSet = Partial<Record<Permission, true>>;

/**
 * Permissions that reach across companies (creating and editing companies): the platform super
 * admin's alone. Nobody else holds them, whatever their permission groups say, and nobody else
 * may put them in a group.
 */
export const crossCompanyPermissions = ['write_companies'] as const satisfies readonly Permission[];
