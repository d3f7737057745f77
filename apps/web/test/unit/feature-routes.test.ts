import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { featureRouteTables, loadRouteTables } from '../../src/app/features.ts';

/** The first segment of every path a route table declares, layout routes' children included. */
function firstSegments(routes: readonly RouteObject[]): string[] {
  return routes.flatMap((route) =>
    route.path === undefined
      ? firstSegments(route.children ?? [])
      : [route.path.replace(/^\//, '').split('/')[0] ?? ''],
  );
}

describe('feature route tables (app/features.ts)', () => {
  it('loads the table of every screen a path opens, so deep links and menu links find it', async () => {
    for (const table of featureRouteTables) {
      const { name, signedInRoutes } = await table.load();
      const declared = [...new Set(firstSegments(signedInRoutes))].sort();
      expect({ name, segments: [...table.segments].sort() }).toEqual({ name, segments: declared });
    }
  });

  it('loads no feature for a path no feature declares (it shows "Page not found")', async () => {
    expect(await loadRouteTables('/no-such-screen/1')).toEqual([]);
    const inventory = await loadRouteTables('/inventory/purchase-orders');
    expect(inventory.map(({ feature }) => feature.name).sort()).toEqual(['purchasing', 'stock']);
  });
});
