import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { kioskEnrolRequestSchema, type KioskDevice } from '@portal/contract/hr-kiosk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { api, ApiError } from '../../platform/api.ts';
import { clearStorage } from '../../platform/storage.ts';
import { notify } from '../../platform/toasts.ts';
import { ConfirmDialog } from '../../platform/ui/ConfirmDialog.tsx';
import { logout } from '../auth/me.ts';
import { kioskApi, kioskQueryKeys } from './kiosk-api.ts';
import { saveDeviceToken } from './kiosk-device.ts';

const storeOptionSchema = z.object({
  results: z.array(z.object({ id: z.number(), name: z.string() })),
});

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
const failure = (error: Error, fallback: string) =>
  error instanceof ApiError && error.status > 0 ? error.message : fallback;

/**
 * Turns this browser into the kiosk: the credential is kept, then the manager is signed out here
 * (their session ends on the server and every stored trace of it goes), and the kiosk opens.
 */
async function becomeKiosk(deviceToken: string) {
  try {
    await logout();
  } catch {
    // An already-ended session: nothing of it is left to end.
  }
  clearStorage();
  saveDeviceToken(deviceToken);
  window.location.replace('/kiosk');
}

function EnrolCard() {
  const [storeId, setStoreId] = useState<number | ''>('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const stores = useQuery({
    queryKey: ['hr', 'kiosk-stores'],
    queryFn: ({ signal }) =>
      api
        .get('/stores', storeOptionSchema, {
          signal,
          query: { perPage: 1000, sort: 'name' },
        })
        .then((r) => r.data.results),
  });
  const storeName = stores.data?.find((s) => s.id === storeId)?.name ?? 'this store';
  const enrol = useMutation({
    mutationFn: () => kioskApi.enrol({ store_id: Number(storeId), name }),
    onSuccess: async (reply) => {
      notify.success(reply.message);
      await becomeKiosk(reply.data.device_token);
    },
    onError: (error) => notify.danger(failure(error, 'Kiosk not enrolled')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = kioskEnrolRequestSchema.safeParse({ store_id: storeId || undefined, name });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        found[field] = field === 'store_id' ? 'Choose the store' : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setConfirming(true);
  };
  return (
    <Card component="form" onSubmit={submit} noValidate aria-labelledby="kiosk-enrol">
      <CardContent>
        <Stack spacing={2} sx={{ maxWidth: 480 }}>
          <Typography id="kiosk-enrol" variant="h6" component="h2">
            Enrol this device
          </Typography>
          <Typography color="text.secondary">
            Open this page on the store&apos;s tablet. Staff then clock in and out there with their
            mobile PIN. You will be signed out of this browser.
          </Typography>
          <TextField
            select
            label="Store"
            value={storeId}
            onChange={(event) => setStoreId(Number(event.target.value))}
            error={Boolean(errors.store_id)}
            helperText={errors.store_id}
            required
          >
            {(stores.data ?? []).map((option) => (
              <MenuItem key={option.id} value={option.id}>
                {option.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Device name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(errors.name)}
            helperText={errors.name ?? 'e.g. Front counter tablet'}
            required
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          <div>
            <Button type="submit" variant="contained" loading={enrol.isPending}>
              Enrol this device
            </Button>
          </div>
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        message={`Make this device the kiosk of ${storeName}? You will be signed out of this browser.`}
        okLabel="Enrol"
        cancelLabel="Cancel"
        onAnswer={(answer) => {
          setConfirming(false);
          if (answer === 'Yes') enrol.mutate();
        }}
      />
    </Card>
  );
}

function DevicesCard() {
  const queryClient = useQueryClient();
  const [revoking, setRevoking] = useState<KioskDevice | null>(null);
  const devices = useQuery({
    queryKey: kioskQueryKeys.devices,
    queryFn: ({ signal }) => kioskApi.list(signal).then((r) => r.data.results),
  });
  const revoke = useMutation({
    mutationFn: (id: number) => kioskApi.revoke(id),
    onSuccess: (reply) => {
      notify.success(reply.message);
      void queryClient.invalidateQueries({ queryKey: kioskQueryKeys.devices });
    },
    onError: (error) => notify.danger(failure(error, 'Kiosk not revoked')),
  });
  const rows = devices.data ?? [];
  return (
    <Card aria-labelledby="kiosk-devices">
      <CardContent>
        <Typography id="kiosk-devices" variant="h6" component="h2" sx={{ mb: 2 }}>
          Kiosks
        </Typography>
        {devices.isError && <Alert severity="error">{failure(devices.error, 'Bad Request')}</Alert>}
        {devices.isSuccess && rows.length === 0 && (
          <Typography color="text.secondary">No kiosk is enrolled yet.</Typography>
        )}
        {rows.length > 0 && (
          <TableContainer>
            <Table size="small" aria-label="Kiosks">
              <TableHead>
                <TableRow>
                  <TableCell>Device</TableCell>
                  <TableCell>Store</TableCell>
                  <TableCell>Enrolled by</TableCell>
                  <TableCell>Enrolled</TableCell>
                  <TableCell>Last used</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((device) => (
                  <TableRow key={device.id}>
                    <TableCell>{device.name}</TableCell>
                    <TableCell>{device.store_name}</TableCell>
                    <TableCell>{device.enrolled_by_name}</TableCell>
                    <TableCell>{when(device.created_at)}</TableCell>
                    <TableCell>{when(device.last_used_at)}</TableCell>
                    <TableCell>
                      {device.revoked_at ? (
                        <Chip size="small" label={`Revoked ${when(device.revoked_at)}`} />
                      ) : (
                        <Chip size="small" color="success" label="Active" />
                      )}
                    </TableCell>
                    <TableCell align="right">
                      {!device.revoked_at && (
                        <Button
                          color="error"
                          size="small"
                          onClick={() => setRevoking(device)}
                          aria-label={`Revoke ${device.name}`}
                        >
                          Revoke
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
      <ConfirmDialog
        open={revoking !== null}
        message={`Revoke ${revoking?.name ?? 'this kiosk'}? It stops working at once.`}
        okLabel="Revoke"
        cancelLabel="Cancel"
        onAnswer={(answer) => {
          if (answer === 'Yes' && revoking) revoke.mutate(revoking.id);
          setRevoking(null);
        }}
      />
    </Card>
  );
}

/** /hr/kiosks: enrol this browser as a store's kiosk, list the company's kiosks, revoke one. */
export function KiosksPage() {
  return (
    <Stack spacing={3} sx={{ maxWidth: 1000 }}>
      <Typography variant="h5" component="h1">
        Kiosks
      </Typography>
      <EnrolCard />
      <DevicesCard />
    </Stack>
  );
}
