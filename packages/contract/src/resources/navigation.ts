import { z } from 'zod';
import { defineResource, resourceMessages } from '../resource.ts';
import { id, isoDateTime, name, optionalText, webAddress } from '../fields.ts';
import { allPermissions } from '../permissions.ts';

const routePath = z
  .string()
  .trim()
  .regex(/^\/[A-Za-z0-9\-_/{}:.?=&]*$/, 'A route starts with / and has no spaces')
  .max(300);

export const sidebarItemSchema = z.object({
  id,
  company_id: id,
  name: z.string(),
  route: z.string().nullable(),
  external_link: z.string().nullable(),
  parent_id: id.nullable(),
  is_root: z.boolean(),
  order: z.number().int(),
  icon: z.string().nullable(),
  embed_and_links_id: id.nullable(),
  powerbi_report_id: z.string().nullable(),
  /** A permission flag the user must hold to see the item; null means everyone. */
  permission: z.enum(allPermissions).nullable(),
  is_deleted: z.boolean(),
  created_at: isoDateTime,
});
export type SidebarItem = z.infer<typeof sidebarItemSchema>;

/** The sidebar as the web app draws it: items with their children and resolved links. */
export interface SidebarNode {
  id: number;
  name: string;
  route: string | null;
  external_link: string | null;
  parent_id: number | null;
  is_root: boolean;
  order: number;
  icon: string | null;
  embed_and_links_id: number | null;
  embedsAndLinks: { slug: string } | null;
  powerbi_report_id: string | null;
  permissions: { title: string } | null;
  children: SidebarNode[];
}
export const sidebarNodeSchema: z.ZodType<SidebarNode> = z.lazy(() =>
  z.object({
    id,
    name: z.string(),
    route: z.string().nullable(),
    external_link: z.string().nullable(),
    parent_id: id.nullable(),
    is_root: z.boolean(),
    order: z.number().int(),
    icon: z.string().nullable(),
    embed_and_links_id: id.nullable(),
    embedsAndLinks: z.object({ slug: z.string() }).nullable(),
    powerbi_report_id: z.string().nullable(),
    permissions: z.object({ title: z.string() }).nullable(),
    children: z.array(sidebarNodeSchema),
  }),
);

const sidebarItemWritable = z.strictObject({
  name,
  route: routePath.nullable().default(null),
  external_link: webAddress(1000).nullable().default(null),
  parent_id: id.nullable().default(null),
  order: z.number().int().min(0).max(100000).default(0),
  icon: optionalText(60),
  embed_and_links_id: id.nullable().default(null),
  powerbi_report_id: optionalText(100),
  permission: z.enum(allPermissions).nullable().default(null),
});

export const sidebarItems = defineResource({
  name: 'sidebar_items',
  path: '/sidebar-items',
  label: { one: 'Sidebar Item', many: 'Sidebar Items' },
  row: sidebarItemSchema,
  create: sidebarItemWritable,
  update: sidebarItemWritable.partial(),
  messages: resourceMessages('SidebarItem', 'added'),
  afterSave: '/admin/sidebar-items',
  deleteMode: 'flag',
  searchFields: ['name', 'route'],
  queryFields: ['id', 'name', 'route', 'parent_id', 'order', 'is_deleted', 'company_id'],
  defaultSort: 'order',
});

/** Required-field types; the first "Home Screen" field's title picks the landing page. */
export const requiredFieldTypes = ['Home Screen', 'Employee', 'Sale', 'Customer'] as const;

export const requiredFieldSchema = z.object({
  id,
  company_id: id,
  type: z.enum(requiredFieldTypes),
  title: z.string(),
  order: z.number().int(),
  is_required: z.boolean(),
  created_at: isoDateTime,
});
export type RequiredField = z.infer<typeof requiredFieldSchema>;
const requiredFieldWritable = z.strictObject({
  type: z.enum(requiredFieldTypes),
  title: name,
  order: z.number().int().min(0).max(100000).default(0),
  is_required: z.boolean().default(true),
});

export const requiredFields = defineResource({
  name: 'required_fields',
  path: '/required-fields',
  label: { one: 'Required Field', many: 'Required Fields' },
  row: requiredFieldSchema,
  create: requiredFieldWritable,
  update: requiredFieldWritable.partial(),
  messages: resourceMessages('Required fields', 'created', {
    notCreated: 'RequiredFields not created',
  }),
  afterSave: '/settings/required-fields',
  deleteMode: 'remove',
  searchFields: ['title'],
  queryFields: ['id', 'type', 'title', 'order', 'company_id'],
  defaultSort: 'order',
});

// Kept in a module without zod: the web app's home redirect loads it with the signed-in frame.
export { DEFAULT_HOME_ROUTE, homeRouteFor, homeScreenRoutes } from '../home-screens.ts';

/** An embedded page or link, opened at /e/{slug} (SPEC.md section 2). */
export const embedSchema = z.object({
  id,
  company_id: id,
  slug: z.string(),
  title: z.string(),
  url: z.string(),
  created_at: isoDateTime,
});
export type Embed = z.infer<typeof embedSchema>;
export const embedSlug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lowercase letters, digits and dashes')
  .max(80);
const embedWritable = z.strictObject({
  slug: embedSlug,
  title: name,
  url: z.url({ protocol: /^https$/, error: 'Enter an https:// address' }).max(2000),
});

export const embeds = defineResource({
  name: 'embeds',
  path: '/embeds',
  label: { one: 'Embed', many: 'Embeds' },
  row: embedSchema,
  create: embedWritable,
  update: embedWritable.partial(),
  messages: resourceMessages('EmbedsAndLink', 'added'),
  afterSave: '/admin/embedded-links',
  deleteMode: 'remove',
  searchFields: ['title', 'slug'],
  queryFields: ['id', 'slug', 'title', 'company_id', 'created_at'],
  defaultSort: 'title',
});
