import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  communicationSettingsSchema,
  publishLevelLabels,
  type CommunicationSettings,
} from '@portal/contract/communications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { z } from 'zod';
import { notify } from '../../platform/toasts.ts';
import { fieldProps, useContractForm } from '../../platform/ui/contract-form.ts';
import { FormStack } from '../../platform/ui/form.tsx';
import { FormFooter, FormSection } from '../../platform/ui/settings-form.tsx';
import { RequirePermission } from '../auth/RequirePermission.tsx';
import {
  communicationKeys,
  fetchCommunicationSettings,
  saveCommunicationSettings,
} from './communications-api.ts';

/** The form's values as typed (numbers as text, blank days: never). */
interface Values {
  ack_days: string;
  escalate_to_manager: boolean;
  in_app: boolean;
  mail: boolean;
  sms: boolean;
  publish_min_level: string;
}
const formSchema: z.ZodType<CommunicationSettings, Values> = z
  .object({
    ack_days: z.string(),
    escalate_to_manager: z.boolean(),
    in_app: z.boolean(),
    mail: z.boolean(),
    sms: z.boolean(),
    publish_min_level: z.string(),
  })
  .transform((form): z.input<typeof communicationSettingsSchema> => ({
    ack_days: form.ack_days.trim() === '' ? null : Number(form.ack_days),
    escalate_to_manager: form.escalate_to_manager,
    channels: { in_app: form.in_app, mail: form.mail, sms: form.sms },
    publish_min_level: Number(form.publish_min_level),
  }))
  .pipe(communicationSettingsSchema);

const valuesOf = (saved: CommunicationSettings): Values => ({
  ack_days: saved.ack_days === null ? '' : String(saved.ack_days),
  escalate_to_manager: saved.escalate_to_manager,
  ...saved.channels,
  publish_min_level: String(saved.publish_min_level),
});

function Check({
  control,
  name,
  label,
}: {
  control: Control<Values, unknown, CommunicationSettings>;
  name: 'escalate_to_manager' | 'in_app' | 'mail' | 'sms';
  label: string;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={
            <Checkbox
              checked={field.value === true}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
              inputRef={field.ref}
            />
          }
        />
      )}
    />
  );
}

function SettingsForm({ initial }: { initial: CommunicationSettings }) {
  const queryClient = useQueryClient();
  const form = useContractForm(formSchema, { defaultValues: valuesOf(initial) });
  const [problems, setProblems] = useState<string[]>([]);
  const save = useMutation({
    mutationFn: saveCommunicationSettings,
    onMutate: () => setProblems([]),
    onSuccess: (reply) => {
      notify.success(reply.message);
      form.reset(valuesOf(reply.data));
      queryClient.setQueryData(communicationKeys.settings, reply.data);
    },
    onError: (error) => {
      // The API's field names (channels.mail) map onto the form's as far as they share them.
      const other = form.serverErrors(error);
      setProblems(other.length ? other : [error.message]);
    },
  });
  const { control } = form;
  return (
    <FormStack onSubmit={(event) => void form.handleSubmit((body) => save.mutate(body))(event)}>
      {form.guard.dialog}
      <FormSection title="Acknowledgement and escalation">
        <Stack spacing={2}>
          <Controller
            name="ack_days"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...fieldProps(field)}
                type="number"
                label="Acknowledge within (days)"
                slotProps={{ htmlInput: { min: 1, max: 60, step: 1 } }}
                error={fieldState.invalid}
                helperText={
                  fieldState.error?.message ??
                  'A new bulletin’s escalation delay. Blank: never escalate by default.'
                }
                sx={{ maxWidth: 320 }}
              />
            )}
          />
          <Check
            control={control}
            name="escalate_to_manager"
            label="Escalate people who have not acknowledged in time to their manager"
          />
        </Stack>
      </FormSection>
      <FormSection title="Default channels of a new bulletin">
        <FormGroup row>
          <Check control={control} name="in_app" label="In the app" />
          <Check control={control} name="mail" label="Mail" />
          <Check control={control} name="sms" label="SMS" />
        </FormGroup>
        <Typography variant="body2" color="text.secondary">
          Each person’s choices at Control Notifications still apply.
        </Typography>
      </FormSection>
      <FormSection title="Publishing">
        <Controller
          name="publish_min_level"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...fieldProps(field)}
              select
              label="Who may publish"
              error={fieldState.invalid}
              helperText={fieldState.error?.message ?? 'Besides the permission to write bulletins'}
              sx={{ maxWidth: 420 }}
            >
              {Object.entries(publishLevelLabels).map(([level, label]) => (
                <MenuItem key={level} value={level}>
                  {label}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </FormSection>
      <FormFooter problems={problems} pending={save.isPending} />
    </FormStack>
  );
}

/**
 * /communications/settings: the company's defaults for new bulletins (escalation delay, channels),
 * whether late people go to their manager and who may publish. A region, district or store can
 * switch the escalation off for its people (the inherited setting).
 */
export function CommunicationSettingsPage() {
  const saved = useQuery({
    queryKey: communicationKeys.settings,
    queryFn: ({ signal }) => fetchCommunicationSettings(signal),
  });
  return (
    <RequirePermission permission="can_edit_own_company_settings">
      <Stack spacing={2} sx={{ maxWidth: 820 }}>
        <Typography variant="h5" component="h1">
          Communication Settings
        </Typography>
        {saved.isPending && <CircularProgress aria-label="Loading communication settings" />}
        {saved.isError && <Alert severity="error">{saved.error.message}</Alert>}
        {saved.data && <SettingsForm initial={saved.data} />}
      </Stack>
    </RequirePermission>
  );
}
