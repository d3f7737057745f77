import { LOGIN_PATH } from '../../platform/api.ts';

/** The sign-in page's chunk, rendered lazily by its route (public-routes.tsx). */
export const loadLoginPage = () => import('./LoginPage.tsx');

// On /login the page's chunks are asked for as the entry starts running, while React, the router
// and MUI are still being evaluated, not once the route renders. main.tsx imports this module
// first so that this runs before the rest of the entry. A failure is left to the route's own
// import, which shows the route error.
if (window.location.pathname === LOGIN_PATH) loadLoginPage().catch(() => undefined);
