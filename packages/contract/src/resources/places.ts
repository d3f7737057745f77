import { z } from 'zod';
import { defineResource, resourceMessages } from '../resource.ts';
import { email, id, isoDateTime, optionalLink, optionalText } from '../fields.ts';
import { defineFlatResource } from '../flat-resource.ts';

/**
 * The inventory app's places and catalogue (issue 19 item 2, SPEC.md section 2 "Inventory app"):
 * the company's warehouses (its stock locations of kind warehouse), customers' warehouses, brands,
 * and internal inventory (stock set aside for the company's own use).
 */

const optionalPhone = z.string().trim().max(40).nullable().optional();
const optionalEmail = email.nullable().optional();

// ---------------------------------------------------------------------------------------------
// Warehouses

/** The company's warehouses: where purchase orders are received and stock is kept. */
export const warehouses = defineFlatResource({
  name: 'warehouses',
  path: '/inventory-warehouses',
  label: { one: 'Warehouse', many: 'Warehouses' },
  row: {
    contact_name: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
  },
  writable: {
    contact_name: optionalText(120),
    phone: optionalPhone,
    address: optionalText(500),
  },
  messages: resourceMessages('Warehouse', 'created'),
  afterSave: '/inventory/warehouses',
  searchFields: ['name', 'contact_name', 'address'],
});
export const warehouseSchema = warehouses.row;
export type Warehouse = z.infer<typeof warehouseSchema>;

// ---------------------------------------------------------------------------------------------
// Customer warehouses

/** A customer's site where the company keeps or delivers stock (SPEC.md /inventory/customer-warehouses). */
export const customerWarehouses = defineFlatResource({
  name: 'customer_warehouses',
  path: '/inventory-customer-warehouses',
  label: { one: 'Customer Warehouse', many: 'Customer Warehouses' },
  row: {
    customer_name: z.string(),
    contact_name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    note: z.string().nullable(),
  },
  writable: {
    customer_name: z
      .string({ error: 'Customer is required' })
      .trim()
      .min(1, 'Customer is required')
      .max(120),
    contact_name: optionalText(120),
    email: optionalEmail,
    phone: optionalPhone,
    address: optionalText(500),
    note: optionalText(1000),
  },
  messages: resourceMessages('Customer warehouse', 'created'),
  afterSave: '/inventory/customer-warehouses',
  searchFields: ['name', 'customer_name', 'contact_name', 'email'],
  queryFields: ['customer_name'],
});
export const customerWarehouseSchema = customerWarehouses.row;
export type CustomerWarehouse = z.infer<typeof customerWarehouseSchema>;

// ---------------------------------------------------------------------------------------------
// Brands

/** The brands the inventory app buys and sells (SPEC.md /inventory/brands). */
export const brands = defineFlatResource({
  name: 'brands',
  path: '/inventory-brands',
  label: { one: 'Brand', many: 'Brands' },
  row: { website: z.string().nullable(), description: z.string().nullable() },
  writable: { website: optionalLink(300), description: optionalText(500) },
  messages: resourceMessages('Brand', 'created'),
  afterSave: '/inventory/brands',
  searchFields: ['name', 'description'],
});
export const brandSchema = brands.row;
export type Brand = z.infer<typeof brandSchema>;

// ---------------------------------------------------------------------------------------------
// Internal inventory

export const internalInventorySchema = z.object({
  id,
  company_id: id,
  product_id: id,
  product_name: z.string().nullable(),
  warehouse_id: id,
  warehouse_name: z.string().nullable(),
  quantity: z.number().int(),
  purpose: z.string(),
  note: z.string().nullable(),
  created_by: id.nullable(),
  created_by_name: z.string().nullable(),
  created_at: isoDateTime,
});
export type InternalInventory = z.infer<typeof internalInventorySchema>;

const internalInventoryCreate = z.strictObject({
  product_id: id.describe('a product of the catalogue'),
  warehouse_id: id.describe('the warehouse the units are taken from'),
  quantity: z
    .number({ error: 'Enter the quantity' })
    .int('Enter a whole quantity')
    .min(1, 'Quantity must be at least 1')
    .max(100_000, 'Quantity is at most 100000'),
  purpose: z.string({ error: 'Purpose is required' }).trim().min(1, 'Purpose is required').max(200),
  note: optionalText(1000),
});

/**
 * Stock the company keeps for its own use (demo units, office phones): a record of what was set
 * aside, from which warehouse, why and by whom. Kept as written: list, create and view only
 * (SPEC.md /inventory/internal-inv).
 */
export const internalInventory = defineResource({
  name: 'internal_inventory',
  path: '/inventory-internal-inv',
  label: { one: 'Internal Inventory', many: 'Internal Inventory' },
  row: internalInventorySchema,
  create: internalInventoryCreate,
  update: internalInventoryCreate.partial(),
  operations: ['list', 'get', 'create'],
  messages: resourceMessages('Internal inventory', 'created'),
  afterSave: '/inventory/internal-inv',
  deleteMode: 'remove',
  searchFields: ['purpose', 'note'],
  queryFields: ['id', 'product_id', 'warehouse_id', 'quantity', 'created_at'],
  defaultSort: '-id',
  references: {
    product_id: { resource: 'products', as: 'product_name' },
    warehouse_id: { resource: 'warehouses', as: 'warehouse_name' },
    created_by: {
      resource: 'users',
      as: 'created_by_name',
      labelFields: ['first_name', 'last_name'],
    },
  },
});
