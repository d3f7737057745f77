import { z } from 'zod';
import {
  defineResource,
  documentRowFields,
  resourceMessages,
  type StatusMachine,
} from '../resource.ts';
import { cents, id, optionalText } from '../fields.ts';
import { productKind } from './catalog.ts';

/** SPEC.md section 4: the statuses of a store's order from the warehouse. */
export const orderStatuses = [
  'open',
  'submitted',
  'pending_shipment',
  'under_review',
  'shipped',
  'received',
  'canceled',
] as const;
export const orderStatus = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatus>;

/**
 * SPEC.md does not show the transitions; this is what a warehouse expects: the store builds and
 * submits, the warehouse accepts and ships (write_order_fulfillment), the store receives or reports
 * a discrepancy the warehouse resolves; an order can be canceled until it ships.
 */
export const orderStatusMachine: StatusMachine<OrderStatus> = {
  states: orderStatuses,
  labels: {
    open: 'Open',
    submitted: 'Submitted',
    pending_shipment: 'Pending Shipment',
    under_review: 'Under Review',
    shipped: 'Shipped',
    received: 'Received',
    canceled: 'Canceled',
  },
  initial: 'open',
  transitions: [
    { from: ['open'], to: 'submitted', label: 'Submit' },
    { from: ['submitted'], to: 'open', label: 'Reopen' },
    {
      from: ['submitted'],
      to: 'pending_shipment',
      label: 'Accept',
      permission: 'write_order_fulfillment',
    },
    {
      from: ['pending_shipment'],
      to: 'shipped',
      label: 'Ship',
      permission: 'write_order_fulfillment',
    },
    { from: ['shipped'], to: 'received', label: 'Receive' },
    { from: ['shipped'], to: 'under_review', label: 'Report a discrepancy' },
    {
      from: ['under_review'],
      to: 'received',
      label: 'Resolve',
      permission: 'write_order_fulfillment',
    },
    { from: ['open', 'submitted', 'pending_shipment'], to: 'canceled', label: 'Cancel' },
  ],
  editableIn: ['open'],
  messages: {
    moved: 'Order status updated',
    notMoved: 'Order status not updated',
    notEditable: 'Only open orders can be changed',
  },
};

export const orderLineSchema = z.object({
  id,
  order_id: id,
  product_id: id,
  product_name: z.string().nullable(),
  quantity: z.number().int(),
  /** the product's price when the line was last written, from the server */
  unit_price_cents: cents,
  tax_cents: cents,
  /** the sum of the line's price adjustments (/price-adjustment), negative for a credit */
  adjustment_cents: z.number().int(),
  /** quantity x unit price + tax + adjustments */
  total_cents: cents,
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** A line as a payload sends it; prices and totals sent along are ignored (the server prices). */
export const orderLineInput = z.object({
  id: id.optional(),
  product_id: id,
  quantity: z
    .number({ error: 'Enter a quantity' })
    .int('Enter a whole quantity')
    .min(1, 'Quantity must be at least 1')
    .max(100_000),
});
export type OrderLineInput = z.infer<typeof orderLineInput>;

export const orderSchema = z.object({
  id,
  company_id: id,
  store_id: id,
  store_name: z.string().nullable(),
  /** a device order (/cart) or an accessory order (/cart/accessories, /accessory-orders) */
  kind: productKind,
  status: orderStatus,
  note: z.string().nullable(),
  subtotal_cents: cents,
  tax_cents: cents,
  /** the sum of its lines' price adjustments (total = subtotal + tax + adjustments) */
  adjustment_cents: z.number().int(),
  total_cents: cents,
  ...documentRowFields(orderLineSchema),
});
export type Order = z.infer<typeof orderSchema>;

const orderWritable = z.strictObject({
  store_id: id,
  note: optionalText(1000),
  lines: z.array(orderLineInput).min(1, 'Add at least one product').max(500),
});
/** What a new order may set besides: its kind, fixed once created. */
const orderCreate = orderWritable.extend({ kind: productKind.default('device') });

/** A store's order from the company's warehouse (SPEC.md /orders): a document with lines. */
export const orders = defineResource({
  name: 'orders',
  path: '/orders',
  label: { one: 'Order', many: 'Orders' },
  row: orderSchema,
  create: orderCreate,
  update: orderWritable.partial(),
  messages: resourceMessages('Order', 'created'),
  afterSave: '/orders',
  deleteMode: 'remove',
  searchFields: ['note'],
  queryFields: ['id', 'store_id', 'kind', 'status', 'total_cents', 'created_by', 'created_at'],
  defaultSort: '-id',
  statuses: orderStatusMachine,
  actions: {
    duplicate: {
      label: 'Duplicate',
      body: z.strictObject({}),
      messages: { done: 'Order duplicated', failed: 'Order not duplicated' },
    },
  },
  history: true,
  lines: {
    label: { one: 'Line', many: 'Lines' },
    row: orderLineSchema,
    input: orderLineInput,
    references: { product_id: { resource: 'products', as: 'product_name' } },
  },
  references: {
    store_id: { resource: 'stores', as: 'store_name' },
    created_by: {
      resource: 'users',
      as: 'created_by_name',
      labelFields: ['first_name', 'last_name'],
    },
  },
});

/** Days after its shipment before an order not yet received is flagged late (inherited setting). */
export const ORDERS_LATE_AFTER_DAYS = 'orders.late_after_days';
