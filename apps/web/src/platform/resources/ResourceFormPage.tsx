import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { Reply } from '@portal/contract/envelope';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ApiError } from '../api.ts';
import { notify } from '../toasts.ts';
import { AccessDenied } from '../ui/AccessDenied.tsx';
import { putServerErrors } from '../ui/contract-form.ts';
import { useUnsavedChangesGuard } from '../ui/unsaved-changes.tsx';
import { fieldRenderers } from './fields.tsx';
import { isEditable } from './DocumentPanels.tsx';
import { emptyLine, LinesEditor, lineFormValues } from './LinesEditor.tsx';
import { isRecord } from '../is-record.ts';
import {
  fieldsFor,
  initialFormValues,
  isRequired,
  normalizeFormValues,
  withReferenceNames,
  type FormMode,
  type FormValues,
} from './form-values.ts';
import { afterSaveTarget, failureMessage, successMessage } from './outcome.ts';
import { parseRouteId } from './paths.ts';
import { createRow, updateRow, type ResourceRow } from './resource-api.ts';
import { referenceSources } from './ResourceListPage.tsx';
import { RowLoadError } from './ResourceViewPage.tsx';
import { writePermission, type ResourceEnv, type ResourceUi } from './ui.ts';
import {
  useInvalidateResource,
  useReferenceData,
  useResourceRow,
  type ReferenceData,
} from './use-resource.ts';

/**
 * A resource's create and edit screen (one screen for both, DESIGN.md): the declaration's create
 * or update schema validates in the browser as on the server; the server's field errors land on
 * their fields; SPEC.md section 8's toasts; and section 2's redirect after a successful save.
 */
export function ResourceFormPage({ ui, env }: { ui: ResourceUi; env: ResourceEnv }) {
  const { resource, paths } = ui;
  const rawId = useParams().id;
  const mode: FormMode = rawId === undefined ? 'create' : 'edit';
  const id = parseRouteId(rawId);
  const row = useResourceRow(resource, mode === 'edit' ? id : null, ui.related);
  const sources = useMemo(() => referenceSources(ui), [ui]);
  const refs = useReferenceData(sources);

  if (!env.can(writePermission(resource))) return <AccessDenied />;
  const heading = `${mode === 'edit' ? 'Edit' : 'Add'} ${resource.label.one}`;
  let body;
  if (mode === 'create') body = <ResourceForm key="new" ui={ui} mode="create" refs={refs} />;
  else if (id === null)
    body = <RowLoadError error={new ApiError(404, '')} label={resource.label.one} />;
  else if (row.isPending) body = <CircularProgress aria-label={`Loading ${resource.label.one}`} />;
  else if (row.isError) body = <RowLoadError error={row.error} label={resource.label.one} />;
  else if (!isEditable(resource, row.data))
    body = <Alert severity="info">{resource.statuses?.messages.notEditable}</Alert>;
  else body = <ResourceForm key={id} ui={ui} mode="edit" row={row.data} refs={refs} />;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Button
        component={RouterLink}
        to={paths.list}
        startIcon={<ArrowBackIcon />}
        sx={{ justifySelf: 'start' }}
      >
        {ui.title ?? resource.label.many}
      </Button>
      <Typography variant="h5" component="h1">
        {heading}
      </Typography>
      {body}
    </Box>
  );
}

interface ResourceFormProps {
  ui: ResourceUi;
  mode: FormMode;
  row?: ResourceRow;
  refs: ReadonlyMap<unknown, ReferenceData>;
  /**
   * Saves through another call than the resource's own POST/PATCH (a self-service path such as
   * PATCH /company-settings). The screen then stays where it is after a save, with no Cancel link.
   */
  send?: (body: FormValues) => Promise<Reply<ResourceRow>>;
  /** The form's name and its submit button's text, when not `Add <one>` and Save (a tab's add form). */
  labels?: { form: string; submit: string };
}

