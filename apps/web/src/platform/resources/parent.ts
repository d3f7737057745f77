import { readAccessOf, writeAccessOf } from '@portal/contract/resource';
import type { AnyResource } from './resource-api.ts';

const scoped = new WeakMap<AnyResource, Map<number, AnyResource>>();

/**
 * A parent-scoped resource (the contract's `parent`: an employee's documents at
 * `/employees/:id/documents`) as the rows of one parent: its path filled in
 * (`/employees/17/documents`), its queries keyed per parent (`hr_store_access@17`) and its
 * permissions those of the declaration, so every engine call, screen and cache works on it
 * unchanged. The same object for the same resource and parent, so queries and memos hold.
 */
export function underParent(resource: AnyResource, parentId: number): AnyResource {
  const parent = resource.parent;
  if (!parent) return resource;
  let byParent = scoped.get(resource);
  if (!byParent) {
    byParent = new Map();
    scoped.set(resource, byParent);
  }
  let found = byParent.get(parentId);
  if (!found) {
    found = {
      ...resource,
      name: `${resource.name}@${parentId}`,
      access: { read: readAccessOf(resource), write: writeAccessOf(resource) },
      path: `${parent.path}/${parentId}${resource.path}`,
    };
    byParent.set(parentId, found);
  }
  return found;
}
