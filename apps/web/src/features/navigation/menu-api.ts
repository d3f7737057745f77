import { listDataSchema } from '@portal/contract/envelope';
import { sidebarItemSchema, sidebarItems } from '@portal/contract/resources/navigation';
import { MENU_MOVE_PATH, type MenuMoveRequest } from '@portal/contract/shell';
import { SIDEBAR_FETCH_SIZE } from '@portal/contract/constants';
import { api, ignoreData } from '../../platform/api.ts';

export const menuItemsQueryKey = ['sidebar-items', 'menu-management'] as const;

/** Every live sidebar item of the company (the tree Menu Management edits). */
export async function fetchMenuItems(signal?: AbortSignal) {
  const reply = await api.get(sidebarItems.path, listDataSchema(sidebarItemSchema), {
    signal,
    query: { perPage: SIDEBAR_FETCH_SIZE, 'filter[is_deleted]': 'false', sort: 'order' },
  });
  return reply.data.results;
}

/** SPEC.md section 7: one call with parent_id, id and orderedIds; the reply is not read. */
export async function moveMenuItem(move: MenuMoveRequest): Promise<void> {
  await api.post(MENU_MOVE_PATH, move, ignoreData);
}

/** A new top-level folder: a sidebar item with no route, after the other top-level items. */
export function createMenuFolder(name: string, order: number) {
  return api.post(
    sidebarItems.path,
    { name, route: null, parent_id: null, order, icon: 'folder' },
    sidebarItemSchema,
  );
}
