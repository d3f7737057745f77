import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from './database.ts';
import type { JobDefinition } from './jobs.ts';
import type { ResourceService } from './resources/service.ts';
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
}

/** Declares a module; a plain typed object, kept as written (literal names and arrays). */
export const defineModule = <const M extends PortalModule>(module: M): M => module;
