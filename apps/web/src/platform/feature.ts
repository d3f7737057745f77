import type { RouteObject } from 'react-router';

/**
 * A web feature's one descriptor (features/<name>/routes.tsx): the screens it adds to the router.
 * app/features.ts lists the features; app/router.tsx mounts their public routes outside the
 * signed-in frame and the others inside it.
 */
export interface WebFeature {
  name: string;
  /** Screens outside the signed-in frame (sign-in, kiosk). */
  publicRoutes?: RouteObject[];
  /** Screens inside the signed-in frame; a path with no screen falls through to not-found. */
  signedInRoutes?: RouteObject[];
}

export const defineFeature = (feature: WebFeature): WebFeature => feature;
