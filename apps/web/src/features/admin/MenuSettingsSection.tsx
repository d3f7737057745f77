import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { LOTUS_GROUP_NAME, lotusResources, type LotusResourceKey } from '@portal/contract/lotus';
import { allPermissions } from '@portal/contract/permissions';
import {
  menuSettingsMessages,
  menuSettingsSchema,
  type MenuSettings,
} from '@portal/contract/shell';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { api } from '../../platform/api.ts';
import { failureMessage, successMessage } from '../../platform/resources/outcome.ts';
import { notify } from '../../platform/toasts.ts';
import { putServerErrors } from '../../platform/ui/contract-form.ts';
import { FormStack, FormTextField } from '../../platform/ui/form.tsx';
import { FormSection } from '../../platform/ui/settings-form.tsx';
import { shellQueryKeys } from '../shell/shell-api.ts';
import { permissionLabel } from './labels.ts';

/** SPEC.md's company settings (shell module): the caller's own company's menu. */
const MENU_SETTINGS_PATH = '/company-settings/menu';

interface MenuForm {
  lotus_resources: LotusResourceKey[];
  /** '' for everyone. */
  lotus_group_permission: string;
  reporting_link_host: string;
  reporting_link_url: string;
}

const formOf = (menu: MenuSettings): MenuForm => ({
  lotus_resources: [...menu.lotus_resources],
  lotus_group_permission: menu.lotus_group_permission ?? '',
  reporting_link_host: menu.reporting_link_host ?? '',
  reporting_link_url: menu.reporting_link_url ?? '',
});

/**
 * The company's menu settings on /my-company-settings (PATCH /company-settings/menu): which All
 * Lotus Resources entries show, who sees the group, and the host-bound Reporting link. Only the
 * fields changed here are sent, so a change made meanwhile elsewhere is kept.
 */
export function MenuSettingsSection({ menu }: { menu: MenuSettings }) {
  const queryClient = useQueryClient();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, dirtyFields },
  } = useForm<MenuForm>({ defaultValues: formOf(menu) });
  const save = useMutation({
    mutationFn: (body: Partial<Record<keyof MenuForm, unknown>>) =>
      api.patch(MENU_SETTINGS_PATH, body, menuSettingsSchema),
    onSuccess: (reply) => {
      notify.success(successMessage(reply, menuSettingsMessages.updated));
      reset(formOf(reply.data));
      // The side menu reads these settings.
      void queryClient.invalidateQueries({ queryKey: shellQueryKeys.settings });
    },
    onError: (error) => {
      putServerErrors(error, setError, [
        'lotus_resources',
        'lotus_group_permission',
        'reporting_link_host',
        'reporting_link_url',
      ]);
      notify.danger(failureMessage(error, menuSettingsMessages.notUpdated));
    },
  });
  const submit = handleSubmit((values) => {
    const body: Partial<Record<keyof MenuForm, unknown>> = {};
    for (const key of Object.keys(values) as (keyof MenuForm)[]) {
      if (!dirtyFields[key]) continue;
      const value = values[key];
      body[key] = value === '' ? null : value;
    }
    save.mutate(body);
  });

  return (
    <FormSection title="Menu">
      <FormStack onSubmit={(event) => void submit(event)}>
        <Controller
          name="lotus_resources"
          control={control}
          render={({ field }) => (
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <FormLabel component="legend">{LOTUS_GROUP_NAME}</FormLabel>
              <FormGroup row>
                {lotusResources.map((resource) => (
                  <FormControlLabel
                    key={resource.key}
                    label={resource.name}
                    control={
                      <Checkbox
                        checked={field.value.includes(resource.key)}
                        onChange={(event) =>
                          field.onChange(
                            event.target.checked
                              ? lotusResources
                                  .map((each) => each.key)
                                  .filter(
                                    (key) => key === resource.key || field.value.includes(key),
                                  )
                              : field.value.filter((key) => key !== resource.key),
                          )
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
            </Box>
          )}
        />
        <Controller
          name="lotus_group_permission"
          control={control}
          render={({ field }) => (
            <TextField
              select
              label={`Who sees ${LOTUS_GROUP_NAME}`}
              value={field.value}
              onChange={(event) => field.onChange(event.target.value)}
              error={Boolean(errors.lotus_group_permission)}
              helperText={errors.lotus_group_permission?.message}
              fullWidth
            >
              <MenuItem value="">Everyone</MenuItem>
              {allPermissions.map((permission) => (
                <MenuItem key={permission} value={permission}>
                  Users who may: {permissionLabel(permission)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <FormTextField
          registration={register('reporting_link_host')}
          error={errors.reporting_link_host}
          label="Reporting link: shown on this host"
          required={false}
          helperText="e.g. portal.example.com; empty: no Reporting link"
        />
        <FormTextField
          registration={register('reporting_link_url')}
          error={errors.reporting_link_url}
          label="Reporting link: opens"
          required={false}
          helperText="An https:// address, opened in a new tab"
        />
        <Box>
          <Button type="submit" variant="contained" loading={save.isPending}>
            Save menu
          </Button>
        </Box>
      </FormStack>
    </FormSection>
  );
}
