import { z } from 'zod';
import { cents, id, optionalText } from './fields.ts';
import { bulkRowErrorSchema } from './platform.ts';
import { productKind, type ProductKind } from './resources/catalog.ts';
import { storageKeys } from './storage-keys.ts';

/**
 * The shop and the cart (SPEC.md section 2: /shop/products, /shop/accessories, /cart,
 * /cart/accessories, /csv-order; section 3: cart_items, accessories under their own key;
 * section 4: the cart rules). The browser keeps the cart; the server prices the order.
 */

/** Where each kind of cart lives: its shop, its cart page and its browser storage key. */
export const shopKinds = {
  device: {
    shop: '/shop/products',
    cart: '/cart',
    storageKey: storageKeys.cartItems,
    title: 'Products',
  },
  accessory: {
    shop: '/shop/accessories',
    cart: '/cart/accessories',
    storageKey: storageKeys.cartAccessories,
    title: 'Accessories',
  },
} as const satisfies Record<
  ProductKind,
  { shop: string; cart: string; storageKey: string; title: string }
>;

/** GET /shop/products and /shop/accessories: search, manufacturer, category, a page. */
export const shopQuery = z.object({
  search: z.string().trim().max(100).optional(),
  manufacturer_id: z.coerce.number().int().positive().optional(),
  category_id: z.coerce.number().int().positive().optional(),
  /** 0-based, like every list (DESIGN.md "API conventions") */
  page: z.coerce.number().int().min(0).default(0),
  perPage: z.coerce.number().int().min(1).max(100).default(24),
});
export type ShopQuery = z.infer<typeof shopQuery>;

/** A product as the shop shows it: its price and tax rate, and the units in the warehouses. */
export const shopProductSchema = z.object({
  id,
  name: z.string(),
  sku: z.string(),
  kind: productKind,
  manufacturer_id: id.nullable(),
  manufacturer_name: z.string().nullable(),
  category_id: id.nullable(),
  category_name: z.string().nullable(),
  price_cents: cents,
  tax_bps: z.number().int(),
  is_serialized: z.boolean(),
  /** units in the company's warehouses now, less those reserved (what a new order can get) */
  in_stock: z.number().int().min(0),
  /** units on the company's orders submitted to the warehouse and not shipped yet */
  reserved: z.number().int().min(0),
});
export type ShopProduct = z.infer<typeof shopProductSchema>;

/**
 * One cart item as browser storage keeps it (SPEC.md section 3: id, index, qty or quantity, price,
 * tax, total; amounts in cents). `id` is the product's id.
 */
export const cartItemSchema = z.object({
  id,
  index: z.number().int().min(0),
  name: z.string(),
  sku: z.string(),
  quantity: z.number().int().min(1),
  /** unit price in cents, as the shop showed it */
  price: cents,
  tax_bps: z.number().int().min(0).max(10_000),
  /** tax of the line in cents: quantity x price x rate, rounded */
  tax: cents,
  /** quantity x price + tax, in cents */
  total: cents,
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** The largest quantity of one line (the order's own limit). */
export const MAX_CART_QUANTITY = 100_000;

/**
 * A cart line as checkout sends it. Prices, taxes and totals the browser sends along are read
 * past and dropped: the server prices every line from the catalogue.
 */
export const checkoutLineInput = z.object({
  product_id: id,
  quantity: z
    .number({ error: 'Enter a quantity' })
    .int('Enter a whole quantity')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_CART_QUANTITY),
});

/** POST /orders/checkout: one order for one store from one cart. */
export const checkoutInput = z.strictObject({
  store_id: id,
  kind: productKind.default('device'),
  note: optionalText(1000),
  lines: z.array(checkoutLineInput).max(500, 'A cart holds at most 500 products'),
});
export type CheckoutInput = z.input<typeof checkoutInput>;

/** POST /csv-order: the columns of the file; `sku` names the product. */
export const csvOrderColumns = ['sku', 'quantity'] as const;
export const csvOrderTemplate = `${csvOrderColumns.join(',')}\n`;

export const csvOrderInput = z.strictObject({
  store_id: id,
  kind: productKind.default('device'),
  note: optionalText(1000),
  /** the file's text, header line first */
  csv: z.string().min(1, 'The file is empty').max(2_000_000),
  /** check every row and report, but save nothing */
  dry_run: z.boolean().default(false),
});

/** What a CSV order's check found: the lines it would order (a dry run) or ordered. */
export const csvOrderResultSchema = z.object({
  dry_run: z.boolean(),
  /** the order made (null on a dry run) */
  order_id: id.nullable(),
  lines: z.array(
    z.object({
      line: z.number().int(),
      product_id: id,
      sku: z.string(),
      name: z.string(),
      quantity: z.number().int(),
    }),
  ),
});
export type CsvOrderResult = z.infer<typeof csvOrderResultSchema>;

/** A CSV order refused: every problem by line and column (the bulk CSV shape). */
export const csvOrderErrorsSchema = z.object({ errors: z.array(bulkRowErrorSchema) });

/** GET /orders/stores-can-order-for: the stores the caller may order for (storesCanOrderFor). */
export const orderableStoreSchema = z.object({
  id,
  name: z.string(),
  district_id: id.nullable(),
});
export type OrderableStore = z.infer<typeof orderableStoreSchema>;

export const shopMessages = {
  added: (name: string) => `${name} added to the cart`,
  emptyCart: 'Your cart is empty',
  notYourStore: 'You may not order for this store',
  wrongKind: (name: string, kind: ProductKind) =>
    kind === 'accessory'
      ? `${name} is not an accessory; order it from the products cart`
      : `${name} is an accessory; order it from the accessories cart`,
  checkedOut: 'Order created',
  notCheckedOut: 'Order not created',
  csvChecked: (lines: number) =>
    `${lines} ${lines === 1 ? 'line' : 'lines'} checked; nothing was saved`,
  unknownSku: (sku: string) => `No product with SKU ${sku}`,
  repeatedSku: (sku: string, line: number) => `SKU ${sku} is already on line ${line}`,
  /** A line over the warehouse's available units (on hand less what submitted orders hold). */
  notAvailable: (name: string, ordered: number, available: number) =>
    `${name}: ${ordered} ordered, only ${available} available at the warehouse`,
} as const;
