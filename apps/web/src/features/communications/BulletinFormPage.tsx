import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  bulletinAckModes,
  bulletins,
  bulletinTemplates,
  recipientLists,
  type BulletinAckMode,
  type CommunicationSettings,
} from '@portal/contract/communications';
import { roles } from '@portal/contract/resources/access';
import { districts, regions, stores } from '@portal/contract/resources/organisation';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { parseRouteId } from '../../platform/resources/paths.ts';
import { resourceKeys } from '../../platform/resources/query-keys.ts';
import {
  createRow,
  fetchList,
  updateRow,
  type ResourceRow,
} from '../../platform/resources/resource-api.ts';
import type { ReferenceSource } from '../../platform/resources/ui.ts';
import {
  useInvalidateResource,
  useReferenceData,
  useResourceRow,
} from '../../platform/resources/use-resource.ts';
import { notify } from '../../platform/toasts.ts';
import { fieldProps, useContractForm } from '../../platform/ui/contract-form.ts';
import { FormTextField } from '../../platform/ui/form.tsx';
import { RequirePermission } from '../auth/RequirePermission.tsx';
import { hasPermission } from '../auth/session.ts';
import { communicationKeys, fetchCommunicationSettings } from './communications-api.ts';
import { communicationPaths } from './paths.ts';
import {
  AckModeController,
  AckQuestionsController,
  checkQuestions,
  questionDrafts,
  questionDraftsField,
  questionsOf,
  type QuestionDraft,
} from './QuestionsEditor.tsx';

const byName = (row: ResourceRow) => (typeof row.name === 'string' ? row.name : `#${row.id}`);
const active = { is_active: 'true' };
const sources = {
  region_ids: { resource: regions, label: byName, filter: active },
  district_ids: { resource: districts, label: byName, filter: active },
  store_ids: { resource: stores, label: byName, filter: active },
  role_ids: { resource: roles, label: byName, filter: active },
  list_ids: { resource: recipientLists, label: byName },
} satisfies Record<string, ReferenceSource>;
const templateParams = { page: 0, perPage: 500, sort: 'name' };
const sourceList = Object.values(sources);
type AudienceField = keyof typeof sources;
const audienceLabels: Record<AudienceField, string> = {
  region_ids: 'Regions',
  district_ids: 'Districts',
  store_ids: 'Stores',
  role_ids: 'Roles',
  list_ids: 'Lists',
};

/** The form's values as typed; the form schemas turn them into the API's body. */
interface BulletinFormValues {
  title: string;
  body: string;
  ack_mode: BulletinAckMode;
  questions: QuestionDraft[];
  region_ids: string[];
  district_ids: string[];
  store_ids: string[];
  role_ids: string[];
  list_ids: string[];
  /** whole days, blank: never escalate */
  escalate_after_days: string;
  /** how its publication is announced */
  in_app: boolean;
  mail: boolean;
  sms: boolean;
  material: boolean;
}
const empty: BulletinFormValues = {
  title: '',
  body: '',
  ack_mode: 'read',
  questions: [],
  region_ids: [],
  district_ids: [],
  store_ids: [],
  role_ids: [],
  list_ids: [],
  escalate_after_days: '',
  in_app: true,
  mail: false,
  sms: false,
  material: false,
};
/** A new bulletin starts from the company's settings (/communications/settings). */
const fromSettings = (settings: CommunicationSettings): BulletinFormValues => ({
  ...empty,
  escalate_after_days: settings.ack_days === null ? '' : String(settings.ack_days),
  ...settings.channels,
});
function valuesOf(row: ResourceRow): BulletinFormValues {
  const parsed = bulletins.row.safeParse(row);
  if (!parsed.success) return empty;
  const b = parsed.data;
  return {
    title: b.title,
    body: b.body,
    ack_mode: b.ack_mode,
    questions: questionDrafts(b.questions),
    region_ids: b.region_ids.map(String),
    district_ids: b.district_ids.map(String),
    store_ids: b.store_ids.map(String),
    role_ids: b.role_ids.map(String),
    list_ids: b.list_ids.map(String),
    escalate_after_days: b.escalate_after_days === null ? '' : String(b.escalate_after_days),
    ...b.channels,
    material: false,
  };
}

