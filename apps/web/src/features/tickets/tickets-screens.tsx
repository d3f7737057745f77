import { districts, regions, stores } from '@portal/contract/resources/organisation';
import {
  ticketPriorities,
  tickets,
  ticketStatusMachine,
  ticketTemplates,
  ticketTypes,
} from '@portal/contract/resources/tickets';
import { users } from '@portal/contract/resources/users';
import Box from '@mui/material/Box';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { statusLabel } from '../../platform/resources/DocumentPanels.tsx';
import { namedEntityScreens } from '../../platform/resources/flat.tsx';
import { parseRouteId } from '../../platform/resources/paths.ts';
import type { ResourceRow } from '../../platform/resources/resource-api.ts';
import { ResourceViewPage } from '../../platform/resources/ResourceViewPage.tsx';
import { createResourceScreens } from '../../platform/resources/screens.tsx';
import { defineResourceUi, type ReferenceSource } from '../../platform/resources/ui.ts';
import { useResourceRow } from '../../platform/resources/use-resource.ts';
import { namedColumn } from '../../platform/resources/document-ui.ts';
import { hasPermission } from '../auth/session.ts';
import { ticketPaths } from './paths.ts';
import { TicketAttachments } from './TicketAttachments.tsx';
import { CommentThread } from './TicketComments.tsx';
import { TemplateFormPage } from './TemplateFormPage.tsx';
import { TicketPublicLink } from './TicketPublicLink.tsx';
import { TicketSlaPanel } from './TicketSlaPanel.tsx';
import {
  fetchComments,
  postComment,
  ticketKeys,
  TICKETS_BASE,
  uploadCommentFile,
  type CommentFile,
} from './tickets-api.ts';

const env = { can: hasPermission };
const byName = (row: ResourceRow): string =>
  typeof row.name === 'string' && row.name ? row.name : `#${row.id}`;
const personName = (row: ResourceRow): string =>
  [row.first_name, row.last_name].filter((part) => typeof part === 'string').join(' ') ||
  `#${row.id}`;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const typeChoices: ReferenceSource = { resource: ticketTypes, label: byName };
const priorityChoices: ReferenceSource = { resource: ticketPriorities, label: byName };
const storeSearch: ReferenceSource = {
  resource: stores,
  label: byName,
  filter: { is_active: 'true' },
};
const districtChoices: ReferenceSource = { resource: districts, label: byName };
const regionChoices: ReferenceSource = { resource: regions, label: byName };
const userSearch: ReferenceSource = {
  resource: users,
  label: personName,
  filter: { is_deleted: 'false' },
};
const statusOptions = ticketStatusMachine.states.map((state) => ({
  value: state,
  label: statusLabel(ticketStatusMachine, state),
}));
const sourceOptions = [
  { value: 'internal', label: 'Internal' },
  { value: 'support', label: 'Get Support' },
  { value: 'contact', label: 'Contact us' },
  { value: 'public', label: 'Public' },
];

const ticketUi = defineResourceUi({
  resource: tickets,
  paths: ticketPaths.tickets,
  title: 'Task Center',
  columns: [
    { field: 'id', header: 'Ticket', kind: 'number' },
    { field: 'subject', header: 'Subject' },
    { field: 'status', header: 'Status', kind: 'option', options: statusOptions },
    { field: 'priority_id', header: 'Priority', value: (row) => text(row.priority_name) },
    { field: 'type_id', header: 'Type', value: (row) => text(row.type_name) },
    namedColumn('store_id', 'Store', 'store_name'),
    {
      field: 'district_id',
      header: 'District',
      value: (row) => text(row.district_name),
      filterable: false,
      hidden: true,
    },
    {
      field: 'region_id',
      header: 'Region',
      value: (row) => text(row.region_name),
      filterable: false,
      hidden: true,
    },
    namedColumn('assignee_id', 'Assigned to', 'assignee_name'),
    { field: 'due_at', header: 'Due', kind: 'date', filterable: false, hidden: true },
    {
      field: 'sla_due_at',
      header: 'SLA due',
      kind: 'date',
      filterable: false,
    },
    {
      field: 'template_id',
      header: 'Template',
      value: (row) => text(row.template_name),
      filterable: false,
      hidden: true,
    },
    { field: 'source', header: 'Source', kind: 'option', options: sourceOptions },
    { field: 'sent_from_route', header: 'Sent from', hidden: true },
    {
      field: 'requester_id',
      header: 'Requester',
      value: (row) => text(row.requester_name) ?? text(row.requester_email),
      filterable: false,
    },
    { field: 'created_at', header: 'Created', kind: 'date', filterable: false },
    { field: 'detail', header: 'Details', hidden: true },
  ],
  fields: [
    { name: 'subject', label: 'Subject', kind: 'text' },
    { name: 'detail', label: 'Details', kind: 'textarea', wide: true },
    { name: 'type_id', label: 'Type', kind: 'reference', reference: typeChoices },
    { name: 'priority_id', label: 'Priority', kind: 'reference', reference: priorityChoices },
    {
      name: 'store_id',
      label: 'Store',
      kind: 'search',
      reference: storeSearch,
      labelFrom: 'store_name',
    },
    { name: 'district_id', label: 'District', kind: 'reference', reference: districtChoices },
    { name: 'region_id', label: 'Region', kind: 'reference', reference: regionChoices },
    {
      name: 'assignee_id',
      label: 'Assigned to',
      kind: 'search',
      reference: userSearch,
      labelFrom: 'assignee_name',
    },
    { name: 'requester_email', label: 'Requester email', kind: 'email' },
  ],
  emptyMessage: 'No tickets yet.',
  links: [
    {
      label: 'From template',
      to: ticketPaths.newFromTemplate,
      permission: 'read_ticket_templates',
    },
    { label: 'SLA Tracker', to: ticketPaths.slaTracker },
  ],
});

