import type { FastifyInstance } from 'fastify';
import type { Permission } from '@portal/contract/permissions';
import { readAccessOf, writeAccessOf } from '@portal/contract/resource';
import type { Config } from '../config.ts';
import type { Database, Tx } from './database.ts';
import type { JobDefinition } from './jobs.ts';
import type { ResourceDefinition } from '@portal/contract/resource';
import {
  createResourceService,
  type ResourceService,
  type ResourceTable,
} from './resources/service.ts';
import type { Uploads } from './uploads.ts';

/** What the app hands every module when it mounts it. */
export interface ModuleContext {
  db: Database;
  config: Config;
  uploads: Uploads;
  /** Where the API is mounted (`/api`), for links a module builds to its own routes. */
  apiPrefix: string;
}

/**
 * A domain module's one descriptor (modules/<name>/module.ts). The app mounts the modules listed
 * in src/modules.ts: each one's resources on the generic engine (their standard routes, and the
 * generic API test suite runs over them), then its hand-written routes, and declares its jobs. Tables need no entry:
 * every schema.ts under src/ is a table file (drizzle.config.ts).
 */
export interface PortalModule {
  /** The folder name under modules/. */
  name: string;
  /** Resources served by the generic engine (platform/resources). */
  resources?: readonly ResourceService[];
  /** Hand-written routes, registered under /api with the platform's access control. */
  routes?: (api: FastifyInstance, ctx: ModuleContext) => void | Promise<void>;
  /**
   * Registers this module's handlers on other modules' hooks (platform/hooks.ts), so a module
   * lower down has work done here without importing this one. Runs before any route is mounted.
   */
  connect?: (ctx: ModuleContext) => void;
  /** Background jobs (platform/jobs.ts), declared on the instance's runner as the app is built. */
  jobs?: (ctx: ModuleContext) => readonly JobDefinition[];
  /**
   * The permission keys this module defines beyond its resources' (each engine resource's read and
   * write keys, and its transitions' and actions' keys, count as declared). Every key is spelled in
   * @portal/contract/permissions (the web reads that list); each key is declared by one module, and
   * the app refuses to start when a route needs a key no module declares (`checkDeclaredAccess`).
   */
  permissions?: readonly Permission[];
  /** The module's items of a new company's default sidebar (the demo seed writes them). */
  sidebar?: readonly SidebarDefault[];
  /** Writes the module's demo rows for one demo company; seed/demo.ts calls these in module order. */
  demo?: (ctx: DemoContext) => Promise<void>;
}

/** One default sidebar item; `order` places it among all modules' items (then the seeding order). */
export interface SidebarDefault {
  name: string;
  /** null for a folder */
  route: string | null;
  icon: string;
  /** who sees it; null for everyone */
  permission: Permission | null;
  order: number;
  /** ordered by their place in the array */
  children?: readonly Omit<SidebarDefault, 'order' | 'children'>[];
}

/** What a module's demo seed gets: the seed's transaction and the company being built. */
export interface DemoContext {
  tx: Tx;
  companyId: number;
  /** the main demo company (Demo Wireless), not the second one */
  demoCompany: boolean;
}

/** Declares a module; a plain typed object, kept as written (literal names and arrays). */
export const defineModule = <const M extends PortalModule>(module: M): M => module;

/**
 * A resource with no hooks, relations or lines, served over its company-owned table: listed
 * straight in the descriptor's `resources` (`tenantResource(manufacturers, manufacturerTable)`),
 * so it needs no services.ts.
 */
export const tenantResource = <Def extends ResourceDefinition>(
  definition: Def,
  table: ResourceTable,
) => createResourceService({ definition, table, tenantColumn: 'company_id' });

/** Permission keys the platform itself defines (routes app.ts mounts outside any module). */
export const platformPermissions = ['read_platform_jobs'] as const satisfies readonly Permission[];

/** The keys a module declares: its `permissions` and those of its engine resources. */
export function permissionsOf(module: PortalModule): Permission[] {
  const keys = new Set<Permission>(module.permissions ?? []);
  for (const { definition } of module.resources ?? []) {
    for (const access of [readAccessOf(definition), writeAccessOf(definition)])
      if (access !== 'authenticated') keys.add(access);
    for (const move of definition.statuses?.transitions ?? [])
      if (move.permission) keys.add(move.permission);
    for (const action of Object.values(definition.actions ?? {}))
      if (action.permission) keys.add(action.permission);
  }
  return [...keys];
}

/**
 * Refuses routes whose permission no module (nor the platform) declares: a module's keys are part
 * of its descriptor, so a key used without being declared is a mistake caught at start.
 */
export function checkDeclaredAccess(
  modules: readonly PortalModule[],
  routes: readonly { method: string; url: string; access: string }[],
) {
  const declared = new Set<string>([...platformPermissions, ...modules.flatMap(permissionsOf)]);
  const undeclared = routes.filter(
    (route) =>
      route.access !== 'public' && route.access !== 'authenticated' && !declared.has(route.access),
  );
  if (undeclared.length)
    throw new Error(
      `No module declares the permission of ${undeclared
        .map((route) => `${route.method} ${route.url} (${route.access})`)
        .join(', ')}: add it to the module's \`permissions\` (module.ts)`,
    );
}
