import { lazy, type ComponentType } from 'react';

/** React.lazy for a module's named export: `lazyScreen(() => import('./X.tsx'), 'X')`. */
export function lazyScreen<Name extends string, Module extends Record<Name, ComponentType>>(
  load: () => Promise<Module>,
  name: Name,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