const ids = z.array(z.string());
const formFields = z.object({
  title: z.string(),
  body: z.string(),
  ack_mode: z.enum(bulletinAckModes),
  questions: questionDraftsField,
  region_ids: ids,
  district_ids: ids,
  store_ids: ids,
  role_ids: ids,
  list_ids: ids,
  escalate_after_days: z.string(),
  in_app: z.boolean(),
  mail: z.boolean(),
  sms: z.boolean(),
  material: z.boolean(),
});
const bodyOf = (form: z.output<typeof formFields>): z.input<typeof bulletins.create> => ({
  title: form.title,
  body: form.body,
  ack_mode: form.ack_mode,
  questions: questionsOf(form.ack_mode, form.questions),
  region_ids: form.region_ids.map(Number),
  district_ids: form.district_ids.map(Number),
  store_ids: form.store_ids.map(Number),
  role_ids: form.role_ids.map(Number),
  list_ids: form.list_ids.map(Number),
  escalate_after_days:
    form.escalate_after_days.trim() === '' ? null : Number(form.escalate_after_days),
  channels: { in_app: form.in_app, mail: form.mail, sms: form.sms },
});
type BulletinBody = z.output<typeof bulletins.update>;
/** A new bulletin, checked as the API checks it (the contract's create schema, the questions). */
const createForm: z.ZodType<BulletinBody, BulletinFormValues> = formFields
  .transform(bodyOf)
  .pipe(bulletins.create.superRefine(checkQuestions));
/** An edit: the same, and whether it is a material change. */
const editForm: z.ZodType<BulletinBody, BulletinFormValues> = formFields
  .transform((form): z.input<typeof bulletins.update> => ({
    ...bodyOf(form),
    material: form.material,
  }))
  .pipe(bulletins.update.superRefine(checkQuestions));

