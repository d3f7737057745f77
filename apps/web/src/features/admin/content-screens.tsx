import { categories } from '@portal/contract/resources/catalog';
import { embeds } from '@portal/contract/resources/navigation';
import {
  supportTickets,
  supportTicketStatuses,
  supportTicketTypes,
} from '@portal/contract/resources/support';
import { namedEntityScreens } from '../../platform/resources/flat.tsx';
import { createResourceScreens } from '../../platform/resources/screens.tsx';
import { defineResourceUi, type ReferenceSource } from '../../platform/resources/ui.ts';
import { adminEnv } from './env.ts';
import { optionsOf } from './labels.ts';
import { adminPaths } from './paths.ts';
import { storeChoices } from './references.ts';

const createdColumn = {
  field: 'created_at',
  header: 'Created',
  kind: 'date',
  hidden: true,
} as const;

export const categoryScreens = namedEntityScreens(
  categories,
  [['description', 'Description', 'textarea']],
  adminEnv,
  { paths: adminPaths.categories, columns: [createdColumn] },
);

export const embedScreens = createResourceScreens(
  defineResourceUi({
    resource: embeds,
    paths: adminPaths.embeds,
    title: 'Embedded Links',
    columns: [
      { field: 'title', header: 'Title' },
      { field: 'slug', header: 'Slug' },
      { field: 'url', header: 'Address' },
      createdColumn,
    ],
    fields: [
      { name: 'title', label: 'Title', kind: 'text' },
      { name: 'slug', label: 'Slug', kind: 'text', helperText: 'Opens at /e/<slug>' },
      { name: 'url', label: 'Address', kind: 'text', helperText: 'https://...', wide: true },
    ],
  }),
  adminEnv,
);

export const supportTicketTypeScreens = createResourceScreens(
  defineResourceUi({
    resource: supportTicketTypes,
    paths: adminPaths.supportTicketTypes,
    columns: [
      { field: 'id', header: 'Id', kind: 'number' },
      { field: 'title', header: 'Title' },
      { field: 'description', header: 'Description' },
      createdColumn,
    ],
    fields: [
      { name: 'title', label: 'Title', kind: 'text' },
      { name: 'description', label: 'Description', kind: 'textarea' },
    ],
  }),
  adminEnv,
);

const ticketTypeChoices: ReferenceSource = {
  resource: supportTicketTypes,
  label: (row) => (typeof row.title === 'string' ? row.title : `#${row.id}`),
};
const statusOptions = optionsOf(supportTicketStatuses);

export const supportTicketScreens = createResourceScreens(
  defineResourceUi({
    resource: supportTickets,
    paths: adminPaths.supportTickets,
    columns: [
      { field: 'id', header: 'Ticket', kind: 'number' },
      { field: 'type_id', header: 'Type', kind: 'reference', reference: ticketTypeChoices },
      { field: 'email', header: 'From' },
      { field: 'detail', header: 'Details', sortable: false },
      { field: 'store_id', header: 'Store', kind: 'reference', reference: storeChoices },
      { field: 'sent_from_route', header: 'Sent from', hidden: true },
      { field: 'status', header: 'Status', kind: 'option', options: statusOptions },
      { field: 'created_at', header: 'Sent', kind: 'date' },
    ],
    fields: [
      { name: 'type_id', label: 'Type', kind: 'reference', reference: ticketTypeChoices },
      { name: 'status', label: 'Status', kind: 'select', options: statusOptions, only: 'edit' },
      { name: 'detail', label: 'Details', kind: 'textarea' },
    ],
  }),
  adminEnv,
);
