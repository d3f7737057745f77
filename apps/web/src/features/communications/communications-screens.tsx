import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  bulletinAckModeLabels,
  bulletinAckModes,
  bulletins,
  type BulletinVersion,
} from '@portal/contract/communications';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import type { DataColumn } from '../../platform/data-table/table-types.ts';
import { parseRouteId } from '../../platform/resources/paths.ts';
import type { ResourceRow } from '../../platform/resources/resource-api.ts';
import { ResourceViewPage } from '../../platform/resources/ResourceViewPage.tsx';
import { createResourceScreens } from '../../platform/resources/screens.tsx';
import { defineResourceUi } from '../../platform/resources/ui.ts';
import { hasPermission } from '../auth/session.ts';
import { BulletinFormPage } from './BulletinFormPage.tsx';
import { communicationKeys, fetchVersions } from './communications-api.ts';
import { communicationPaths } from './paths.ts';
import { RatesPanel } from './RatesPanel.tsx';

const env = { can: hasPermission };
const count = (value: unknown) => (typeof value === 'number' ? value : 0);
const rateOf = (row: ResourceRow) => {
  const recipients = count(row.recipients);
  return recipients ? Math.round((count(row.acknowledged) / recipients) * 1000) / 10 : null;
};
const modeOptions = bulletinAckModes.map((mode) => ({
  value: mode,
  label: bulletinAckModeLabels[mode],
}));

const bulletinUi = defineResourceUi({
  resource: bulletins,
  paths: communicationPaths.bulletins,
  title: 'Bulletins',
  columns: [
    { field: 'title', header: 'Title' },
    { field: 'ack_mode', header: 'Acknowledge by', kind: 'option', options: modeOptions },
    { field: 'version', header: 'Version', kind: 'number' },
    { field: 'version_at', header: 'Version of', kind: 'date' },
    { field: 'recipients', header: 'People', kind: 'number', filterable: false, sortable: false },
    {
      field: 'acknowledged',
      header: 'Acknowledged',
      value: (row) => {
        const rate = rateOf(row);
        return `${count(row.acknowledged)}${rate === null ? '' : ` (${rate}%)`}`;
      },
      filterable: false,
      sortable: false,
    },
    { field: 'body', header: 'Message', hidden: true },
    {
      field: 'escalate_after_days',
      header: 'Escalate after',
      value: (row) => {
        const days = count(row.escalate_after_days);
        return days ? `${days} ${days === 1 ? 'day' : 'days'}` : 'Never';
      },
      hidden: true,
      filterable: false,
      sortable: false,
    },
    {
      field: 'escalated',
      header: 'Escalated to manager',
      kind: 'number',
      hidden: true,
      filterable: false,
      sortable: false,
    },
  ],
  fields: [
    { name: 'title', label: 'Title', kind: 'text' },
    { name: 'body', label: 'Message', kind: 'textarea', wide: true },
  ],
  links: [{ label: 'Communication Center', to: communicationPaths.dashboard }],
  emptyMessage: 'No bulletins yet.',
});

const versionColumns: DataColumn<BulletinVersion>[] = [
  { id: 'version', header: 'Version', value: (row) => row.version },
  { id: 'title', header: 'Title', value: (row) => row.title },
  {
    id: 'created_at',
    header: 'Published',
    value: (row) => new Date(row.created_at).toLocaleString(),
  },
  { id: 'created_by_name', header: 'By', value: (row) => row.created_by_name },
  { id: 'question_count', header: 'Questions', value: (row) => row.question_count },
  { id: 'acknowledged', header: 'Acknowledged', value: (row) => row.acknowledged, align: 'right' },
];

function Versions({ id }: { id: number }) {
  const versions = useQuery({
    queryKey: communicationKeys.versions(id),
    queryFn: ({ signal }) => fetchVersions(id, signal),
  });
  if (versions.isError) return <Alert severity="error">{versions.error.message}</Alert>;
  return (
    <DataTable
      label="Versions"
      reportName="Bulletin versions"
      columns={versionColumns}
      rows={versions.data ?? []}
      getRowId={(row) => String(row.version)}
      loading={versions.isFetching}
    />
  );
}

/** A bulletin, its versions, and its acknowledgement by region, district and store. */
function BulletinView() {
  const id = parseRouteId(useParams().id);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <ResourceViewPage ui={bulletinUi} env={env} />
      {id !== null && hasPermission('read_bulletins') && (
        <>
          <Typography variant="h6" component="h2">
            Versions
          </Typography>
          <Versions id={id} />
          <Typography variant="h6" component="h2">
            Acknowledgement of the current version
          </Typography>
          <RatesPanel bulletinId={id} />
        </>
      )}
    </Box>
  );
}

/** Bulletins on the engine (list, view); their form edits the audience and questions too. */
export const bulletinScreens = {
  ...createResourceScreens(bulletinUi, env),
  Form: BulletinFormPage,
  View: BulletinView,
};
