import { standardPaths as pathsOf } from '../../platform/resources/paths.ts';

/** SPEC.md section 2 lists /static-accessories; stock minimums and the suggested order join it. */
export const replenishmentPaths = {
  staticAccessories: pathsOf('/static-accessories'),
  stockMinimums: pathsOf('/stock-minimums'),
  suggestedOrder: '/suggested-order',
} as const;
