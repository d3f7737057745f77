import { allPermissions } from '@portal/contract/permissions';
import {
  requiredFields,
  requiredFieldTypes,
  sidebarItems,
} from '@portal/contract/resources/navigation';
import { createResourceScreens } from '../../platform/resources/screens.tsx';
import { defineResourceUi, type ReferenceSource } from '../../platform/resources/ui.ts';
import { adminEnv } from './env.ts';
import { optionsOf, permissionOptionsOf } from './labels.ts';
import { adminPaths } from './paths.ts';
import { byName } from './references.ts';

const parentChoices: ReferenceSource = {
  resource: sidebarItems,
  label: byName,
  filter: { is_deleted: 'false' },
};
const permissionOptions = permissionOptionsOf(allPermissions);

export const sidebarItemScreens = createResourceScreens(
  defineResourceUi({
    resource: sidebarItems,
    paths: adminPaths.sidebarItems,
    title: 'Sidebar Items',
    // A company's menu is a few hundred items at most: all of them in one scrolling list.
    mode: 'client',
    paginate: false,
    columns: [
      { field: 'name', header: 'Name' },
      { field: 'route', header: 'Route' },
      { field: 'parent_id', header: 'Parent', kind: 'reference', reference: parentChoices },
      { field: 'order', header: 'Order', kind: 'number' },
      { field: 'permission', header: 'Permission', kind: 'option', options: permissionOptions },
      { field: 'icon', header: 'Icon', hidden: true },
      { field: 'external_link', header: 'External link', hidden: true },
      { field: 'powerbi_report_id', header: 'Power BI report', hidden: true },
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text' },
      { name: 'route', label: 'Route', kind: 'text', helperText: 'e.g. /users' },
      {
        name: 'external_link',
        label: 'External link',
        kind: 'text',
        helperText: 'Opens in a new tab',
      },
      { name: 'parent_id', label: 'Parent', kind: 'reference', reference: parentChoices },
      { name: 'order', label: 'Order', kind: 'number' },
      { name: 'icon', label: 'Icon', kind: 'text', helperText: 'e.g. people, store, settings' },
      { name: 'permission', label: 'Permission', kind: 'select', options: permissionOptions },
      { name: 'powerbi_report_id', label: 'Power BI report id', kind: 'text' },
    ],
    defaults: { order: 0 },
  }),
  adminEnv,
);

export const requiredFieldScreens = createResourceScreens(
  defineResourceUi({
    resource: requiredFields,
    paths: adminPaths.requiredFields,
    mode: 'client',
    columns: [
      {
        field: 'type',
        header: 'Type',
        kind: 'option',
        options: optionsOf(requiredFieldTypes, (t) => t),
      },
      { field: 'title', header: 'Title' },
      { field: 'order', header: 'Order', kind: 'number' },
      { field: 'is_required', header: 'Required', kind: 'boolean' },
    ],
    fields: [
      {
        name: 'type',
        label: 'Type',
        kind: 'select',
        options: optionsOf(requiredFieldTypes, (t) => t),
      },
      { name: 'title', label: 'Title', kind: 'text' },
      { name: 'order', label: 'Order', kind: 'number' },
      { name: 'is_required', label: 'Required', kind: 'switch' },
    ],
    defaults: { order: 0, is_required: true, type: 'Home Screen' },
  }),
  adminEnv,
);
