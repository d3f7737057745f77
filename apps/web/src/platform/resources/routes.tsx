import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { ResourcePaths } from './paths.ts';

/** The three screens the engine makes of a resource. */
export interface ResourceScreens {
  List: ComponentType;
  /** Create and edit share one screen: edit when the route has an id. */
  Form: ComponentType;
  View: ComponentType;
}

/**
 * The routes of one resource's screens. The screens (and the contract declaration, zod, the table
 * and the forms they pull in) load only when one of these paths is opened.
 */
export function resourceRoutes(
  paths: ResourcePaths,
  load: () => Promise<ResourceScreens>,
): RouteObject[] {
  const List = lazy(async () => ({ default: (await load()).List }));
  const Form = lazy(async () => ({ default: (await load()).Form }));
  const View = lazy(async () => ({ default: (await load()).View }));
  const routes: RouteObject[] = [paths.list, ...(paths.aliases ?? [])].map((path) => ({
    path,
    element: <List />,
  }));
  if (paths.create) routes.push({ path: paths.create, element: <Form /> });
  if (paths.edit) routes.push({ path: paths.edit, element: <Form /> });
  if (paths.view) routes.push({ path: paths.view, element: <View /> });
  return routes;
}
