import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authMessages } from '@portal/contract/auth';
import type { Database } from './database.ts';
import { AppError } from './errors.ts';
import { hasPermission, type Access, type RequestContext } from './context.ts';

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/;

/**
 * Authorization declared on the route, enforced before the handler: every /api route must name its
 * `access` in `config` and carry a response schema, or registration fails.
 */
/** Resolves a bearer token to its caller, or null: the users module's contextForToken (app.ts). */
export type SessionResolver = (db: Database, token: string) => Promise<RequestContext | null>;

/** One /api route as declared: the generated access matrices of the tests read the table. */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
}
/** Keyed by the HTTP server, which a Fastify instance and its encapsulated children share. */
const routeTables = new WeakMap<object, DeclaredRoute[]>();

/** Every /api route registered on this app (HEAD and the docs excluded), with its access. */
export const declaredRoutes = (app: FastifyInstance): readonly DeclaredRoute[] =>
  routeTables.get(app.server) ?? [];

export function installAccessControl(
  app: FastifyInstance,
  db: Database,
  apiPrefix: string,
  resolveSession: SessionResolver,
) {
  app.decorateRequest('ctx', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(apiPrefix) || route.url.startsWith(`${apiPrefix}/docs`)) return;
    if (route.method === 'HEAD') return;
    if (!route.config?.access)
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access`);
    if (!route.schema?.response)
      throw new Error(`Route ${String(route.method)} ${route.url} has no response schema`);
    const table = routeTables.get(app.server) ?? [];
    routeTables.set(app.server, table);
    for (const method of [route.method].flat())
      if (method !== 'HEAD') table.push({ method, url: route.url, access: route.config.access });
  });

  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    const ctx = await authenticate(db, request, resolveSession);
    request.ctx = ctx;
    if (access !== 'authenticated' && !hasPermission(ctx, access)) throw AppError.forbidden();
  });
}

async function authenticate(
  db: Database,
  request: FastifyRequest,
  resolveSession: SessionResolver,
): Promise<RequestContext> {
  const match = BEARER.exec(request.headers.authorization ?? '');
  const ctx = match?.[1] ? await resolveSession(db, match[1]) : null;
  if (!ctx) throw AppError.sessionExpired(authMessages.sessionExpired);
  return ctx;
}

/** The caller of an authenticated route; the access hook has already refused anyone else. */
export function callerOf(request: FastifyRequest): RequestContext {
  if (!request.ctx) throw AppError.sessionExpired(authMessages.sessionExpired);
  return request.ctx;
}
