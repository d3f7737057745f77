import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  bulletins,
  bulletinTemplates,
  recipientLists,
  type BulletinAckMode,
} from '@portal/contract/communications';
import { roles } from '@portal/contract/resources/access';
import { districts, regions, stores } from '@portal/contract/resources/organisation';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../platform/api.ts';
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
import { RequirePermission } from '../auth/RequirePermission.tsx';
import { hasPermission } from '../auth/session.ts';
import { communicationPaths } from './paths.ts';
import {
  AckModeField,
  questionDrafts,
  questionsOf,
  QuestionsEditor,
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

interface Draft {
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
  material: boolean;
}
const empty: Draft = {
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
  material: false,
};
function draftOf(row: ResourceRow): Draft {
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
    material: false,
  };
}

function BulletinForm({ id, initial }: { id: number | null; initial: Draft }) {
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
  const [draft, setDraft] = useState<Draft>(initial);
  const save = useMutation({
    mutationFn: () => {
      const body = {
        title: draft.title,
        body: draft.body,
        ack_mode: draft.ack_mode,
        questions: draft.ack_mode === 'questions' ? questionsOf(draft.questions) : [],
        region_ids: draft.region_ids.map(Number),
        district_ids: draft.district_ids.map(Number),
        store_ids: draft.store_ids.map(Number),
        role_ids: draft.role_ids.map(Number),
        list_ids: draft.list_ids.map(Number),
        escalate_after_days:
          draft.escalate_after_days.trim() === '' ? null : Number(draft.escalate_after_days),
      };
      return id === null
        ? createRow(bulletins, body)
        : updateRow(bulletins, id, { ...body, material: draft.material });
    },
    onSuccess: (reply) => {
      notify.success(reply.message);
      void invalidate();
      void navigate(communicationPaths.bulletins.list);
    },
  });
  const errors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const errorOf = (name: string) => errors[name]?.[0];
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  /** Start from template: the template's title, message and acknowledgement fill the form. */
  const startFrom = (templateId: string) => {
    setTemplate(templateId);
    const row = templateRows.find((one) => String(one.id) === templateId);
    const parsed = bulletinTemplates.row.safeParse(row);
    if (!parsed.success) return;
    set({
      title: parsed.data.title,
      body: parsed.data.body,
      ack_mode: parsed.data.ack_mode,
      questions: questionDrafts(parsed.data.questions),
    });
  };

  const audience = (field: AudienceField) => (
    <TextField
      key={field}
      select
      label={audienceLabels[field]}
      value={draft[field]}
      slotProps={{ select: { multiple: true } }}
      onChange={(event) => {
        const value: unknown = event.target.value;
        set({
          [field]: Array.isArray(value) ? value.map(String) : String(value).split(','),
        });
      }}
      error={Boolean(errorOf(field))}
      helperText={
        errorOf(field) ??
        (field === 'list_ids'
          ? 'Their members are reached besides'
          : draft.list_ids.length
            ? 'None chosen: only the lists’ members'
            : 'None chosen: everyone')
      }
      sx={{ minWidth: 200, flex: 1 }}
    >
      {(choices.get(sources[field])?.options ?? []).map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      sx={{ maxWidth: 820 }}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
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
      <TextField
        required
        label="Title"
        value={draft.title}
        onChange={(event) => set({ title: event.target.value })}
        error={Boolean(errorOf('title'))}
        helperText={errorOf('title')}
      />
      <TextField
        required
        multiline
        minRows={4}
        label="Message"
        value={draft.body}
        onChange={(event) => set({ body: event.target.value })}
        error={Boolean(errorOf('body'))}
        helperText={errorOf('body')}
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
        <AckModeField
          mode={draft.ack_mode}
          questions={draft.questions}
          onChange={set}
          width={220}
        />
        <TextField
          type="number"
          label="Escalate to manager after (days)"
          value={draft.escalate_after_days}
          onChange={(event) => set({ escalate_after_days: event.target.value })}
          slotProps={{ htmlInput: { min: 1, max: 60, step: 1 } }}
          error={Boolean(errorOf('escalate_after_days'))}
          helperText={
            errorOf('escalate_after_days') ??
            'Blank: never. Those who have not acknowledged by then are reported to their manager.'
          }
          sx={{ minWidth: 260 }}
        />
      </Stack>
      {draft.ack_mode === 'questions' && (
        <QuestionsEditor
          questions={draft.questions}
          onChange={(questions) => set({ questions })}
          errorOf={errorOf}
        />
      )}
      {id !== null && (
        <FormControlLabel
          label="Material change: everyone acknowledges the new version again"
          control={
            <Checkbox
              checked={draft.material}
              onChange={(event) => set({ material: event.target.checked })}
            />
          }
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
  return <BulletinForm key={id} id={id} initial={draftOf(existing.data)} />;
}

/** /communications/new and /communications/edit/{id}: a bulletin, its audience and questions. */
export function BulletinFormPage() {
  const id = parseRouteId(useParams().id);
  return (
    <RequirePermission permission="write_bulletins">
      {id === null ? <BulletinForm id={null} initial={empty} /> : <EditBulletin id={id} />}
    </RequirePermission>
  );
}
