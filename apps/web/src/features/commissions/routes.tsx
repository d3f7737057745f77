import { defineFeature } from '../../platform/feature.ts';
import { lazyScreen } from '../../platform/lazy-screen.ts';
import { resourceRoutes } from '../../platform/resources/routes.tsx';
import {
  commissionPaths,
  commissionProcessingPath,
  myCommissionsPath,
  teamCommissionsPath,
} from './paths.ts';

const MyCommissionsPage = lazyScreen(() => import('./StatementsPage.tsx'), 'MyCommissionsPage');
const TeamCommissionsPage = lazyScreen(() => import('./StatementsPage.tsx'), 'TeamCommissionsPage');
const CommissionProcessingPage = lazyScreen(
  () => import('./CommissionProcessingPage.tsx'),
  'CommissionProcessingPage',
);
const screens = () => import('./plan-screens.tsx');

/** Commissions (issue 17 item 11): plans, statements, carrier rates and /commission-processing. */
export const commissionsFeature = defineFeature({
  name: 'commissions',
  signedInRoutes: [
    { path: myCommissionsPath, element: <MyCommissionsPage /> },
    { path: teamCommissionsPath, element: <TeamCommissionsPage /> },
    { path: commissionProcessingPath, element: <CommissionProcessingPage /> },
    ...resourceRoutes(commissionPaths.plans, async () => (await screens()).commissionPlanScreens),
    ...resourceRoutes(
      commissionPaths.carrierRates,
      async () => (await screens()).carrierRateScreens,
    ),
  ],
});
