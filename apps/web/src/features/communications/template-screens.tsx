import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  bulletinAckModeLabels,
  bulletinAckModes,
  bulletinTemplates,
  type BulletinAckMode,
} from '@portal/contract/communications';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { parseRouteId } from '../../platform/resources/paths.ts';
import { createRow, updateRow, type ResourceRow } from '../../platform/resources/resource-api.ts';
import { createResourceScreens } from '../../platform/resources/screens.tsx';
import { defineResourceUi } from '../../platform/resources/ui.ts';
import { useInvalidateResource, useResourceRow } from '../../platform/resources/use-resource.ts';
import { notify } from '../../platform/toasts.ts';
import { useContractForm } from '../../platform/ui/contract-form.ts';
import { FormTextField } from '../../platform/ui/form.tsx';
import { RequirePermission } from '../auth/RequirePermission.tsx';
import { hasPermission } from '../auth/session.ts';
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

/** The form's values as typed; the form schemas turn them into the API's body. */
interface TemplateFormValues {
  name: string;
  title: string;
  body: string;
  ack_mode: BulletinAckMode;
  questions: QuestionDraft[];
}
const empty: TemplateFormValues = {
  name: '',
  title: '',
  body: '',
  ack_mode: 'read',
  questions: [],
};

function valuesOf(row: ResourceRow): TemplateFormValues {
  const parsed = bulletinTemplates.row.safeParse(row);
  if (!parsed.success) return empty;
  const { name, title, body, ack_mode, questions } = parsed.data;
  return { name, title, body, ack_mode, questions: questionDrafts(questions) };
}

const formFields = z.object({
  name: z.string(),
  title: z.string(),
  body: z.string(),
  ack_mode: z.enum(bulletinAckModes),
  questions: questionDraftsField,
});
const bodyOf = (form: z.output<typeof formFields>): z.input<typeof bulletinTemplates.create> => ({
  ...form,
  questions: questionsOf(form.ack_mode, form.questions),
});
type TemplateBody = z.output<typeof bulletinTemplates.update>;
/** A template checked as the API checks it: the contract's create or update schema, the questions. */
const createForm: z.ZodType<TemplateBody, TemplateFormValues> = formFields
  .transform(bodyOf)
  .pipe(bulletinTemplates.create.superRefine(checkQuestions));
const editForm: z.ZodType<TemplateBody, TemplateFormValues> = formFields
  .transform((form): z.input<typeof bulletinTemplates.update> => bodyOf(form))
  .pipe(bulletinTemplates.update.superRefine(checkQuestions));

function TemplateForm({ id, initial }: { id: number | null; initial: TemplateFormValues }) {
  const navigate = useNavigate();
  const invalidate = useInvalidateResource(bulletinTemplates);
  const form = useContractForm(id === null ? createForm : editForm, { defaultValues: initial });
  const { control } = form;
  const save = useMutation({
    mutationFn: (body: TemplateBody) =>
      id === null ? createRow(bulletinTemplates, body) : updateRow(bulletinTemplates, id, body),
    onSuccess: (reply) => {
      notify.success(reply.message);
      void invalidate();
      form.guard.allowLeave();
      void navigate(communicationPaths.templates.list);
    },
    onError: (error) => form.serverErrors(error),
  });
  const submit = form.handleSubmit((body) => save.mutate(body));
  const text = (name: 'name' | 'title' | 'body', label: string, multiline = false) => (
    <FormTextField
      multiline={multiline}
      minRows={multiline ? 4 : undefined}
      label={label}
      registration={form.register(name)}
      error={form.formState.errors[name]}
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
        {id === null ? 'New Template' : 'Edit Template'}
      </Typography>
      {save.isError && <Alert severity="error">{save.error.message}</Alert>}
      {text('name', 'Template name')}
      {text('title', 'Title')}
      {text('body', 'Message', true)}
      <AckModeController control={control} width={260} />
      <AckQuestionsController control={control} />
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
  return <TemplateForm key={id} id={id} initial={valuesOf(existing.data)} />;
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
