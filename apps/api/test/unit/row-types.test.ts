import type { Table } from 'drizzle-orm';
import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { ResourcePermissionName } from '@portal/contract/permissions';
import type { CreateOf, RowOf } from '@portal/contract/resource';
import type * as access from '@portal/contract/resources/access';
import type * as assignments from '@portal/contract/resources/assignments';
import type * as billing from '@portal/contract/resources/billing';
import type * as catalog from '@portal/contract/resources/catalog';
import type * as company from '@portal/contract/resources/company';
import type * as scheduling from '@portal/contract/resources/hr-scheduling';
import type * as fields from '@portal/contract/resources/module-fields';
import type * as navigation from '@portal/contract/resources/navigation';
import type * as orders from '@portal/contract/resources/orders';
import type * as purchasing from '@portal/contract/resources/purchasing';
import type * as purchasePayments from '@portal/contract/resources/purchase-payments';
import type * as supplierBills from '@portal/contract/resources/supplier-bills';
import type * as places from '@portal/contract/resources/places';
import type * as stock from '@portal/contract/resources/stock';
import type * as organisation from '@portal/contract/resources/organisation';
import type * as support from '@portal/contract/resources/support';
import type * as communications from '@portal/contract/communications';
import type * as ticketing from '@portal/contract/resources/tickets';
import type * as users from '@portal/contract/resources/users';
import type * as retail from '@portal/contract/resources/sales';
import type * as billPay from '@portal/contract/resources/billpay';
import type * as retailRules from '@portal/contract/resources/sales-dependencies';
import type * as replenishment from '@portal/contract/resources/replenishment';
import type * as commissions from '@portal/contract/resources/commissions';
import type * as b2b from '@portal/contract/resources/b2b';
import type * as accessTables from '../../src/modules/access/schema.ts';
import type * as assignmentTables from '../../src/modules/assignments/schema.ts';
import type * as billingTables from '../../src/modules/billing/schema.ts';
import type * as catalogTables from '../../src/modules/catalog/schema.ts';
import type * as companyTables from '../../src/modules/company/schema.ts';
import type * as fieldTables from '../../src/modules/fields/schema.ts';
import type * as navigationTables from '../../src/modules/navigation/schema.ts';
import type * as orderTables from '../../src/modules/orders/schema.ts';
import type * as purchasingTables from '../../src/modules/purchasing/schema.ts';
import type * as inventoryTables from '../../src/modules/inventory/schema.ts';
import type * as placesTables from '../../src/modules/places/schema.ts';
import type * as stockTables from '../../src/modules/stock/schema.ts';
import type * as organisationTables from '../../src/modules/organisation/schema.ts';
import type * as schedulingTables from '../../src/modules/scheduling/schema.ts';
import type * as supportTables from '../../src/modules/support/schema.ts';
import type * as communicationTables from '../../src/modules/communications/schema.ts';
import type * as ticketTables from '../../src/modules/tickets/schema.ts';
import type * as userTables from '../../src/modules/users/schema.ts';
import type * as retailTables from '../../src/modules/sales/schema.ts';
import type * as replenishmentTables from '../../src/modules/replenishment/schema.ts';
import type * as billPayTables from '../../src/modules/billpay/schema.ts';
import type * as commissionTables from '../../src/modules/commissions/schema.ts';
import type * as b2bTables from '../../src/modules/b2b/schema.ts';

/**
 * Compile-time check that each engine resource's contract row schema and its Drizzle table agree:
 * every row key is a column of the table or a key the API adds (`Computed`: reference names,
 * allowed_transitions, lines, fields a hook adds), and every column is on the row unless it is
 * kept in the database on purpose (`Hidden`; updated_at never needs listing). `tsc -p apps/api`
 * (npm run typecheck) fails on a mismatch, naming the keys.
 */
type Columns<T extends Table> = keyof T['$inferSelect'] & string;
type RowKeys<Row extends z.ZodObject> = keyof z.output<Row> & string;
type RowMatches<
  Row extends z.ZodObject,
  T extends Table,
  Computed extends string = never,
  Hidden extends string = never,
> = [Exclude<RowKeys<Row>, Columns<T> | Computed>] extends [never]
  ? [Exclude<Columns<T>, RowKeys<Row> | Hidden | 'updated_at'>] extends [never]
    ? true
    : { columnsMissingFromRow: Exclude<Columns<T>, RowKeys<Row> | Hidden | 'updated_at'> }
  : { rowKeysThatAreNoColumn: Exclude<RowKeys<Row>, Columns<T> | Computed> };

