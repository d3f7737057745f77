import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { stores } from '@portal/contract/resources/organisation';
import {
  ticketTemplates,
  tickets,
  type TemplateField,
  type TicketTemplate,
} from '@portal/contract/resources/tickets';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../platform/api.ts';
import { parseRouteId } from '../../platform/resources/paths.ts';
import { createRow, type ResourceRow } from '../../platform/resources/resource-api.ts';
import type { ReferenceSource } from '../../platform/resources/ui.ts';
import {
  useInvalidateResource,
  useReferenceData,
  useResourceList,
  useResourceRow,
} from '../../platform/resources/use-resource.ts';
import { notify } from '../../platform/toasts.ts';
import { FormStack } from '../../platform/ui/form.tsx';
import { RequirePermission } from '../auth/RequirePermission.tsx';
import { ticketPaths } from './paths.ts';

const parseTemplate = (row: ResourceRow | undefined): TicketTemplate | null => {
  const parsed = ticketTemplates.row.safeParse(row);
  return parsed.success ? parsed.data : null;
};

function TemplateChoice() {
  const list = useResourceList(ticketTemplates, {
    page: 0,
    perPage: 200,
    sort: 'name',
    filter: { is_active: 'true' },
  });
  const templates = (list.data?.results ?? [])
    .map(parseTemplate)
    .filter((row): row is TicketTemplate => row !== null);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          New Ticket from Template
        </Typography>
        <Button component={RouterLink} to={ticketPaths.custom}>
          Custom ticket
        </Button>
      </Stack>
      {!list.isLoading && !templates.length && (
        <Alert severity="info">No ticket templates yet.</Alert>
      )}
      <Grid container spacing={2}>
        {templates.map((template) => (
          <Grid key={template.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h6" component="h2">
                  {template.name}
                </Typography>
                <Typography color="text.secondary">
                  {[template.type_name, template.priority_name].filter(Boolean).join(' · ')}
                </Typography>
                {template.fields.length > 0 && (
                  <Typography variant="body2" sx={{ mt: 1 }}>
                    Asks for: {template.fields.map((field) => field.label).join(', ')}
                  </Typography>
                )}
              </CardContent>
              <CardActions>
                <Button
                  component={RouterLink}
                  to={ticketPaths.fromTemplate(template.id)}
                  aria-label={`Use ${template.name}`}
                >
                  Use template
                </Button>
              </CardActions>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}

/** /task-tickets/new-from-template: pick one of the company's templates (or a custom ticket). */
export function NewFromTemplatePage() {
  return (
    <RequirePermission permission="write_tickets">
      <RequirePermission permission="read_ticket_templates">
        <TemplateChoice />
      </RequirePermission>
    </RequirePermission>
  );
}

const byName = (row: ResourceRow) => (typeof row.name === 'string' ? row.name : `#${row.id}`);
const storeSource: ReferenceSource = {
  resource: stores,
  label: byName,
  filter: { is_active: 'true' },
};
const sources = [storeSource];
const inputType: Record<TemplateField['kind'], string> = {
  text: 'text',
  number: 'number',
  date: 'date',
};

function TicketFromTemplate({ template }: { template: TicketTemplate }) {
  const navigate = useNavigate();
  const invalidate = useInvalidateResource(tickets);
  const choices = useReferenceData(sources);
  const [subject, setSubject] = useState(template.subject);
  const [detail, setDetail] = useState(template.detail ?? '');
  const [storeId, setStoreId] = useState('');
  const [due, setDue] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () =>
      createRow(tickets, {
        subject,
        detail,
        store_id: storeId ? Number(storeId) : null,
        due_at: due ? new Date(due).toISOString() : null,
        template_id: template.id,
        template_values: Object.fromEntries(
          template.fields.map((field) => {
            const value = values[field.key]?.trim() ?? '';
            return [field.key, value === '' ? null : value];
          }),
        ),
      }),
    onSuccess: (reply) => {
      notify.success(reply.message);
      void invalidate();
      void navigate(`/task-center/${reply.data.id}`);
    },
  });
  const errors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const errorOf = (name: string) => errors[name]?.[0];
  return (
    <FormStack
      maxWidth={720}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <Typography variant="h5" component="h1">
        New Ticket: {template.name}
      </Typography>
      <Typography color="text.secondary">
        {[template.type_name, template.priority_name].filter(Boolean).join(' · ')}
      </Typography>
      {save.isError && <Alert severity="error">{save.error.message}</Alert>}
      <TextField
        required
        label="Subject"
        value={subject}
        onChange={(event) => setSubject(event.target.value)}
        error={Boolean(errorOf('subject'))}
        helperText={errorOf('subject')}
      />
      <TextField
        required
        label="Details"
        multiline
        minRows={3}
        value={detail}
        onChange={(event) => setDetail(event.target.value)}
        error={Boolean(errorOf('detail'))}
        helperText={errorOf('detail')}
      />
      {template.fields.map((field) => (
        <TextField
          key={field.key}
          required={field.required}
          label={field.label}
          type={inputType[field.kind]}
          value={values[field.key] ?? ''}
          onChange={(event) =>
            setValues((current) => ({ ...current, [field.key]: event.target.value }))
          }
          error={Boolean(errorOf(`template_values.${field.key}`))}
          helperText={errorOf(`template_values.${field.key}`)}
          slotProps={field.kind === 'date' ? { inputLabel: { shrink: true } } : undefined}
        />
      ))}
      <TextField
        select
        label="Store"
        value={storeId}
        onChange={(event) => setStoreId(event.target.value)}
        error={Boolean(errorOf('store_id'))}
        helperText={errorOf('store_id')}
      >
        <MenuItem value="">None</MenuItem>
        {(choices.get(storeSource)?.options ?? []).map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Due"
        type="datetime-local"
        value={due}
        onChange={(event) => setDue(event.target.value)}
        error={Boolean(errorOf('due_at'))}
        helperText={errorOf('due_at')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" loading={save.isPending}>
          Create ticket
        </Button>
        <Button component={RouterLink} to={ticketPaths.newFromTemplate}>
          Back
        </Button>
      </Stack>
    </FormStack>
  );
}

function TicketFromTemplateLoader({ id }: { id: number }) {
  const row = useResourceRow(ticketTemplates, id);
  const template = parseTemplate(row.data);
  if (row.isError) return <Alert severity="error">{row.error.message}</Alert>;
  if (!template) return null;
  return <TicketFromTemplate key={template.id} template={template} />;
}

/** /task-tickets/new/{id}: a ticket from template {id}, with the template's own fields. */
export function TicketFromTemplatePage() {
  const id = parseRouteId(useParams().id);
  return (
    <RequirePermission permission="write_tickets">
      <RequirePermission permission="read_ticket_templates">
        {id === null ? (
          <Alert severity="error">Ticket Template not found</Alert>
        ) : (
          <TicketFromTemplateLoader id={id} />
        )}
      </RequirePermission>
    </RequirePermission>
  );
}
