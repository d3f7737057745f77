import type { ProductKind } from '@portal/contract/resources/catalog';
import {
  MAX_CART_QUANTITY,
  cartItemSchema,
  shopKinds,
  type CartItem,
  type ShopProduct,
} from '@portal/contract/shop';
import { useMemo, useSyncExternalStore } from 'react';
import {
  readStored,
  readStoredJson,
  subscribeStored,
  writeStoredJson,
} from '../../platform/storage.ts';

/**
 * The carts in browser storage (SPEC.md section 3: cart_items, accessories under their own key;
 * section 4: every change is saved, adding an item already there merges the quantities, a line's
 * total is quantity x price + tax, recomputed when the quantity changes). Logout clears storage,
 * so it clears the carts. The prices here are what the shop showed; checkout is priced again on
 * the server.
 */

/** The tax of a line in cents: quantity x unit price x rate, rounded (as the server computes it). */
export const lineTax = (quantity: number, price: number, taxBps: number): number =>
  Math.round((quantity * price * taxBps) / 10_000);

/** An item with its tax and total for its quantity. */
export function priceItem(item: Omit<CartItem, 'tax' | 'total'>): CartItem {
  const tax = lineTax(item.quantity, item.price, item.tax_bps);
  return { ...item, tax, total: item.quantity * item.price + tax };
}

const keyOf = (kind: ProductKind) => shopKinds[kind].storageKey;

/** The stored items of a cart; anything unreadable (an old format, a hand edit) is left out. */
export function readCart(kind: ProductKind): CartItem[] {
  const stored = readStoredJson(keyOf(kind));
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((value: unknown) => {
    const parsed = cartItemSchema.safeParse(value);
    return parsed.success ? [priceItem(parsed.data)] : [];
  });
}

function writeCart(kind: ProductKind, items: CartItem[]): void {
  writeStoredJson(
    keyOf(kind),
    items.map((item, index) => ({ ...item, index })),
  );
}

const clampQuantity = (quantity: number) =>
  Math.min(MAX_CART_QUANTITY, Math.max(1, Math.floor(quantity)));

/** Adds a product; one already in the cart gets the quantities added together. */
export function addToCart(
  kind: ProductKind,
  product: Pick<ShopProduct, 'id' | 'name' | 'sku' | 'price_cents' | 'tax_bps'>,
  quantity: number,
): void {
  const items = readCart(kind);
  const found = items.find((item) => item.id === product.id);
  if (found) {
    const merged = priceItem({ ...found, quantity: clampQuantity(found.quantity + quantity) });
    writeCart(
      kind,
      items.map((item) => (item.id === product.id ? merged : item)),
    );
    return;
  }
  writeCart(kind, [
    ...items,
    priceItem({
      id: product.id,
      index: items.length,
      name: product.name,
      sku: product.sku,
      quantity: clampQuantity(quantity),
      price: product.price_cents,
      tax_bps: product.tax_bps,
    }),
  ]);
}

/** Changes a line's quantity; its tax and total follow. */
export function setCartQuantity(kind: ProductKind, id: number, quantity: number): void {
  writeCart(
    kind,
    readCart(kind).map((item) =>
      item.id === id ? priceItem({ ...item, quantity: clampQuantity(quantity) }) : item,
    ),
  );
}

export function removeFromCart(kind: ProductKind, id: number): void {
  writeCart(
    kind,
    readCart(kind).filter((item) => item.id !== id),
  );
}

export function clearCart(kind: ProductKind): void {
  writeStoredJson(keyOf(kind), undefined);
}

export interface CartTotals {
  /** units in the cart */
  count: number;
  subtotal: number;
  tax: number;
  total: number;
}

export function cartTotals(items: readonly CartItem[]): CartTotals {
  return items.reduce(
    (sum, item) => ({
      count: sum.count + item.quantity,
      subtotal: sum.subtotal + item.quantity * item.price,
      tax: sum.tax + item.tax,
      total: sum.total + item.total,
    }),
    { count: 0, subtotal: 0, tax: 0, total: 0 },
  );
}

/** A cart's items, kept current with storage (this tab and others). */
export function useCart(kind: ProductKind): CartItem[] {
  const key = keyOf(kind);
  const text = useSyncExternalStore(
    (onChange) => subscribeStored(key, onChange),
    () => readStored(key),
  );
  // Re-read only when the stored text changes.
  return useMemo(() => (text === null ? [] : readCart(kind)), [text, kind]);
}
