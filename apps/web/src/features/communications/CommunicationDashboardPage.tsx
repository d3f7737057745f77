import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { bulletins } from '@portal/contract/communications';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ResourceRow } from '../../platform/resources/resource-api.ts';
import type { ReferenceSource } from '../../platform/resources/ui.ts';
import { useReferenceData } from '../../platform/resources/use-resource.ts';
import { RequirePermission } from '../auth/RequirePermission.tsx';
import { hasPermission } from '../auth/session.ts';
import { communicationPaths } from './paths.ts';
import { RatesPanel } from './RatesPanel.tsx';

const bulletinSource: ReferenceSource = {
  resource: bulletins,
  label: (row: ResourceRow) => (typeof row.title === 'string' ? row.title : `#${row.id}`),
  filter: { is_active: 'true' },
  sort: '-version_at',
};
const sources = [bulletinSource];

function Dashboard() {
  const choices = useReferenceData(sources).get(bulletinSource)?.options ?? [];
  const [bulletinId, setBulletinId] = useState('');
  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Communication Center
        </Typography>
        {hasPermission('write_bulletins') && (
          <Button variant="contained" component={Link} to={communicationPaths.bulletins.create}>
            New Bulletin
          </Button>
        )}
        <Button component={Link} to={communicationPaths.bulletins.list}>
          Bulletins
        </Button>
        <Button component={Link} to={communicationPaths.board}>
          Bulletin Board
        </Button>
      </Stack>
      <TextField
        select
        label="Bulletin"
        value={bulletinId}
        onChange={(event) => setBulletinId(event.target.value)}
        sx={{ maxWidth: 420 }}
      >
        <MenuItem value="">All active bulletins</MenuItem>
        {choices.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <RatesPanel bulletinId={bulletinId ? Number(bulletinId) : null} />
    </Stack>
  );
}

/** /communications/dashboard: acknowledgement rates by region, district and store for managers. */
export function CommunicationDashboardPage() {
  return (
    <RequirePermission permission="read_bulletins">
      <Dashboard />
    </RequirePermission>
  );
}
