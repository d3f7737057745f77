import { standardPaths as pathsOf } from '../../platform/resources/paths.ts';

/** SPEC.md section 2 lists /adjustment-reasons, /manufacturers, /products, /accessories and /orders. */

export const catalogPaths = {
  adjustmentReasons: pathsOf('/adjustment-reasons'),
  manufacturers: pathsOf('/manufacturers'),
  products: pathsOf('/products'),
  accessories: pathsOf('/accessories'),
  orders: pathsOf('/orders'),
  deviceTypeFields: pathsOf('/device-type-fields'),
} as const;
