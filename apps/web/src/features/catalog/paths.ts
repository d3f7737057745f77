import type { ResourcePaths } from '../../platform/resources/paths.ts';

/** SPEC.md section 2 lists /adjustment-reasons, /manufacturers, /products and /orders. */
const pathsOf = (list: string): ResourcePaths => ({
  list,
  create: `${list}/add`,
  edit: `${list}/edit/:id`,
  view: `${list}/:id`,
});

export const catalogPaths = {
  adjustmentReasons: pathsOf('/adjustment-reasons'),
  manufacturers: pathsOf('/manufacturers'),
  products: pathsOf('/products'),
  orders: pathsOf('/orders'),
} as const;