/** The create/edit form itself, for screens that load the row their own way (send). */
export function ResourceForm({ ui: declared, mode, row, refs, send, labels }: ResourceFormProps) {
  const { resource } = declared;
  // Reference fields show the row's reference names (the contract's `references`) from the start.
  const ui = useMemo(
    (): ResourceUi => ({
      ...declared,
      fields: withReferenceNames(declared.fields, resource.references),
      lines: declared.lines && {
        ...declared.lines,
        fields: withReferenceNames(declared.lines.fields, resource.lines?.references),
      },
    }),
    [declared, resource],
  );
  const { messages } = resource;
  const navigate = useNavigate();
  const invalidate = useInvalidateResource(resource);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const fields = useMemo(() => fieldsFor(ui.fields, mode), [ui.fields, mode]);
  const schema = mode === 'edit' ? resource.update : resource.create;

  // raw: the schema judges the values, but what is sent is the form's own fields as typed (zod's
  // output would add an update schema's defaults for fields the form does not have, resetting them).
  const resolver = useMemo((): Resolver<FormValues> => {
    const validate = zodResolver(schema, undefined, { raw: true });
    const lineSchema = resource.lines?.input;
    const lineFields = ui.lines?.fields ?? [];
    return (values, context, options) => {
      const normalized = normalizeFormValues(values, fields, schema, resource.create);
      // A document's lines: number boxes become numbers, each line as its own schema takes it.
      if (lineSchema && Array.isArray(values.lines))
        normalized.lines = values.lines
          .filter(isRecord)
          .map((line) => normalizeFormValues(line, lineFields, lineSchema));
      return validate(normalized, context, options);
    };
  }, [schema, fields, resource.create, resource.lines, ui.lines]);

  const savedLines = useMemo(
    () => (Array.isArray(row?.lines) ? row.lines.filter(isRecord) : []),
    [row],
  );
  const form = useForm<FormValues>({
    defaultValues: {
      ...initialFormValues(ui.fields, mode, row, ui.defaults),
      ...(ui.formSection ? { [ui.formSection.name]: ui.formSection.initial(row) } : {}),
      ...(ui.lines && resource.lines
        ? {
            lines:
              mode === 'edit'
                ? savedLines.map((line) =>
                    lineFormValues(ui.lines ?? { fields: [], columns: [] }, line),
                  )
                : [emptyLine(ui.lines)],
          }
        : {}),
    },
    resolver,
  });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);

  const save = useMutation({
    mutationFn: (body: FormValues) =>
      send
        ? send(body)
        : mode === 'edit' && row
          ? updateRow(resource, row.id, body)
          : createRow(resource, body),
    onSettled: () => invalidate(),
  });

  const submit = form.handleSubmit(async (values) => {
    setOtherErrors([]);
    try {
      const reply = await save.mutateAsync(values);
      notify.success(successMessage(reply, mode === 'edit' ? messages.updated : messages.created));
      const target =
        (mode === 'edit' ? ui.afterSave?.update : ui.afterSave?.create) ??
        resource.afterSave ??
        ui.paths.list;
      const next = send ? null : afterSaveTarget(reply, target);
      // An add form that stays (a tab's) starts over for the next row; an edit keeps what was saved.
      form.reset(send && mode === 'create' ? undefined : values);
      if (next) {
        guard.allowLeave();
        void navigate(next);
      }
    } catch (error) {
      setOtherErrors(
        putServerErrors(error, form.setError, [
          ...fields.map((field) => field.name),
          ...(ui.lines ? ['lines'] : []),
          ...(ui.formSection ? [ui.formSection.name] : []),
        ]),
      );
      notify.danger(
        failureMessage(error, mode === 'edit' ? messages.notUpdated : messages.notCreated),
      );
    }
  });

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={labels?.form ?? `${mode === 'edit' ? 'Edit' : 'Add'} ${resource.label.one}`}
      sx={{ p: 3, display: 'grid', gap: 2.5, maxWidth: 900 }}
    >
      {guard.dialog}
      {otherErrors.length > 0 && (
        <Alert severity="error">
          {otherErrors.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {fields.map((spec) => {
          const Render = fieldRenderers[spec.kind];
          const options = spec.reference
            ? (refs.get(spec.reference)?.options ?? [])
            : (spec.options ?? []);
          return (
            <Box
              key={spec.name}
              sx={spec.wide || spec.kind === 'textarea' ? { gridColumn: '1 / -1' } : undefined}
            >
              <Render
                spec={spec}
                control={form.control}
                options={options}
                required={isRequired(resource.create, spec.name)}
                disabled={form.formState.isSubmitting}
                row={row}
              />
            </Box>
          );
        })}
      </Box>
      {ui.formSection?.render({
        control: form.control,
        setValue: form.setValue,
        disabled: form.formState.isSubmitting,
      })}
      {ui.lines && resource.lines && (
        <LinesEditor
          lines={ui.lines}
          label={resource.lines.label}
          control={form.control}
          setValue={form.setValue}
          errors={form.formState.errors}
          saved={savedLines}
          disabled={form.formState.isSubmitting}
        />
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        {!send && (
          <Button component={RouterLink} to={ui.paths.list}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Saving…' : (labels?.submit ?? 'Save')}
        </Button>
      </Box>
    </Paper>
  );
}
