import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { defineFeature } from '../../platform/feature.ts';
import { resourceRoutes, type ResourceScreens } from '../../platform/resources/routes.tsx';
import { adminPaths, userPasswordPath } from './paths.ts';

type Loader = () => Promise<ResourceScreens>;

const organisation = () => import('./organisation-screens.tsx');
const access = () => import('./access-screens.tsx');
const people = () => import('./users-screens.tsx');
const navigation = () => import('./navigation-screens.tsx');
const assignments = () => import('./assignment-screens.tsx');
const content = () => import('./content-screens.tsx');
const settings = () => import('./settings-screens.tsx');
const StoreReportPage = lazy(async () => ({
  default: (await import('./StoreReportPage.tsx')).StoreReportPage,
}));
const CompanyDocumentsPage = lazy(async () => ({
  default: (await import('./CompanyDocumentsPage.tsx')).CompanyDocumentsPage,
}));
const MyCompanySettingsPage = lazy(async () => ({
  default: (await import('./MyCompanySettingsPage.tsx')).MyCompanySettingsPage,
}));
const UserPasswordPage = lazy(async () => ({
  default: (await import('./UserPasswordPage.tsx')).UserPasswordPage,
}));
const SecurityEventsPage = lazy(async () => ({
  default: (await import('./SecurityEventsPage.tsx')).SecurityEventsPage,
}));
const UserBulkUploadPage = lazy(async () => ({
  default: (await import('./UserBulkUploadPage.tsx')).UserBulkUploadPage,
}));

/** Which screens each admin resource gets, and where their module is. */
const screens: [keyof typeof adminPaths, Loader][] = [
  ['companies', async () => (await organisation()).companyScreens],
  ['regions', async () => (await organisation()).regionScreens],
  ['districts', async () => (await organisation()).districtScreens],
  ['stores', async () => (await organisation()).storeScreens],
  ['roles', async () => (await access()).roleScreens],
  ['permissionGroups', async () => (await access()).permissionGroupScreens],
  ['users', async () => (await people()).userScreens],
  ['sidebarItems', async () => (await navigation()).sidebarItemScreens],
  ['requiredFields', async () => (await navigation()).requiredFieldScreens],
  ['userStores', async () => (await assignments()).userStoreScreens],
  ['userRegions', async () => (await assignments()).userRegionScreens],
  ['userDistricts', async () => (await assignments()).userDistrictScreens],
  ['categories', async () => (await content()).categoryScreens],
  ['embeds', async () => (await content()).embedScreens],
  ['supportTicketTypes', async () => (await content()).supportTicketTypeScreens],
  ['supportTickets', async () => (await content()).supportTicketScreens],
  ['taxes', async () => (await settings()).taxScreens],
  ['companyAssets', async () => (await settings()).companyAssetScreens],
  ['companyCarriers', async () => (await settings()).companyCarrierScreens],
  ['moduleFields', async () => (await settings()).moduleFieldScreens],
  ['roleBasedFields', async () => (await settings()).roleBasedFieldScreens],
  ['paymentAccounts', async () => (await settings()).paymentAccountScreens],
];

/**
 * The admin and settings screens of the engine's resources. Each screen module (declaration, zod,
 * table, forms) loads when one of its paths is opened.
 */
export const adminRoutes: RouteObject[] = [
  ...screens.flatMap(([name, load]) => resourceRoutes(adminPaths[name], load)),
  // Bulk user upload: SPEC.md names it /csv-upload (Admin) and /user-bulk-upload (Settings).
  { path: '/csv-upload', element: <UserBulkUploadPage /> },
  { path: '/user-bulk-upload', element: <UserBulkUploadPage /> },
  // Stores by district, active and inactive, with totals (POST /stores/report).
  { path: '/stores/report', element: <StoreReportPage /> },
  // The caller's own company (PATCH /company-settings), from the user menu's Company Settings.
  { path: '/my-company-settings', element: <MyCompanySettingsPage /> },
  // Company documents: uploaded to a signed URL (POST /companies/documents/upload), kept as assets.
  { path: '/company-documents', element: <CompanyDocumentsPage /> },
  // An admin sets a user's password (POST /users/change-password-admin).
  { path: userPasswordPath, element: <UserPasswordPage /> },
  // Sign-ins, failures, password, email, role and permission changes (GET /security-events).
  { path: '/security-events', element: <SecurityEventsPage /> },
];

/** The engine's admin and settings screens (issue 5). */
export const adminFeature = defineFeature({ name: 'admin', signedInRoutes: adminRoutes });