type Row<D extends { row: z.ZodObject }> = D['row'];

/** One entry per resource name (a new resource does not compile until it is listed). */
type Checks = {
  companies: RowMatches<
    Row<typeof organisation.companies>,
    typeof organisationTables.companies,
    never,
    'two_factor_required'
  >;
  regions: RowMatches<Row<typeof organisation.regions>, typeof organisationTables.regions>;
  districts: RowMatches<
    Row<typeof organisation.districts>,
    typeof organisationTables.districts,
    'region_name'
  >;
  stores: RowMatches<
    Row<typeof organisation.stores>,
    typeof organisationTables.stores,
    'district_name'
  >;
  roles: RowMatches<Row<typeof access.roles>, typeof accessTables.roles, 'permission_group_ids'>;
  permission_groups: RowMatches<
    Row<typeof access.permissionGroups>,
    typeof accessTables.permissionGroups
  >;
  users: RowMatches<
    Row<typeof users.users>,
    typeof userTables.users,
    'can_manage' | 'role_name' | 'store_name'
  >;
  sidebar_items: RowMatches<
    Row<typeof navigation.sidebarItems>,
    typeof navigationTables.sidebarItems,
    'is_root'
  >;
  required_fields: RowMatches<
    Row<typeof navigation.requiredFields>,
    typeof navigationTables.requiredFields
  >;
  user_stores: RowMatches<
    Row<typeof assignments.userStores>,
    typeof assignmentTables.userStores,
    'user_name' | 'store_name'
  >;
  user_regions: RowMatches<
    Row<typeof assignments.userRegions>,
    typeof assignmentTables.userRegions,
    'user_name' | 'region_name'
  >;
  user_districts: RowMatches<
    Row<typeof assignments.userDistricts>,
    typeof assignmentTables.userDistricts,
    'user_name' | 'district_name'
  >;
  categories: RowMatches<Row<typeof catalog.categories>, typeof catalogTables.categories>;
  embeds: RowMatches<Row<typeof navigation.embeds>, typeof navigationTables.embedsAndLinks>;
  support_ticket_types: RowMatches<
    Row<typeof support.supportTicketTypes>,
    typeof supportTables.supportTicketTypes
  >;
  support_tickets: RowMatches<
    Row<typeof support.supportTickets>,
    typeof supportTables.supportTickets
  >;
  tax_info: RowMatches<Row<typeof billing.taxInfo>, typeof billingTables.taxInfo>;
  company_assets: RowMatches<
    Row<typeof company.companyAssets>,
    typeof companyTables.companyAssets,
    'store_name' | 'assigned_user_name'
  >;
  company_carriers: RowMatches<
    Row<typeof company.companyCarriers>,
    typeof companyTables.companyCarriers
  >;
  module_fields: RowMatches<Row<typeof fields.moduleFields>, typeof fieldTables.moduleFields>;
  role_based_fields: RowMatches<
    Row<typeof fields.roleBasedFields>,
    typeof fieldTables.roleModuleFields
  >;
  payment_accounts: RowMatches<
    Row<typeof billing.paymentAccounts>,
    typeof billingTables.paymentAccounts
  >;
  hr_shift_templates: RowMatches<
    Row<typeof scheduling.shiftTemplates>,
    typeof schedulingTables.hrShiftTemplates
  >;
  adjustment_reasons: RowMatches<
    Row<typeof catalog.adjustmentReasons>,
    typeof catalogTables.adjustmentReasons
  >;
  manufacturers: RowMatches<Row<typeof catalog.manufacturers>, typeof catalogTables.manufacturers>;
  products: RowMatches<
    Row<typeof catalog.products>,
    typeof catalogTables.products,
    'manufacturer_name' | 'category_name' | 'brand_name',
    'sku_key'
  >;
  orders: RowMatches<
    Row<typeof orders.orders>,
    typeof orderTables.orders,
    'store_name' | 'created_by_name' | 'allowed_transitions' | 'allowed_actions' | 'lines'
  >;
  tickets: RowMatches<
    Row<typeof ticketing.tickets>,
    typeof ticketTables.tickets,
    | 'type_name'
    | 'priority_name'
    | 'store_name'
    | 'assignee_name'
    | 'requester_name'
    | 'district_name'
    | 'region_name'
    | 'template_name'
    | 'allowed_transitions',
    'requester_ip' | 'sla_clock' | 'sla_paused' | 'sla_left_minutes' | 'sla_check_at'
  >;
  ticket_templates: RowMatches<
    Row<typeof ticketing.ticketTemplates>,
    typeof ticketTables.ticketTemplates,
    'type_name' | 'priority_name'
  >;
  ticket_types: RowMatches<Row<typeof ticketing.ticketTypes>, typeof ticketTables.ticketTypes>;
  ticket_priorities: RowMatches<
    Row<typeof ticketing.ticketPriorities>,
    typeof ticketTables.ticketPriorities
  >;
  suppliers: RowMatches<Row<typeof purchasing.suppliers>, typeof purchasingTables.suppliers>;
  vendors: RowMatches<Row<typeof purchasing.vendors>, typeof purchasingTables.vendors>;
  purchase_orders: RowMatches<
    Row<typeof purchasing.purchaseOrders>,
    typeof purchasingTables.purchaseOrders,
    | 'supplier_name'
    | 'warehouse_name'
    | 'approval_limit_cents'
    | 'needs_approval'
    | 'approval_tier'
    | 'approvals'
    | 'approved_by_name'
    | 'created_by_name'
    | 'allowed_transitions'
    | 'lines'
  >;
  purchase_order_receipts: RowMatches<
    Row<typeof purchasing.purchaseOrderReceipts>,
    typeof purchasingTables.purchaseOrderReceipts,
    'supplier_name' | 'received_by_name' | 'lines'
  >;
  receipt_discrepancies: RowMatches<
    Row<typeof purchasing.receiptDiscrepancies>,
    typeof purchasingTables.receiptDiscrepancies,
    'supplier_name' | 'product_name' | 'allowed_transitions'
  >;
  discrepancy_comments: RowMatches<
    Row<typeof purchasing.discrepancyComments>,
    typeof purchasingTables.discrepancyComments
  >;
  purchase_order_payments: RowMatches<
    Row<typeof purchasePayments.purchaseOrderPayments>,
    typeof purchasingTables.purchaseOrderPayments,
    'purchase_order_reference' | 'recorded_by_name'
  >;
  receipt_payments: RowMatches<
    Row<typeof purchasePayments.receiptPayments>,
    typeof purchasingTables.receiptPayments,
    'purchase_order_reference' | 'recorded_by_name'
  >;
  supplier_bills: RowMatches<
    Row<typeof supplierBills.supplierBills>,
    typeof purchasingTables.supplierBills,
    | 'purchase_order_reference'
    | 'supplier_name'
    | 'credits_cents'
    | 'net_cents'
    | 'credits'
    | 'created_by_name'
    | 'allowed_actions'
    | 'lines'
  >;
  bulletins: RowMatches<
    Row<typeof communications.bulletins>,
    typeof communicationTables.bulletins,
    'recipients' | 'acknowledged' | 'escalated'
  >;
  recipient_lists: RowMatches<
    Row<typeof communications.recipientLists>,
    typeof communicationTables.recipientLists,
    'user_ids' | 'member_count'
  >;
  bulletin_templates: RowMatches<
    Row<typeof communications.bulletinTemplates>,
    typeof communicationTables.bulletinTemplates
  >;
  warehouses: RowMatches<
    Row<typeof places.warehouses>,
    typeof inventoryTables.stockLocations,
    never,
    'kind' | 'store_id' | 'order_id'
  >;
  customer_warehouses: RowMatches<
    Row<typeof places.customerWarehouses>,
    typeof placesTables.customerWarehouses
  >;
  brands: RowMatches<Row<typeof places.brands>, typeof catalogTables.brands>;
  inventory_stock: RowMatches<
    Row<typeof stock.inventoryStock>,
    typeof stockTables.stockRecords,
    'location_name' | 'product_name' | 'allowed_actions'
  >;
  internal_inventory: RowMatches<
    Row<typeof places.internalInventory>,
    typeof placesTables.internalInventory,
    'product_name' | 'warehouse_name' | 'created_by_name'
  >;
  customers: RowMatches<Row<typeof retail.customers>, typeof retailTables.customers, 'store_name'>;
  sales: RowMatches<
    Row<typeof retail.sales>,
    typeof retailTables.sales,
    | 'store_name'
    | 'customer_name'
    | 'activation_phone'
    | 'created_by_name'
    | 'allowed_transitions'
    | 'allowed_actions'
    | 'lines'
  >;
  activations: RowMatches<
    Row<typeof retail.activations>,
    typeof retailTables.activations,
    'store_name' | 'customer_name' | 'created_by_name' | 'port_pin_on_file' | 'allowed_transitions',
    'port_pin_sealed'
  >;
  sale_returns: RowMatches<
    Row<typeof retail.saleReturns>,
    typeof retailTables.saleReturns,
    'store_name' | 'created_by_name' | 'rma_id' | 'rma_status'
  >;
  bill_payments: RowMatches<
    Row<typeof billPay.billPayments>,
    typeof billPayTables.billPayments,
    'store_name' | 'created_by_name' | 'allowed_transitions',
    'failure_code' | 'provider_try' | 'request_hash'
  >;
  sale_dependencies: RowMatches<
    Row<typeof retailRules.saleDependencies>,
    typeof retailTables.saleDependencies,
    'item_category_name' | 'required_category_name'
  >;
  device_type_fields: RowMatches<
    Row<typeof catalog.deviceTypeFields>,
    typeof catalogTables.deviceTypeFields,
    'category_name'
  >;
  static_accessories: RowMatches<
    Row<typeof replenishment.staticAccessories>,
    typeof replenishmentTables.staticAccessories,
    'product_name' | 'store_name'
  >;
  stock_minimums: RowMatches<
    Row<typeof replenishment.stockMinimums>,
    typeof replenishmentTables.stockMinimums,
    'store_name' | 'product_name'
  >;
  commission_plans: RowMatches<
    Row<typeof commissions.commissionPlans>,
    typeof commissionTables.commissionPlans,
    'role_name'
  >;
  commission_carrier_rates: RowMatches<
    Row<typeof commissions.commissionCarrierRates>,
    typeof commissionTables.commissionCarrierRates
  >;
  b2b_accounts: RowMatches<Row<typeof b2b.b2bAccounts>, typeof b2bTables.b2bAccounts>;
  b2b_invoices: RowMatches<
    Row<typeof b2b.b2bInvoices>,
    typeof b2bTables.b2bInvoices,
    | 'store_name'
    | 'account_name'
    | 'created_by_name'
    | 'balance_cents'
    | 'allowed_transitions'
    | 'allowed_actions'
    | 'lines'
  >;
};

