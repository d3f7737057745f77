import type { RouteObject } from 'react-router';

/**
 * A web feature's one descriptor (features/<name>/routes.tsx): the screens it adds inside the
 * signed-in frame. app/features.ts lists the features and app/router.tsx loads that list on the
 * first signed-in path; screens without a session (sign-in, kiosk) are a feature's
 * public-routes.tsx, listed in app/public-routes.ts.
 */
export interface WebFeature {
  name: string;
  /** Screens inside the signed-in frame; a path with no screen falls through to not-found. */
  signedInRoutes: RouteObject[];
}

export const defineFeature = (feature: WebFeature): WebFeature => feature;
