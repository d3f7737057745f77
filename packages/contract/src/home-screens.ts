/**
 * Home Screen title -> landing route (SPEC.md section 2). No zod here: the web app's home redirect
 * imports it with the signed-in frame (resources/navigation.ts re-exports it).
 */
export const homeScreenRoutes: Record<string, string> = {
  Sales: '/sales-center',
  HR: '/hr/dashboard',
  OneView: '/oneview',
  'Task/Ticket Center': '/ticket-center/dashboard',
  'Communication Center': '/communications/dashboard',
};
export const DEFAULT_HOME_ROUTE = '/oneview';
export const homeRouteFor = (title: string | undefined): string =>
  (title && homeScreenRoutes[title]) || DEFAULT_HOME_ROUTE;
