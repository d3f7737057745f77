import { defineFeature } from '../../platform/feature.ts';
import { resourceRoutes } from '../../platform/resources/routes.tsx';
import { assetTrackerPaths } from './paths.ts';

/** /asset-tracker (issue 15): the company's equipment per store, moved between stores. */
export const assetsFeature = defineFeature({
  name: 'assets',
  signedInRoutes: resourceRoutes(
    assetTrackerPaths,
    async () => (await import('./asset-screens.tsx')).assetTrackerScreens,
  ),
});
