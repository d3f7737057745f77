/** The Menu Management tree: sidebar items as a tree, and where a drop moves an item. */

export interface MenuRow {
  id: number;
  name: string;
  route: string | null;
  external_link: string | null;
  parent_id: number | null;
  order: number;
}

export interface MenuTreeNode extends MenuRow {
  children: MenuTreeNode[];
}

const bySiblingOrder = (a: MenuRow, b: MenuRow) => a.order - b.order || a.id - b.id;

/** Rows to a tree, siblings by order. A row whose parent is missing shows at the top level. */
export function buildMenuTree(rows: readonly MenuRow[]): MenuTreeNode[] {
  const nodes = new Map<number, MenuTreeNode>();
  for (const row of [...rows].sort(bySiblingOrder)) nodes.set(row.id, { ...row, children: [] });
  const roots: MenuTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** SPEC.md section 2: a root item with no parent cannot be dragged. */
export const canDrag = (row: MenuRow) => row.parent_id !== null;

/** Where a dragged item was dropped: before a sibling, inside an item (last), or at the top level. */
export type DropTarget =
  { kind: 'before'; id: number } | { kind: 'into'; id: number } | { kind: 'top' };

export interface MenuMove {
  id: number;
  parent_id: number | null;
  orderedIds: number[];
}

/** Whether `id` is `ancestorId` or sits anywhere below it. */
export function isWithin(rows: readonly MenuRow[], id: number, ancestorId: number): boolean {
  const parents = new Map(rows.map((row) => [row.id, row.parent_id]));
  for (let at: number | null | undefined = id; at != null; at = parents.get(at)) {
    if (at === ancestorId) return true;
  }
  return false;
}

/**
 * The move a drop asks for: the new parent and the new sibling order (SPEC.md section 4), or null
 * when the drop changes nothing or is not allowed (a root item, or into the item itself).
 */
export function planMove(
  rows: readonly MenuRow[],
  draggedId: number,
  target: DropTarget,
): MenuMove | null {
  const dragged = rows.find((row) => row.id === draggedId);
  if (!dragged || !canDrag(dragged)) return null;

  let parentId: number | null;
  if (target.kind === 'top') parentId = null;
  else if (target.kind === 'into') parentId = target.id;
  else {
    const anchor = rows.find((row) => row.id === target.id);
    if (!anchor || anchor.id === draggedId) return null;
    parentId = anchor.parent_id;
  }
  if (parentId !== null && isWithin(rows, parentId, draggedId)) return null;

  const siblings = rows
    .filter((row) => row.parent_id === parentId && row.id !== draggedId)
    .sort(bySiblingOrder)
    .map((row) => row.id);
  const at = target.kind === 'before' ? siblings.indexOf(target.id) : siblings.length;
  const orderedIds = [...siblings.slice(0, at), draggedId, ...siblings.slice(at)];

  const before = rows
    .filter((row) => row.parent_id === parentId)
    .sort(bySiblingOrder)
    .map((row) => row.id);
  const unchanged =
    dragged.parent_id === parentId &&
    before.length === orderedIds.length &&
    before.every((id, index) => orderedIds[index] === id);
  return unchanged ? null : { id: draggedId, parent_id: parentId, orderedIds };
}

/** The rows after a move, as the server will store them. */
export function applyMove<Row extends MenuRow>(rows: readonly Row[], move: MenuMove): Row[] {
  const position = new Map(move.orderedIds.map((id, index) => [id, index]));
  return rows.map((row) => {
    const order = position.get(row.id);
    const parent_id = row.id === move.id ? move.parent_id : row.parent_id;
    return order === undefined ? { ...row, parent_id } : { ...row, parent_id, order };
  });
}
