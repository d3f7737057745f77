import type { ResourcePaths } from './paths.ts';
import { standardPaths } from './paths.ts';
import type { AnyResource } from './resource-api.ts';
import type { ResourceScreens } from './routes.tsx';
import { createResourceScreens } from './screens.tsx';
import { defineResourceUi, type ColumnSpec, type ResourceEnv } from './ui.ts';

/** One field of a named entity: its list column and its form input, both under `label`. */
export type NamedField = readonly [name: string, label: string, kind?: 'text' | 'textarea'];

/**
 * The list, create/edit and view screens of a named entity (a contract `defineFlatResource`, or any
 * resource whose row and form are a `name` and a few plain fields): Name first, then `fields`, each
 * a column of the list and an input of the form. The screens live at the resource's API path
 * (`standardPaths`) unless `more.paths` says otherwise; `more.columns` are appended to the list.
 */
export function namedEntityScreens(
  resource: AnyResource,
  fields: readonly NamedField[],
  env: ResourceEnv,
  more: { paths?: ResourcePaths; columns?: readonly ColumnSpec[] } = {},
): ResourceScreens {
  const all: readonly NamedField[] = [['name', 'Name', 'text'], ...fields];
  return createResourceScreens(
    defineResourceUi({
      resource,
      paths: more.paths ?? standardPaths(resource.path),
      columns: [...all.map(([field, header]) => ({ field, header })), ...(more.columns ?? [])],
      fields: all.map(([name, label, kind = 'text']) => ({ name, label, kind })),
    }),
    env,
  );
}
