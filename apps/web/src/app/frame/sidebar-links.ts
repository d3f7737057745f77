import type { SidebarNode } from '@portal/contract/resources/navigation';

/** Where a sidebar item leads (SPEC.md section 2, Shell). */
export type SidebarTarget =
  { kind: 'external'; href: string } | { kind: 'route'; to: string } | { kind: 'none' };

export function sidebarTarget(node: SidebarNode): SidebarTarget {
  if (node.external_link) return { kind: 'external', href: node.external_link };
  if (node.powerbi_report_id) {
    return { kind: 'route', to: `/reporting/pbi/${encodeURIComponent(node.powerbi_report_id)}` };
  }
  if (node.embedsAndLinks?.slug) {
    return { kind: 'route', to: `/e/${encodeURIComponent(node.embedsAndLinks.slug)}` };
  }
  if (node.route) return { kind: 'route', to: node.route };
  return { kind: 'none' };
}

export function byOrder(nodes: readonly SidebarNode[]): SidebarNode[] {
  return [...nodes].sort((a, b) => a.order - b.order);
}
