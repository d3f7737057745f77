import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import BlockIcon from '@mui/icons-material/Block';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { offers } from '@portal/contract/resource';
import { notify } from '../toasts.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import type { BulkAction } from '../data-table/table-types.ts';
import { failureMessage, isUserExistConflict, serverMessage, successMessage } from './outcome.ts';
import { withId } from './paths.ts';
import { activateRow, deleteRow, type ResourceRow } from './resource-api.ts';
import { useInvalidateResource } from './use-resource.ts';
import { writePermission, type ResourceEnv, type ResourceUi, type RowAction } from './ui.ts';
import { rowStatus } from './columns.tsx';
import { isEditable } from './DocumentPanels.tsx';

/** A row's name for messages and headings: its name, title, person's name or email, else #id. */
export function rowLabel(row: ResourceRow): string {
  for (const key of ['name', 'title'] as const) {
    const value = row[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  const person = [row.first_name, row.last_name]
    .filter((part) => typeof part === 'string')
    .join(' ');
  if (person.trim()) return person;
  if (typeof row.email === 'string' && row.email) return row.email;
  return `#${row.id}`;
}

type Command = 'delete' | 'activate';

interface Pending {
  message: string;
  run: () => Promise<void>;
}

/**
 * The row commands of a resource: delete (which deactivates, flags or removes, as declared),
 * activate, and the screen's own actions, each behind a confirmation where it takes something away,
 * with SPEC.md section 8's toasts. A role still held by users is flagged instead (user_exist_flag),
 * with no success message.
 */
export function useRowCommands(ui: ResourceUi, env: ResourceEnv) {
  const { resource } = ui;
  const { messages } = resource;
  const invalidate = useInvalidateResource(resource);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [flagged, setFlagged] = useState<ReadonlySet<number>>(() => new Set());
  const canWrite = env.can(writePermission(resource));
  const deactivates = resource.deleteMode === 'deactivate';
  const deleteLabel = deactivates ? 'Deactivate' : 'Delete';

  /** Runs one command; false when it failed (its toast is shown unless `quiet`). */
  const perform = async (
    command: Command,
    row: ResourceRow,
    quiet = false,
  ): Promise<string | Error> => {
    try {
      const reply =
        command === 'delete'
          ? await deleteRow(resource, row.id)
          : await activateRow(resource, row.id);
      setFlagged((set) => {
        if (!set.has(row.id)) return set;
        const next = new Set(set);
        next.delete(row.id);
        return next;
      });
      const message = successMessage(
        reply,
        command === 'delete' ? messages.deleted : messages.activated,
      );
      if (!quiet) notify.success(message);
      return message;
    } catch (error) {
      if (isUserExistConflict(error)) {
        setFlagged((set) => new Set(set).add(row.id));
        const message = serverMessage(error) ?? `${resource.label.one} is held by users`;
        if (!quiet) notify.warning(message);
        return new Error(message);
      }
      const message = failureMessage(
        error,
        command === 'delete' ? messages.notDeleted : messages.notActivated,
      );
      if (!quiet) notify.danger(message);
      return new Error(message);
    }
  };

  const ask = (message: string, run: () => Promise<unknown>) =>
    setPending({
      message,
      run: async () => {
        await run();
      },
    });

  const answer = async (yes: boolean) => {
    const current = pending;
    if (!yes || !current) {
      setPending(null);
      return;
    }
    setBusy(true);
    try {
      await current.run();
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const remove = (row: ResourceRow, after?: () => void) =>
    ask(`${deleteLabel} ${resource.label.one} ${rowLabel(row)}?`, async () => {
      const outcome = await perform('delete', row);
      await invalidate();
      if (!(outcome instanceof Error)) after?.();
    });

  const activate = async (row: ResourceRow) => {
    setBusy(true);
    try {
      await perform('activate', row);
      await invalidate();
    } finally {
      setBusy(false);
    }
  };

  const runAction = (action: RowAction, row: ResourceRow) => {
    const go = async () => {
      try {
        const reply = await action.run(row);
        notify.success(successMessage(reply, action.successFallback));
      } catch (error) {
        notify.danger(failureMessage(error, action.failureFallback));
      } finally {
        await invalidate();
      }
    };
    if (action.confirm) ask(action.confirm(row), go);
    else {
      setBusy(true);
      void go().finally(() => setBusy(false));
    }
  };

  /** One command over many rows: one toast for the lot. */
  const runBulk = async (command: Command, rows: readonly ResourceRow[]) => {
    const outcomes: (string | Error)[] = [];
    for (const row of rows) outcomes.push(await perform(command, row, true));
    await invalidate();
    const done = outcomes.filter((outcome): outcome is string => typeof outcome === 'string');
    const failed = outcomes.filter((outcome): outcome is Error => outcome instanceof Error);
    if (done.length) {
      notify.success(
        done.length === 1 ? (done[0] ?? '') : `${done[0] ?? ''} (${done.length} rows)`,
      );
    }
    if (failed.length) {
      const first = failed[0]?.message ?? '';
      notify.danger(failed.length === 1 ? first : `${first} (${failed.length} rows)`);
    }
  };

  const ownBulkActions: BulkAction<ResourceRow>[] = (ui.bulkActions ?? [])
    .filter((action) => env.can(action.permission ?? writePermission(resource)))
    .map((action) => ({
      label: action.label,
      run: async (rows) => {
        try {
          const reply = await action.run(rows);
          notify.success(successMessage(reply, action.successFallback));
        } catch (error) {
          notify.danger(failureMessage(error, action.failureFallback));
        } finally {
          await invalidate();
        }
      },
    }));

  const standardBulkActions: BulkAction<ResourceRow>[] = !canWrite
    ? []
    : deactivates
      ? [
          {
            label: 'Deactivate selected',
            run: (rows) =>
              new Promise<void>((resolve) =>
                ask(`Deactivate ${rows.length} ${resource.label.many.toLowerCase()}?`, async () => {
                  await runBulk('delete', rows);
                  resolve();
                }),
              ),
          },
          { label: 'Activate selected', run: (rows) => runBulk('activate', rows) },
        ]
      : [
          {
            label: 'Delete selected',
            run: (rows) =>
              new Promise<void>((resolve) =>
                ask(`Delete ${rows.length} ${resource.label.many.toLowerCase()}?`, async () => {
                  await runBulk('delete', rows);
                  resolve();
                }),
              ),
          },
        ];

  const bulkActions = [...ownBulkActions, ...standardBulkActions];

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      message={pending?.message ?? ''}
      okLabel="Yes"
      cancelLabel="No"
      onAnswer={(reply) => void answer(reply === 'Yes')}
    />
  );

  return {
    canWrite,
    busy,
    flagged,
    deleteLabel,
    remove,
    activate,
    runAction,
    bulkActions,
    dialog,
  };
}
export type RowCommands = ReturnType<typeof useRowCommands>;

function IconAction({
  label,
  icon,
  onClick,
  to,
  disabled,
}: {
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  to?: string;
  disabled?: boolean;
}) {
  return (
    <Tooltip title={label}>
      <span>
        {to ? (
          <IconButton size="small" aria-label={label} component={RouterLink} to={to}>
            {icon}
          </IconButton>
        ) : (
          <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled}>
            {icon}
          </IconButton>
        )}
      </span>
    </Tooltip>
  );
}

/** The buttons at the end of a list row. */
export function RowActionButtons({
  row,
  ui,
  env,
  commands,
}: {
  row: ResourceRow;
  ui: ResourceUi;
  env: ResourceEnv;
  commands: RowCommands;
}) {
  const { paths, resource } = ui;
  const status = rowStatus(row);
  const gone = status === 'Deleted';
  // A document past its editable states (an order no longer open): the server refuses edits (409).
  const editable = isEditable(resource, row);
  // A row the server marks `can_manage: false` (a user at or above the viewer's rank) offers only
  // View: the screen shows what the server would allow, nothing it would refuse.
  const manageable = row.can_manage !== false;
  const canWrite = commands.canWrite && manageable;
  return (
    <>
      {(ui.rowActions ?? [])
        .filter(
          (action) =>
            manageable &&
            (action.when?.(row) ?? true) &&
            (!action.permission || env.can(action.permission)),
        )
        .map((action) => (
          <Button
            key={action.label}
            size="small"
            disabled={commands.busy}
            onClick={() => commands.runAction(action, row)}
          >
            {action.label}
          </Button>
        ))}
      {(ui.rowLinks ?? [])
        .filter(
          (link) =>
            manageable &&
            (link.when?.(row) ?? true) &&
            (!link.permission || env.can(link.permission)),
        )
        .map((link) => (
          <Button key={link.label} size="small" component={RouterLink} to={link.to(row)}>
            {link.label}
          </Button>
        ))}
      {paths.view && (
        <IconAction
          label="View"
          icon={<VisibilityIcon fontSize="small" />}
          to={withId(paths.view, row.id)}
        />
      )}
      {canWrite && paths.edit && !gone && editable && (
        <IconAction
          label="Edit"
          icon={<EditIcon fontSize="small" />}
          to={withId(paths.edit, row.id)}
        />
      )}
      {canWrite && resource.deleteMode === 'deactivate' && status === 'Inactive' && (
        <IconAction
          label="Activate"
          icon={<RestoreIcon fontSize="small" />}
          onClick={() => void commands.activate(row)}
          disabled={commands.busy}
        />
      )}
      {canWrite &&
        editable &&
        offers(resource, 'delete') &&
        (resource.deleteMode === 'deactivate' ? status === 'Active' : !gone) && (
          <IconAction
            label={commands.deleteLabel}
            icon={
              resource.deleteMode === 'deactivate' ? (
                <BlockIcon fontSize="small" />
              ) : (
                <DeleteIcon fontSize="small" />
              )
            }
            onClick={() => commands.remove(row)}
            disabled={commands.busy}
          />
        )}
    </>
  );
}
