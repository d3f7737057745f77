import { defineFeature } from '../../platform/feature.ts';
import { resourceRoutes } from '../../platform/resources/routes.tsx';
import { catalogPaths } from './paths.ts';

const screens = () => import('./catalog-screens.tsx');

/**
 * The warehouse catalogue and orders on the engine: adjustment reasons, manufacturers, products
 * (searchable manufacturer and category) and orders (a document with lines, statuses and history).
 */
export const catalogFeature = defineFeature({
  name: 'catalog',
  signedInRoutes: [
    ...resourceRoutes(
      catalogPaths.adjustmentReasons,
      async () => (await screens()).adjustmentReasonScreens,
    ),
    ...resourceRoutes(
      catalogPaths.manufacturers,
      async () => (await screens()).manufacturerScreens,
    ),
    ...resourceRoutes(catalogPaths.products, async () => (await screens()).productScreens),
    ...resourceRoutes(catalogPaths.accessories, async () => (await screens()).accessoryScreens),
    ...resourceRoutes(catalogPaths.orders, async () => (await screens()).orderScreens),
    ...resourceRoutes(
      catalogPaths.deviceTypeFields,
      async () => (await screens()).deviceTypeFieldScreens,
    ),
    // Only its list: its rows open and edit at /orders/{id}.
    ...resourceRoutes(
      { list: '/accessory-orders' },
      async () => (await screens()).accessoryOrderScreens,
    ),
  ],
});
