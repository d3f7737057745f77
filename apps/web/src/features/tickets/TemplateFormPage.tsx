import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  templateFieldKinds,
  ticketPriorities,
  ticketTemplates,
  ticketTypes,
  type TemplateField,
} from '@portal/contract/resources/tickets';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../platform/api.ts';
import { parseRouteId } from '../../platform/resources/paths.ts';
import { createRow, updateRow, type ResourceRow } from '../../platform/resources/resource-api.ts';
import type { ReferenceSource } from '../../platform/resources/ui.ts';
import {
  useInvalidateResource,
  useReferenceData,
  useResourceRow,
} from '../../platform/resources/use-resource.ts';
import { notify } from '../../platform/toasts.ts';
import { FormStack } from '../../platform/ui/form.tsx';
import { RequirePermission } from '../auth/RequirePermission.tsx';
import { ticketPaths } from './paths.ts';

const byName = (row: ResourceRow) => (typeof row.name === 'string' ? row.name : `#${row.id}`);
const typeSource: ReferenceSource = { resource: ticketTypes, label: byName };
const prioritySource: ReferenceSource = { resource: ticketPriorities, label: byName };
const sources = [typeSource, prioritySource];
const kindLabels: Record<TemplateField['kind'], string> = {
  text: 'Text',
  number: 'Number',
  date: 'Date',
};

interface Draft {
  name: string;
  type_id: string;
  priority_id: string;
  subject: string;
  detail: string;
  fields: TemplateField[];
}
const empty: Draft = {
  name: '',
  type_id: '',
  priority_id: '',
  subject: '',
  detail: '',
  fields: [],
};

/** A label as a field key: "Till number" -> "till_number". */
const keyOf = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '')
    .slice(0, 40) || 'field';

function draftOf(row: ResourceRow): Draft {
  const parsed = ticketTemplates.row.safeParse(row);
  if (!parsed.success) return empty;
  const template = parsed.data;
  return {
    name: template.name,
    type_id: String(template.type_id),
    priority_id: template.priority_id === null ? '' : String(template.priority_id),
    subject: template.subject,
    detail: template.detail ?? '',
    fields: template.fields,
  };
}

function TemplateForm({ id, initial }: { id: number | null; initial: Draft }) {
  const navigate = useNavigate();
  const invalidate = useInvalidateResource(ticketTemplates);
  const choices = useReferenceData(sources);
  const [draft, setDraft] = useState<Draft>(initial);
  const save = useMutation({
    mutationFn: () => {
      const body = {
        name: draft.name,
        type_id: Number(draft.type_id) || null,
        priority_id: draft.priority_id ? Number(draft.priority_id) : null,
        subject: draft.subject,
        detail: draft.detail || null,
        fields: draft.fields,
      };
      return id === null ? createRow(ticketTemplates, body) : updateRow(ticketTemplates, id, body);
    },
    onSuccess: (reply) => {
      notify.success(reply.message);
      void invalidate();
      void navigate(ticketPaths.templates.list);
    },
  });
  const errors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const errorOf = (name: string) => errors[name]?.[0];
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const setField = (index: number, patch: Partial<TemplateField>) =>
    set({
      fields: draft.fields.map((field, at) => (at === index ? { ...field, ...patch } : field)),
    });
  const select = (
    name: 'type_id' | 'priority_id',
    label: string,
    source: ReferenceSource,
    required: boolean,
  ) => (
    <TextField
      select
      required={required}
      label={label}
      value={draft[name]}
      onChange={(event) => set({ [name]: event.target.value })}
      error={Boolean(errorOf(name))}
      helperText={errorOf(name)}
    >
      {!required && <MenuItem value="">None</MenuItem>}
      {(choices.get(source)?.options ?? []).map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <FormStack
      maxWidth={720}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <Typography variant="h5" component="h1">
        {id === null ? 'New Ticket Template' : 'Edit Ticket Template'}
      </Typography>
      {save.isError && <Alert severity="error">{save.error.message}</Alert>}
      <TextField
        required
        label="Name"
        value={draft.name}
        onChange={(event) => set({ name: event.target.value })}
        error={Boolean(errorOf('name'))}
        helperText={errorOf('name')}
      />
      {select('type_id', 'Type', typeSource, true)}
      {select('priority_id', 'Priority', prioritySource, false)}
      <TextField
        required
        label="Subject"
        value={draft.subject}
        onChange={(event) => set({ subject: event.target.value })}
        error={Boolean(errorOf('subject'))}
        helperText={errorOf('subject') ?? 'What a ticket from this template starts with'}
      />
      <TextField
        label="Details"
        multiline
        minRows={3}
        value={draft.detail}
        onChange={(event) => set({ detail: event.target.value })}
      />
      <Typography variant="h6" component="h2">
        Fields
      </Typography>
      {errorOf('fields') && <Alert severity="error">{errorOf('fields')}</Alert>}
      {draft.fields.map((field, index) => (
        <Paper key={index} variant="outlined" sx={{ p: 1.5 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              size="small"
              label={`Field ${index + 1} label`}
              value={field.label}
              onChange={(event) =>
                setField(index, {
                  label: event.target.value,
                  key: keyOf(event.target.value),
                })
              }
              error={Boolean(errorOf(`fields.${index}.label`) ?? errorOf(`fields.${index}.key`))}
              helperText={errorOf(`fields.${index}.label`) ?? errorOf(`fields.${index}.key`)}
              sx={{ flexGrow: 1 }}
            />
            <TextField
              select
              size="small"
              label="Kind"
              value={field.kind}
              onChange={(event) => {
                const kind = templateFieldKinds.find((one) => one === event.target.value);
                if (kind) setField(index, { kind });
              }}
              sx={{ minWidth: 120 }}
            >
              {templateFieldKinds.map((kind) => (
                <MenuItem key={kind} value={kind}>
                  {kindLabels[kind]}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              label="Required"
              control={
                <Checkbox
                  checked={field.required}
                  onChange={(event) => setField(index, { required: event.target.checked })}
                />
              }
            />
            <IconButton
              aria-label={`Remove field ${index + 1}`}
              onClick={() => set({ fields: draft.fields.filter((_, at) => at !== index) })}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
        </Paper>
      ))}
      <Stack direction="row" spacing={1}>
        <Button
          onClick={() =>
            set({
              fields: [...draft.fields, { key: '', label: '', kind: 'text', required: false }],
            })
          }
        >
          Add field
        </Button>
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" loading={save.isPending}>
          Save
        </Button>
        <Button onClick={() => void navigate(ticketPaths.templates.list)}>Cancel</Button>
      </Stack>
    </FormStack>
  );
}

function EditTemplate({ id }: { id: number }) {
  const existing = useResourceRow(ticketTemplates, id);
  if (existing.isError) return <Alert severity="error">{existing.error.message}</Alert>;
  if (!existing.data) return null;
  return <TemplateForm key={id} id={id} initial={draftOf(existing.data)} />;
}

/** /ticket-templates/new and /ticket-templates/edit/{id}: a template and its own fields. */
export function TemplateFormPage() {
  const id = parseRouteId(useParams().id);
  return (
    <RequirePermission permission="write_ticket_templates">
      {id === null ? <TemplateForm id={null} initial={empty} /> : <EditTemplate id={id} />}
    </RequirePermission>
  );
}