function BulletinForm({ id, initial }: { id: number | null; initial: BulletinFormValues }) {
  const navigate = useNavigate();
  const invalidate = useInvalidateResource(bulletins);
  const choices = useReferenceData(sourceList);
  const templates = useQuery({
    queryKey: resourceKeys(bulletinTemplates.name).list(templateParams),
    queryFn: ({ signal }) => fetchList(bulletinTemplates, templateParams, signal),
    enabled: id === null && hasPermission('read_bulletin_templates'),
  });
  const templateRows = templates.data?.results ?? [];
  const [template, setTemplate] = useState('');
  const form = useContractForm(id === null ? createForm : editForm, { defaultValues: initial });
  const { control } = form;
  const listIds = form.watch('list_ids');
  const save = useMutation({
    mutationFn: (body: BulletinBody) =>
      id === null ? createRow(bulletins, body) : updateRow(bulletins, id, body),
    onSuccess: (reply) => {
      notify.success(reply.message);
      void invalidate();
      form.guard.allowLeave();
      void navigate(communicationPaths.bulletins.list);
    },
    onError: (error) => form.serverErrors(error),
  });
  const submit = form.handleSubmit((body) => save.mutate(body));
  /** Start from template: the template's title, message and acknowledgement fill the form. */
  const startFrom = (templateId: string) => {
    setTemplate(templateId);
    const row = templateRows.find((one) => String(one.id) === templateId);
    const parsed = bulletinTemplates.row.safeParse(row);
    if (!parsed.success) return;
    const filled = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue('title', parsed.data.title, filled);
    form.setValue('body', parsed.data.body, filled);
    form.setValue('ack_mode', parsed.data.ack_mode, filled);
    form.setValue('questions', questionDrafts(parsed.data.questions), filled);
  };

  const audience = (name: AudienceField) => (
    <Controller
      key={name}
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={audienceLabels[name]}
          name={field.name}
          value={field.value}
          inputRef={field.ref}
          onBlur={field.onBlur}
          slotProps={{ select: { multiple: true } }}
          onChange={(event) => {
            const value: unknown = event.target.value;
            field.onChange(Array.isArray(value) ? value.map(String) : String(value).split(','));
          }}
          error={fieldState.invalid}
          helperText={
            fieldState.error?.message ??
            (name === 'list_ids'
              ? 'Their members are reached besides'
              : listIds.length
                ? 'None chosen: only the lists’ members'
                : 'None chosen: everyone')
          }
          sx={{ minWidth: 200, flex: 1 }}
        >
          {(choices.get(sources[name])?.options ?? []).map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      sx={{ maxWidth: 820 }}
      onSubmit={(event) => void submit(event)}
    >
      {form.guard.dialog}
      <Typography variant="h5" component="h1">
        {id === null ? 'New Bulletin' : 'Edit Bulletin'}
      </Typography>
      {save.isError && <Alert severity="error">{save.error.message}</Alert>}
      {id === null && templateRows.length > 0 && (
        <TextField
          select
          label="Start from template"
          value={template}
          onChange={(event) => startFrom(event.target.value)}
          helperText="Fills the title, message and acknowledgement"
          sx={{ maxWidth: 400 }}
        >
          {templateRows.map((row) => (
            <MenuItem key={row.id} value={String(row.id)}>
              {byName(row)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <FormTextField
        label="Title"
        registration={form.register('title')}
        error={form.formState.errors.title}
      />
      <FormTextField
        multiline
        minRows={4}
        label="Message"
        registration={form.register('body')}
        error={form.formState.errors.body}
      />
      <Typography variant="h6" component="h2">
        Audience
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ flexWrap: 'wrap' }}>
        {(['region_ids', 'district_ids'] as const).map(audience)}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ flexWrap: 'wrap' }}>
        {(['store_ids', 'role_ids'] as const).map(audience)}
      </Stack>
      {(choices.get(sources.list_ids)?.options.length ?? 0) > 0 && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {audience('list_ids')}
        </Stack>
      )}
      <Typography variant="h6" component="h2">
        Acknowledgement
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <AckModeController control={control} width={220} />
        <Controller
          name="escalate_after_days"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...fieldProps(field)}
              type="number"
              label="Escalate to manager after (days)"
              slotProps={{ htmlInput: { min: 1, max: 60, step: 1 } }}
              error={fieldState.invalid}
              helperText={
                fieldState.error?.message ??
                'Blank: never. Those who have not acknowledged by then are reported to their manager.'
              }
              sx={{ minWidth: 260 }}
            />
          )}
        />
      </Stack>
      <AckQuestionsController control={control} />
      <Typography variant="h6" component="h2">
        Channels
      </Typography>
      <FormGroup row aria-label="Announce on">
        {(
          [
            ['in_app', 'In the app'],
            ['mail', 'Mail'],
            ['sms', 'SMS'],
          ] as const
        ).map(([name, label]) => (
          <Controller
            key={name}
            name={name}
            control={control}
            render={({ field }) => (
              <FormControlLabel
                label={label}
                control={
                  <Checkbox
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                  />
                }
              />
            )}
          />
        ))}
      </FormGroup>
      {id !== null && (
        <Controller
          name="material"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              label="Material change: everyone acknowledges the new version again"
              control={
                <Checkbox
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                />
              }
            />
          )}
        />
      )}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {id === null ? 'Publish' : 'Save'}
        </Button>
        <Button onClick={() => void navigate(communicationPaths.bulletins.list)}>Cancel</Button>
      </Stack>
    </Stack>
  );
}

function EditBulletin({ id }: { id: number }) {
  const existing = useResourceRow(bulletins, id);
  if (existing.isError) return <Alert severity="error">{existing.error.message}</Alert>;
  if (!existing.data) return null;
  return <BulletinForm key={id} id={id} initial={valuesOf(existing.data)} />;
}

function NewBulletin() {
  const settings = useQuery({
    queryKey: communicationKeys.settings,
    queryFn: ({ signal }) => fetchCommunicationSettings(signal),
  });
  if (settings.isPending) return null;
  // Without the settings (not readable), the form starts from the built-in defaults.
  return <BulletinForm id={null} initial={settings.data ? fromSettings(settings.data) : empty} />;
}

/** /communications/new and /communications/edit/{id}: a bulletin, its audience and questions. */
export function BulletinFormPage() {
  const id = parseRouteId(useParams().id);
  return (
    <RequirePermission permission="write_bulletins">
      {id === null ? <NewBulletin /> : <EditBulletin id={id} />}
    </RequirePermission>
  );
}
