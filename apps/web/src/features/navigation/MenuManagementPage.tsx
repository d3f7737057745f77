import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolder';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import FolderIcon from '@mui/icons-material/Folder';
import LockIcon from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { meQueryKey } from '../auth/me.ts';
import { PageLoader } from '../../platform/PageLoader.tsx';
import { notify } from '../../platform/toasts.ts';
import { AddMenuFolderDialog } from './AddMenuFolderDialog.tsx';
import { createMenuFolder, fetchMenuItems, menuItemsQueryKey, moveMenuItem } from './menu-api.ts';
import {
  applyMove,
  buildMenuTree,
  canDrag,
  isWithin,
  planMove,
  type DropTarget,
  type MenuMove,
  type MenuRow,
  type MenuTreeNode,
} from './menu-tree.ts';

const dropId = (target: DropTarget) =>
  target.kind === 'top' ? 'top' : `${target.kind}:${target.id}`;

function parseDropId(value: string | number): DropTarget | null {
  if (value === 'top') return { kind: 'top' };
  const [kind, id] = String(value).split(':');
  const number = Number(id);
  if (!Number.isInteger(number)) return null;
  if (kind === 'before' || kind === 'into') return { kind, id: number };
  return null;
}

/** Pointer drags land where the pointer is; keyboard drags on the nearest target. */
const collisions: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : closestCenter(args);
};

function DropGap({ target, blocked }: { target: DropTarget; blocked: boolean }) {
  const { setNodeRef, isOver } = useDroppable({ id: dropId(target), disabled: blocked });
  return (
    <Box
      ref={setNodeRef}
      aria-hidden
      sx={{
        height: 10,
        mx: 1,
        borderRadius: 1,
        bgcolor: isOver ? 'primary.main' : 'transparent',
      }}
    />
  );
}

