import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { stores } from '@portal/contract/resources/organisation';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { ResourceRow } from '../../platform/resources/resource-api.ts';
import type { ReferenceSource } from '../../platform/resources/ui.ts';
import { useReferenceData } from '../../platform/resources/use-resource.ts';
import { createStoreTicketLink } from './tickets-api.ts';

const byName = (row: ResourceRow) => (typeof row.name === 'string' ? row.name : `#${row.id}`);
const storeSource: ReferenceSource = {
  resource: stores,
  label: byName,
  filter: { is_active: 'true' },
};
const sources = [storeSource];
const day = (value: string) => new Date(value).toLocaleDateString('en-US', { dateStyle: 'medium' });

/**
 * A store's link to the public ticket center, as an address and a QR code to print for the
 * store: guests open tickets for that store without signing in. Shown once; revoked at
 * /public-links.
 */
export function StoreTicketLink() {
  const choices = useReferenceData(sources);
  const [storeId, setStoreId] = useState('');
  const make = useMutation({ mutationFn: () => createStoreTicketLink(Number(storeId)) });
  const link = make.data?.data;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          Public Ticket Links
        </Typography>
        <Typography color="text.secondary">
          Guests open a ticket for a store through its link, for example from a QR code in the
          store. A link lasts 90 days.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField
            select
            size="small"
            label="Store"
            value={storeId}
            onChange={(event) => setStoreId(event.target.value)}
            sx={{ minWidth: 240 }}
          >
            {(choices.get(storeSource)?.options ?? []).map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            disabled={!storeId}
            loading={make.isPending}
            onClick={() => make.mutate()}
          >
            Make link
          </Button>
        </Stack>
        {make.isError && <Alert severity="error">{make.error.message}</Alert>}
        {link && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
            <Box
              component="img"
              src={link.qr_data_url}
              alt="QR code of the store's ticket link"
              sx={{ width: 160, height: 160 }}
            />
            <Stack spacing={1} sx={{ minWidth: 0 }}>
              <TextField
                size="small"
                label="Link (shown once)"
                value={link.url}
                slotProps={{ htmlInput: { readOnly: true } }}
                sx={{ minWidth: { sm: 420 } }}
              />
              <Typography variant="body2" color="text.secondary">
                Valid until {day(link.expires_at)}.
              </Typography>
            </Stack>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
