import type { ResourcePaths } from '../../platform/resources/paths.ts';

/** /asset-tracker (SPEC.md section 2, reporting): the company's equipment per store. */
export const assetTrackerPaths: ResourcePaths = {
  list: '/asset-tracker',
  create: '/asset-tracker/new',
  edit: '/asset-tracker/edit/:id',
  view: '/asset-tracker/:id',
};
