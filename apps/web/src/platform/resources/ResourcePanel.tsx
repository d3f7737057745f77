import Box from '@mui/material/Box';
import { offers } from '@portal/contract/resource';
import { useMemo, type ReactNode } from 'react';
import { AccessDenied } from '../ui/AccessDenied.tsx';
import { underParent } from './parent.ts';
import { ResourceForm } from './ResourceFormPage.tsx';
import { ResourceTable, referenceSources } from './ResourceListPage.tsx';
import { createRow, type AnyResource } from './resource-api.ts';
import { mayRead, writePermission, type ResourceEnv, type ResourceUi } from './ui.ts';
import { useInvalidateResource, useReferenceData } from './use-resource.ts';

/**
 * The rows of a parent-scoped resource (the contract's `parent`: an employee's store access at
 * `/employees/:id/store-access`) as a tab of the parent's screen: an add form above (for who may
 * write, where the resource offers create), the data table with its row commands below. Every
 * request goes to the parent's path; the list refreshes after each change.
 */
export function ResourcePanel({
  ui,
  env,
  parentId,
  add,
  renderAdd,
}: {
  ui: ResourceUi;
  env: ResourceEnv;
  parentId: number;
  /** The add form's name and button (e.g. Grant store access, Grant access). */
  add?: { form: string; submit: string };
  /**
   * The screen's own add form instead of the engine's (a document: a file uploaded first), given
   * the parent-scoped resource to create on (createRow) and a refresh of the list.
   */
  renderAdd?: (resource: AnyResource, refresh: () => Promise<void>) => ReactNode;
}) {
  const scoped = useMemo(
    (): ResourceUi => ({ ...ui, resource: underParent(ui.resource, parentId) }),
    [ui, parentId],
  );
  const sources = useMemo(() => referenceSources(scoped), [scoped]);
  const refs = useReferenceData(sources);
  const { resource } = scoped;
  const invalidate = useInvalidateResource(resource);
  if (!mayRead(env, resource)) return <AccessDenied />;
  const canAdd = env.can(writePermission(resource)) && offers(resource, 'create');
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {canAdd && renderAdd?.(resource, invalidate)}
      {canAdd && !renderAdd && (
        <ResourceForm
          ui={scoped}
          mode="create"
          refs={refs}
          labels={add}
          send={(body) => createRow(resource, body)}
        />
      )}
      <ResourceTable ui={scoped} env={env} />
    </Box>
  );
}
