// The orders module's extension points (platform/hooks.ts), registered by other modules' module.ts.
import type { Executor } from '../../platform/database.ts';
import { defineHook } from '../../platform/hooks.ts';

/** An order entering `submitted`: its company, id and quantity ordered per product. */
export interface SubmittedOrder {
  companyId: number;
  orderId: number;
  /** product id -> quantity ordered */
  quantities: Map<number, number>;
}

/**
 * Run in the transaction that submits an order (checkout, CSV order, Submit), after its status
 * changed: the inventory module refuses (409, naming the product and the available count) a line
 * over the warehouse's available units, so nothing is written.
 */
export const orderSubmitting =
  defineHook<[tx: Executor, order: SubmittedOrder]>('orders.order_submitting');