describe('contract rows and tables', () => {
  it('every resource row schema matches its table (checked by tsc)', () => {
    expectTypeOf<Checks>().toEqualTypeOf<Record<ResourcePermissionName, true>>();
  });

  it('order lines match their table', () => {
    expectTypeOf<
      RowMatches<
        typeof orders.orderLineSchema,
        typeof orderTables.orderLines,
        'product_name',
        'company_id' | 'created_at'
      >
    >().toEqualTypeOf<true>();
  });

  it('purchase order and receipt lines match their tables', () => {
    expectTypeOf<
      RowMatches<
        typeof purchasing.purchaseOrderLineSchema,
        typeof purchasingTables.purchaseOrderLines,
        'product_name',
        'company_id' | 'created_at'
      >
    >().toEqualTypeOf<true>();
    expectTypeOf<
      RowMatches<
        typeof purchasing.receiptLineSchema,
        typeof purchasingTables.purchaseOrderReceiptLines,
        'product_name',
        'company_id' | 'created_at'
      >
    >().toEqualTypeOf<true>();
  });

  it('rows are typed from the declaration', () => {
    expectTypeOf<RowOf<typeof orders.orders>['status']>().toEqualTypeOf<orders.OrderStatus>();
    expectTypeOf<RowOf<typeof orders.orders>['lines']>().toEqualTypeOf<
      orders.OrderLine[] | undefined
    >();
    expectTypeOf<CreateOf<typeof orders.orders>>().toHaveProperty('lines');
    expectTypeOf<CreateOf<typeof orders.orders>>().not.toHaveProperty('status');
  });

  it('a mismatch is a type error naming the keys', () => {
    expectTypeOf<
      RowMatches<Row<typeof catalog.manufacturers>, typeof catalogTables.products>
    >().toEqualTypeOf<{ rowKeysThatAreNoColumn: 'website' }>();
    expectTypeOf<
      RowMatches<typeof catalog.categorySchema, typeof catalogTables.manufacturers>
    >().toEqualTypeOf<{ rowKeysThatAreNoColumn: 'description' }>();
  });
});
