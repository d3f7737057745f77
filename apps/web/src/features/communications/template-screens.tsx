import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  bulletinAckModeLabels,
  bulletinAckModes,
  bulletinTemplates,
  type BulletinAckMode,
} from '@portal/contract/communications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../platform/api.ts';
import { parseRouteId } from '../../platform/resources/paths.ts';
import { createRow, updateRow, type ResourceRow } from '../../platform/resources/resource-api.ts';
import { createResourceScreens } from '../../platform/resources/screens.tsx';
import { defineResourceUi } from '../../platform/resources/ui.ts';
import { useInvalidateResource, useResourceRow } from '../../platform/resources/use-resource.ts';
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

const env = { can: hasPermission };
const modeOptions = bulletinAckModes.map((mode) => ({
  value: mode,
  label: bulletinAckModeLabels[mode],
}));

const templateUi = defineResourceUi({
  resource: bulletinTemplates,
  paths: communicationPaths.templates,
  title: 'Bulletin Templates',
  columns: [
    { field: 'name', header: 'Name' },
    { field: 'title', header: 'Title' },
    { field: 'ack_mode', header: 'Acknowledge by', kind: 'option', options: modeOptions },
    {
      field: 'questions',
      header: 'Questions',
      kind: 'number',
      value: (row) => (Array.isArray(row.questions) ? row.questions.length : 0),
      filterable: false,
      sortable: false,
    },
    { field: 'body', header: 'Message', hidden: true },
    { field: 'created_at', header: 'Created', kind: 'date', hidden: true },
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'title', label: 'Title', kind: 'text' },
    { name: 'body', label: 'Message', kind: 'textarea', wide: true },
    { name: 'ack_mode', label: 'Acknowledge by', kind: 'select', options: modeOptions },
  ],
  links: [{ label: 'New bulletin', to: communicationPaths.bulletins.create }],
  emptyMessage: 'No templates yet.',
});

interface Draft {
  name: string;
  title: string;
  body: string;
  ack_mode: BulletinAckMode;
  questions: QuestionDraft[];
}
const empty: Draft = { name: '', title: '', body: '', ack_mode: 'read', questions: [] };

function draftOf(row: ResourceRow): Draft {
  const parsed = bulletinTemplates.row.safeParse(row);
  if (!parsed.success) return empty;
  const { name, title, body, ack_mode, questions } = parsed.data;
  return { name, title, body, ack_mode, questions: questionDrafts(questions) };
}

function TemplateForm({ id, initial }: { id: number | null; initial: Draft }) {
  const navigate = useNavigate();
  const invalidate = useInvalidateResource(bulletinTemplates);
  const [draft, setDraft] = useState<Draft>(initial);
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const save = useMutation({
    mutationFn: () => {
      const body = {
        ...draft,
        questions: draft.ack_mode === 'questions' ? questionsOf(draft.questions) : [],
      };
      return id === null
        ? createRow(bulletinTemplates, body)
        : updateRow(bulletinTemplates, id, body);
    },
    onSuccess: (reply) => {
      notify.success(reply.message);
      void invalidate();
      void navigate(communicationPaths.templates.list);
    },
  });
  const errors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const errorOf = (name: string) => errors[name]?.[0];
  const text = (name: 'name' | 'title' | 'body', label: string, multiline = false) => (
    <TextField
      required
      multiline={multiline}
      minRows={multiline ? 4 : undefined}
      label={label}
      value={draft[name]}
      onChange={(event) => set({ [name]: event.target.value })}
      error={Boolean(errorOf(name))}
      helperText={errorOf(name)}
    />
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
        {id === null ? 'New Template' : 'Edit Template'}
      </Typography>
      {save.isError && <Alert severity="error">{save.error.message}</Alert>}
      {text('name', 'Template name')}
      {text('title', 'Title')}
      {text('body', 'Message', true)}
      <AckModeField mode={draft.ack_mode} questions={draft.questions} onChange={set} width={260} />
      {draft.ack_mode === 'questions' && (
        <QuestionsEditor
          questions={draft.questions}
          onChange={(questions) => set({ questions })}
          errorOf={errorOf}
        />
      )}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" loading={save.isPending}>
          Save
        </Button>
        <Button onClick={() => void navigate(communicationPaths.templates.list)}>Cancel</Button>
      </Stack>
    </Stack>
  );
}

function EditTemplate({ id }: { id: number }) {
  const existing = useResourceRow(bulletinTemplates, id);
  if (existing.isError) return <Alert severity="error">{existing.error.message}</Alert>;
  if (!existing.data) return null;
  return <TemplateForm key={id} id={id} initial={draftOf(existing.data)} />;
}

/** /communications/templates/new and edit/{id}: a template's text, acknowledgement and questions. */
function TemplateFormPage() {
  const id = parseRouteId(useParams().id);
  return (
    <RequirePermission permission="write_bulletin_templates">
      {id === null ? <TemplateForm id={null} initial={empty} /> : <EditTemplate id={id} />}
    </RequirePermission>
  );
}

/** Bulletin templates on the engine (list, view); their form edits the check questions too. */
export const templateScreens = {
  ...createResourceScreens(templateUi, env),
  Form: TemplateFormPage,
};
