import type { RouteObject } from 'react-router';

/**
 * A web feature's one descriptor (features/<name>/routes.tsx): the screens it adds inside the
 * signed-in frame. app/features.ts lists the features with the first path segments of their
 * routes; app/router.tsx loads a feature's table the first time a path under one is visited.
 * Screens without a session (sign-in, kiosk) are a feature's public-routes.tsx, listed in
 * app/public-routes.ts.
 */
export interface WebFeature {
  name: string;
  /** Screens inside the signed-in frame; a path with no screen falls through to not-found. */
  signedInRoutes: RouteObject[];
}

export const defineFeature = (feature: WebFeature): WebFeature => feature;
