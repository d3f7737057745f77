import { describe, expect, it } from 'vitest';
import { byOrder, sidebarTarget } from '../../src/app/frame/sidebar-links.ts';
import { returnPathFrom, returnToState } from '../../src/features/auth/return-to.ts';
import { sidebarNode as node } from '../sidebar-node.ts';

describe('sidebar links (SPEC.md section 2, Shell)', () => {
  it('sends external links out, Power BI items to their report, embeds to /e/{slug}, others to their route', () => {
    expect(sidebarTarget(node({ external_link: 'https://x.example/' }))).toEqual({
      kind: 'external',
      href: 'https://x.example/',
    });
    expect(sidebarTarget(node({ powerbi_report_id: 'r-1', route: '/ignored' }))).toEqual({
      kind: 'route',
      to: '/reporting/pbi/r-1',
    });
    expect(sidebarTarget(node({ embedsAndLinks: { slug: 'handbook' } }))).toEqual({
      kind: 'route',
      to: '/e/handbook',
    });
    expect(sidebarTarget(node({ route: '/users' }))).toEqual({ kind: 'route', to: '/users' });
    expect(sidebarTarget(node({}))).toEqual({ kind: 'none' });
  });

  it('orders items by their order without touching the input', () => {
    const items = [node({ id: 2, order: 5 }), node({ id: 3, order: 1 })];
    expect(byOrder(items).map((item) => item.id)).toEqual([3, 2]);
    expect(items.map((item) => item.id)).toEqual([2, 3]);
  });
});

describe('returning after sign-in', () => {
  it('returns to the path, query and hash the visitor asked for', () => {
    const state = returnToState({ pathname: '/users', search: '?tab=1', hash: '#top' });
    expect(returnPathFrom(state)).toBe('/users?tab=1#top');
  });

  it('goes home when nothing usable was carried, and never to another site', () => {
    expect(returnPathFrom(null)).toBe('/');
    expect(returnPathFrom({ from: 'nope' })).toBe('/');
    expect(returnPathFrom({ from: { pathname: '//evil.example/x' } })).toBe('/');
    expect(returnPathFrom({ from: { pathname: 'https://evil.example' } })).toBe('/');
  });
});