/** A ticket's comments under its view; closed tickets show them without the box. */
function TicketPanels({ id }: { id: number }) {
  const client = useQueryClient();
  const ticket = useResourceRow(tickets, id);
  const comments = useQuery({
    queryKey: ticketKeys.comments(id),
    queryFn: ({ signal }) => fetchComments(id, signal),
  });
  const add = useMutation({
    mutationFn: ({ body, files }: { body: string; files: CommentFile[] }) =>
      postComment(id, body, TICKETS_BASE, files),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ticketKeys.comments(id) });
      await client.invalidateQueries({ queryKey: ticketKeys.attachments(id) });
    },
  });
  if (!ticket.data) return null;
  const closed = ticket.data.status === 'closed';
  return (
    <>
      <TicketSlaPanel
        id={id}
        status={String(ticket.data.status)}
        version={String(ticket.data.updated_at)}
        canWrite={hasPermission('write_tickets')}
      />
      <TicketAttachments id={id} canWrite={!closed && hasPermission('write_tickets')} />
      <CommentThread
        comments={comments.data ?? []}
        onAdd={
          !closed && hasPermission('write_tickets')
            ? (body, files) => add.mutateAsync({ body, files })
            : undefined
        }
        onUpload={(file) => uploadCommentFile(id, file)}
        busy={add.isPending}
        error={add.error?.message ?? null}
        closedNote={closed ? 'This ticket is closed.' : undefined}
      />
      {hasPermission('write_tickets') && <TicketPublicLink id={id} />}
    </>
  );
}

function TicketView() {
  const id = parseRouteId(useParams().id);
  return (
    // One column no wider than the page: a wide table (SLA clocks) scrolls in its own box.
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <ResourceViewPage ui={ticketUi} env={env} />
      {id !== null && hasPermission('read_tickets') && <TicketPanels id={id} />}
    </Box>
  );
}

export const ticketScreens = { ...createResourceScreens(ticketUi, env), View: TicketView };

export const ticketTypeScreens = namedEntityScreens(
  ticketTypes,
  [['description', 'Description', 'textarea']],
  env,
  { paths: ticketPaths.types },
);
const minutes = (value: unknown) => (typeof value === 'number' ? `${value} min` : 'None');
const slaFields = [
  ['first_response_minutes', 'First response (minutes)'],
  ['next_response_minutes', 'Next response (minutes)'],
  ['resolution_minutes', 'Resolution (minutes)'],
] as const;

/** Priorities with their SLA targets (a target left empty: that clock is not kept). */
export const ticketPriorityScreens = createResourceScreens(
  defineResourceUi({
    resource: ticketPriorities,
    paths: ticketPaths.priorities,
    columns: [
      { field: 'name', header: 'Name' },
      { field: 'description', header: 'Description' },
      ...slaFields.map(([field, header]) => ({
        field,
        header: header.replace(' (minutes)', ''),
        value: (row: ResourceRow) => minutes(row[field]),
      })),
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text' },
      { name: 'description', label: 'Description', kind: 'textarea' },
      ...slaFields.map(([name, label]) => ({ name, label, kind: 'number' as const })),
    ],
  }),
  env,
);

const templateUi = defineResourceUi({
  resource: ticketTemplates,
  paths: ticketPaths.templates,
  title: 'Ticket Templates',
  columns: [
    { field: 'name', header: 'Name' },
    { field: 'type_id', header: 'Type', value: (row) => text(row.type_name) },
    { field: 'priority_id', header: 'Priority', value: (row) => text(row.priority_name) },
    { field: 'subject', header: 'Subject' },
    {
      field: 'fields',
      header: 'Fields',
      value: (row) =>
        Array.isArray(row.fields)
          ? row.fields
              .map((field: unknown) =>
                typeof field === 'object' && field !== null && 'label' in field
                  ? `${String(field.label)}${'required' in field && field.required ? ' *' : ''}`
                  : '',
              )
              .join(', ')
          : '',
      filterable: false,
    },
    { field: 'is_active', header: 'Active', kind: 'boolean' },
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'type_id', label: 'Type', kind: 'reference', reference: typeChoices },
    { name: 'priority_id', label: 'Priority', kind: 'reference', reference: priorityChoices },
    { name: 'subject', label: 'Subject', kind: 'text' },
    { name: 'detail', label: 'Details', kind: 'textarea', wide: true },
  ],
  links: [
    {
      label: 'New ticket from template',
      to: ticketPaths.newFromTemplate,
      permission: 'write_tickets',
    },
  ],
  emptyMessage: 'No ticket templates yet.',
});

/** Templates on the engine (list, view); their form edits the template's own fields too. */
export const ticketTemplateScreens = {
  ...createResourceScreens(templateUi, env),
  Form: TemplateFormPage,
};
