import { listPersonSchema, recipientLists } from '@portal/contract/communications';
import type { ListSource } from '../../platform/resources/resource-api.ts';
import { createResourceScreens } from '../../platform/resources/screens.tsx';
import { defineResourceUi, type ReferenceSource } from '../../platform/resources/ui.ts';
import { hasPermission } from '../auth/session.ts';
import { communicationPaths } from './paths.ts';

const env = { can: hasPermission };

/** GET /recipient-lists/people: the people the caller may put on a list. */
const people: ListSource = {
  name: 'recipient_list_people',
  path: '/recipient-lists/people',
  row: listPersonSchema,
  label: { one: 'Person', many: 'People' },
  defaultSort: 'name',
};
const personChoices: ReferenceSource = {
  resource: people,
  label: (row) => (typeof row.name === 'string' ? row.name : `#${row.id}`),
  permission: 'write_recipient_lists',
};

/** /lists: recipient lists (name, description, members) a bulletin can be aimed at. */
export const listScreens = createResourceScreens(
  defineResourceUi({
    resource: recipientLists,
    paths: communicationPaths.lists,
    title: 'Lists',
    columns: [
      { field: 'name', header: 'Name' },
      { field: 'description', header: 'Description' },
      { field: 'member_count', header: 'People', kind: 'number', sortable: false },
      { field: 'created_at', header: 'Created', kind: 'date', hidden: true },
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text' },
      { name: 'description', label: 'Description', kind: 'textarea', wide: true },
      {
        name: 'user_ids',
        label: 'People',
        kind: 'multiReference',
        reference: personChoices,
        helperText: 'A bulletin aimed at this list reaches these people',
        wide: true,
      },
    ],
    emptyMessage: 'No lists yet.',
  }),
  env,
);
