import { defineFeature } from '../../platform/feature.ts';
import { lazyScreen } from '../../platform/lazy-screen.ts';
import { resourceRoutes } from '../../platform/resources/routes.tsx';
import { replenishmentPaths } from './paths.ts';

const screens = () => import('./screens.tsx');
const SuggestedOrderPage = lazyScreen(
  () => import('./SuggestedOrderPage.tsx'),
  'SuggestedOrderPage',
);

/** Keeping stores stocked: static accessories, stock minimums and the suggested order. */
export const replenishmentFeature = defineFeature({
  name: 'replenishment',
  signedInRoutes: [
    ...resourceRoutes(
      replenishmentPaths.staticAccessories,
      async () => (await screens()).staticAccessoryScreens,
    ),
    ...resourceRoutes(
      replenishmentPaths.stockMinimums,
      async () => (await screens()).stockMinimumScreens,
    ),
    { path: replenishmentPaths.suggestedOrder, element: <SuggestedOrderPage /> },
  ],
});