function TreeRow({
  node,
  depth,
  draggingId,
  rows,
}: {
  node: MenuTreeNode;
  depth: number;
  draggingId: number | null;
  rows: readonly MenuRow[];
}) {
  const movable = canDrag(node);
  const { setNodeRef, attributes, listeners, isDragging } = useDraggable({
    id: `item:${node.id}`,
    disabled: !movable,
  });
  const blocked = draggingId !== null && isWithin(rows, node.id, draggingId);
  const { setNodeRef: setDropRef, isOver } = useDroppable({
    id: dropId({ kind: 'into', id: node.id }),
    disabled: blocked,
  });
  const kind = node.route ? node.route : node.external_link ? node.external_link : 'folder';
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <DropGap target={{ kind: 'before', id: node.id }} blocked={blocked} />
      <Paper
        ref={setDropRef}
        variant="outlined"
        data-testid={`menu-node-${node.id}`}
        sx={{
          ml: depth * 4,
          px: 1,
          py: 0.5,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          opacity: isDragging ? 0.4 : 1,
          borderColor: isOver ? 'primary.main' : undefined,
          borderWidth: isOver ? 2 : 1,
        }}
      >
        {movable ? (
          <Box
            component="button"
            type="button"
            ref={setNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Move ${node.name}`}
            aria-roledescription="draggable menu item"
            sx={{
              display: 'inline-flex',
              border: 0,
              bgcolor: 'transparent',
              color: 'text.secondary',
              cursor: 'grab',
              p: 0.5,
              borderRadius: 1,
              touchAction: 'none',
              '&:focus-visible': {
                outline: 2,
                outlineColor: 'primary.main',
                outlineStyle: 'solid',
              },
            }}
          >
            <DragIndicatorIcon fontSize="small" />
          </Box>
        ) : (
          <Box sx={{ display: 'inline-flex', p: 0.5, color: 'text.disabled' }}>
            <LockIcon fontSize="small" titleAccess="Root item: cannot be moved" />
          </Box>
        )}
        {node.children.length > 0 || kind === 'folder' ? (
          <FolderIcon fontSize="small" color="action" aria-hidden />
        ) : null}
        <Typography sx={{ fontWeight: node.children.length > 0 ? 600 : 400 }}>
          {node.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap sx={{ ml: 'auto', minWidth: 0 }}>
          {kind}
        </Typography>
      </Paper>
      {node.children.length > 0 && (
        <Box component="ul" sx={{ p: 0, m: 0 }}>
          {node.children.map((child) => (
            <TreeRow
              key={child.id}
              node={child}
              depth={depth + 1}
              draggingId={draggingId}
              rows={rows}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}

function TopLevelDrop() {
  const { setNodeRef, isOver } = useDroppable({ id: dropId({ kind: 'top' }) });
  return (
    <Box
      ref={setNodeRef}
      sx={{
        mt: 1,
        p: 1.5,
        border: 1,
        borderStyle: 'dashed',
        borderColor: isOver ? 'primary.main' : 'divider',
        borderRadius: 1,
        color: 'text.secondary',
        textAlign: 'center',
      }}
    >
      Drop here to move to the top level
    </Box>
  );
}

/**
 * Menu Management (/drag, SPEC.md section 2): the company's sidebar items as a tree. Dragging an
 * item (not a root one) onto another makes it a child, onto a gap places it there among siblings;
 * each move is one call, and the sidebar follows without a reload.
 */
export function MenuManagementPage() {
  const queryClient = useQueryClient();
  const items = useQuery({
    queryKey: menuItemsQueryKey,
    queryFn: ({ signal }) => fetchMenuItems(signal),
  });
  const [draggingId, setDraggingId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor),
  );

  const refreshSidebar = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: menuItemsQueryKey }),
      queryClient.invalidateQueries({ queryKey: meQueryKey }),
    ]);

  const move = useMutation({
    mutationFn: (planned: MenuMove) => moveMenuItem(planned),
    onMutate: (planned) => {
      // The tree shows the move at once; the refetch after the call confirms or undoes it.
      queryClient.setQueryData(menuItemsQueryKey, (rows: typeof items.data) =>
        rows ? applyMove(rows, planned) : rows,
      );
    },
    onError: (error) => notify.danger(error.message),
    onSettled: () => void refreshSidebar(),
  });

  const addFolder = useMutation({
    mutationFn: (name: string) => {
      const topOrders = (items.data ?? [])
        .filter((row) => row.parent_id === null)
        .map((row) => row.order);
      return createMenuFolder(name, topOrders.length === 0 ? 0 : Math.max(...topOrders) + 1);
    },
    onSuccess: (reply) => {
      notify.success(reply.message);
      setAdding(false);
      void refreshSidebar();
    },
    onError: (error) => notify.danger(error.message),
  });

  const onDragStart = (event: DragStartEvent) => {
    setDraggingId(Number(String(event.active.id).split(':')[1]));
  };
  const onDragEnd = (event: DragEndEvent) => {
    setDraggingId(null);
    const target = event.over ? parseDropId(event.over.id) : null;
    const id = Number(String(event.active.id).split(':')[1]);
    if (!target || !items.data) return;
    const planned = planMove(items.data, id, target);
    if (planned) move.mutate(planned);
  };

  const rows = items.data ?? [];
  const dragged = rows.find((row) => row.id === draggingId);

  return (
    <Stack spacing={2} sx={{ maxWidth: 1500 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          Menu Management
        </Typography>
        <Button
          variant="contained"
          startIcon={<CreateNewFolderIcon />}
          onClick={() => setAdding(true)}
        >
          Add New Menu Folder
        </Button>
      </Stack>
      <Typography color="text.secondary">
        Drag an item by its handle onto a folder to put it inside, or onto the gap above an item to
        place it there. Root items stay where they are. With the keyboard: focus a handle, press
        Space, move with the arrow keys and press Space again.
      </Typography>
      {items.isPending && <PageLoader label="Loading menu" />}
      {items.isError && <Alert severity="error">{items.error.message}</Alert>}
      {items.isSuccess && (
        <DndContext
          sensors={sensors}
          collisionDetection={collisions}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDraggingId(null)}
          accessibility={{
            screenReaderInstructions: {
              draggable:
                'To pick up a menu item, press Space. Use the arrow keys to move it, Space to drop it, Escape to cancel.',
            },
          }}
        >
          <Box sx={{ overflow: 'auto', maxHeight: 1500 }} aria-busy={move.isPending}>
            <Box component="ul" aria-label="Menu items" sx={{ p: 0, m: 0 }}>
              {buildMenuTree(rows).map((node) => (
                <TreeRow key={node.id} node={node} depth={0} draggingId={draggingId} rows={rows} />
              ))}
            </Box>
            <TopLevelDrop />
          </Box>
          <DragOverlay>
            {dragged ? (
              <Paper elevation={6} sx={{ px: 2, py: 1, display: 'inline-block' }}>
                {dragged.name}
              </Paper>
            ) : null}
          </DragOverlay>
        </DndContext>
      )}
      {adding && (
        <AddMenuFolderDialog
          saving={addFolder.isPending}
          onCancel={() => setAdding(false)}
          onAdd={(name) => addFolder.mutate(name)}
        />
      )}
    </Stack>
  );
}
