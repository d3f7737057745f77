import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  companyHrSettingsSchema,
  storeHrSettingsSchema,
  type CompanyHrSettings,
  type StoreHrSettings,
} from '@portal/contract/hr';
import type { FaceMode } from '@portal/contract/hr-face';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../platform/api.ts';
import { notify } from '../../platform/toasts.ts';
import { InheritSelect } from '../../platform/ui/InheritSelect.tsx';

type Choice = 'inherit' | 'yes' | 'no';
type ModeChoice = 'inherit' | FaceMode;

const asChoice = (value: boolean | null): Choice =>
  value === null ? 'inherit' : value ? 'yes' : 'no';
const fromChoice = (choice: Choice): boolean | null =>
  choice === 'inherit' ? null : choice === 'yes';

/**
 * The face check policy in /hr/settings: required or not for the company, and block (refuse a
 * different person) or flag (accept the punch and flag it for a manager); a store may override
 * both. SPEC.md section 8: a failed save raises only an error state.
 */
export function FaceSettingsCard({
  company,
  store,
  canWrite,
}: {
  company: CompanyHrSettings;
  store: StoreHrSettings;
  canWrite: boolean;
}) {
  const queryClient = useQueryClient();
  const [required, setRequired] = useState(company.face_check_required);
  const [mode, setMode] = useState<FaceMode>(company.face_check_mode);
  const [storeRequired, setStoreRequired] = useState<Choice>(asChoice(store.face_check_required));
  const [storeMode, setStoreMode] = useState<ModeChoice>(store.face_check_mode ?? 'inherit');
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['hr', 'settings'] });
  const saveCompany = useMutation({
    mutationFn: () =>
      api.post(
        '/hr-settings-companies',
        { face_check_required: required, face_check_mode: mode },
        companyHrSettingsSchema,
      ),
    onSuccess: (reply) => {
      notify.success(reply.message);
      void refresh();
    },
  });
  const saveStore = useMutation({
    mutationFn: () =>
      api.post(
        '/hr-settings-stores',
        {
          store_id: store.store_id,
          face_check_required: fromChoice(storeRequired),
          face_check_mode: storeMode === 'inherit' ? null : storeMode,
        },
        storeHrSettingsSchema,
      ),
    onSuccess: (reply) => {
      notify.success(reply.message);
      void refresh();
    },
  });
  return (
    <Card component="section" aria-labelledby="face-check-settings">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="face-check-settings" variant="h6" component="h2">
            Face check
          </Typography>
          <Typography variant="body2" color="text.secondary">
            When required, every clock in, clock out and break needs a photo that matches the
            employee&apos;s enrolled face. Block refuses a different person; Flag accepts the punch
            and lists it for a manager&apos;s review.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
            <FormControlLabel
              control={
                <Switch
                  checked={required}
                  onChange={(event) => setRequired(event.target.checked)}
                  disabled={!canWrite}
                />
              }
              label="Face check required (company)"
            />
            <TextField
              select
              size="small"
              label="Company face check mode"
              value={mode}
              onChange={(event) => setMode(event.target.value === 'flag' ? 'flag' : 'block')}
              disabled={!canWrite}
              sx={{ minWidth: 220 }}
            >
              <MenuItem value="block">Block a different person</MenuItem>
              <MenuItem value="flag">Accept and flag for review</MenuItem>
            </TextField>
            <Button
              variant="contained"
              onClick={() => saveCompany.mutate()}
              disabled={!canWrite}
              loading={saveCompany.isPending}
            >
              Save company face check
            </Button>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
            <InheritSelect
              size="small"
              label={`Face check at ${store.store_name}`}
              value={storeRequired}
              options={[
                ['yes', 'Required'],
                ['no', 'Not required'],
              ]}
              onChange={setStoreRequired}
              disabled={!canWrite}
              minWidth={220}
            />
            <InheritSelect
              size="small"
              label="Store face check mode"
              value={storeMode}
              options={[
                ['block', 'Block a different person'],
                ['flag', 'Accept and flag for review'],
              ]}
              onChange={setStoreMode}
              disabled={!canWrite}
              minWidth={220}
            />
            <Button
              variant="contained"
              onClick={() => saveStore.mutate()}
              disabled={!canWrite}
              loading={saveStore.isPending}
            >
              Save store face check
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
