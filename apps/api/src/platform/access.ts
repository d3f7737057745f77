import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authMessages } from '@portal/contract/auth';
import type { Database } from './database.ts';
import { AppError } from './errors.ts';
import { asSystem, bindRequestTenant, installTenantBinding } from './tenant-connection.ts';
import { hasPermission, type Access, type RequestContext } from './context.ts';
import { createSessionCache, type SessionCache, type SessionLookup } from './session-cache.ts';

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/;

/**
 * Authorization declared on the route, enforced before the handler: every /api route must name its
 * `access` in `config` and carry a response schema, or registration fails.
 */
/** Resolves a bearer token to its caller and expiry, or null: the users module's sessionForToken (app.ts). */
export type SessionResolver = SessionLookup;

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
  installTenantBinding(app); // row-level security: each request's company, bound below
  // Resolved sessions in memory, invalidated through the database's notifications (session-cache.ts).
  const sessionCache = createSessionCache(db);
  app.addHook('onReady', () => sessionCache.start());
  app.addHook('onClose', () => sessionCache.stop());
  // A write (logout, disable, password change...) drops its company's sessions on this instance
  // before replying; the NOTIFY of its triggers does the same on every instance.
  app.addHook('onSend', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    sessionCache.invalidate(request.ctx?.companyId);
  });

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
    const ctx = await authenticate(db, request, resolveSession, sessionCache);
    request.ctx = ctx;
    bindRequestTenant(request, ctx);
    if (access !== 'authenticated' && !hasPermission(ctx, access)) throw AppError.forbidden();
  });
}

async function authenticate(
  db: Database,
  request: FastifyRequest,
  resolveSession: SessionResolver,
  cache: SessionCache,
): Promise<RequestContext> {
  const match = BEARER.exec(request.headers.authorization ?? '');
  const token = match?.[1];
  const ctx = token
    ? await cache.resolve(db, token, (database, key) =>
        asSystem(() => resolveSession(database, key)),
      ) // before the company is known
    : null;
  if (!ctx) throw AppError.sessionExpired(authMessages.sessionExpired);
  return ctx;
}

/** The caller of an authenticated route; the access hook has already refused anyone else. */
export function callerOf(request: FastifyRequest): RequestContext {
  if (!request.ctx) throw AppError.sessionExpired(authMessages.sessionExpired);
  return request.ctx;
}
