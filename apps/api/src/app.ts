import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import zlib from 'node:zlib';
import helmet from 'helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import compress, { type FastifyCompressOptions } from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import qs from 'qs';
import { z } from 'zod';
import { APP_VERSION } from '@portal/contract/constants';
import { replySchema } from '@portal/contract/envelope';
import type { Config } from './config.ts';
import { declaredRoutes, installAccessControl } from './platform/access.ts';
import { type Database, ping } from './platform/database.ts';
import { installErrorHandler, notFoundReply } from './platform/error-handler.ts';
import { ok } from './platform/reply.ts';
import { mountResource } from './platform/resources/routes.ts';
import { sessionForToken } from './modules/users/api.ts';
import { modules } from './modules.ts';
import { checkDeclaredAccess } from './platform/module.ts';
import { createUploads, uploadRoutes } from './platform/uploads.ts';
import { UPLOADS_PATH } from '@portal/contract/uploads';
import { eventRoutes } from './platform/events.ts';
import { keyFromFile } from './platform/keys.ts';
import { createJobRunner, jobRoutes } from './platform/jobs.ts';
import { createPublicLinks, publicLinkRoutes } from './platform/public-links.ts';
import { settingRoutes } from './platform/settings.ts';

export const API_PREFIX = '/api';

/**
 * The API's replies from 1 KiB up go compressed to a client that accepts it (/auth/me is ~40 KB of
 * JSON, mostly the menu): brotli at quality 4, else gzip at level 5, both cheap next to a request's
 * own work. Registered inside the API prefix only, so the web app's files keep their prebuilt .br
 * and .gz; the live event stream writes to the raw socket (hijacked) and is never buffered here.
 * Compressed request bodies are not accepted.
 */
const jsonCompression: FastifyCompressOptions = {
  encodings: ['br', 'gzip'],
  threshold: 1024,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 5 },
  globalDecompression: false,
};

export interface AppOptions {
  config: Config;
  db: Database;
  /** Logger: the config's level by default; tests pass false. */
  logger?: boolean;
}

/** Builds the whole HTTP app: platform plugins, every module under /api, and the web app. */
export async function buildApp({
  config,
  db,
  logger = true,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.LOG_LEVEL } : false,
    bodyLimit: config.BODY_LIMIT_BYTES,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.TRUST_PROXY,
    // `filter[field]=value` arrives as { filter: { field: value } }.
    routerOptions: {
      querystringParser: (query: string) =>
        qs.parse(query, { depth: 1, arrayLimit: 0, parameterLimit: 100 }),
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // close() ends the keep-alive connections idle when it starts; one still answering a request then
  // stayed open for its keep-alive timeout (72 s) after the answer and held close() as long
  // (fastify issue 7044). While closing, every answered request ends the connections left idle.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    if (closing) app.server.closeIdleConnections();
    done();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  installErrorHandler(app);
  // Platform services any module uses: background jobs (one runner per instance, sharing the work
  // through the database) and secure public links (key in DATA_DIR, like the upload signatures).
  const jobs = createJobRunner({ db, log: app.log });
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  const publicLinkKey = join(config.DATA_DIR, '.public-links-key');
  app.decorate(
    'publicLinks',
    createPublicLinks({
      db,
      secret: () => keyFromFile(publicLinkKey),
      basePath: `${API_PREFIX}/public-links/open`,
    }),
  );
  // Built once: @fastify/helmet rebuilt helmet (and parsed the CSP) on every request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: [
          "'self'",
          ...[...Object.values(config.API_HOSTS.hosts), config.API_HOSTS.fallback].filter((src) =>
            src.startsWith('http'),
          ),
        ],
        frameSrc: ['https:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        // The portal also runs over plain http on a LAN address; upgrading would break it there.
        upgradeInsecureRequests: null,
      },
    },
    // The page may be framed by nobody: the same rule as frame-ancestors 'none' above.
    frameguard: { action: 'deny' },
    // HSTS means something only over HTTPS (browsers ignore it on http), so it is sent only there.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    // helmet 8 throws its errors rather than passing them on: next() only ever means done.
    securityHeaders(request.raw, reply.raw, () => done());
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
  await app.register(rateLimit, { global: false });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Store Portal API', version: APP_VERSION },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });

  await app.register(
    async (api) => {
      await api.register(compress, jsonCompression);
      installAccessControl(api, db, API_PREFIX, sessionForToken);
      api.withTypeProvider<ZodTypeProvider>().get('/health', {
        schema: {
          tags: ['Platform'],
          summary: 'Liveness and database reachability',
          response: { 200: replySchema(z.object({ version: z.string() })) },
        },
        config: { access: 'public' },
        handler: async () => {
          await ping(db);
          return ok('ok', { version: APP_VERSION });
        },
      });
      const uploads = createUploads({
        dir: join(config.DATA_DIR, 'uploads'),
        basePath: `${API_PREFIX}${UPLOADS_PATH}`,
      });
      await uploadRoutes(api, uploads, UPLOADS_PATH, db);
      eventRoutes(api, db, config.LIVE_HEARTBEAT_SECONDS);
      // Every domain module (src/modules.ts): its resources on the engine, then its own routes.
      const context = { db, config, uploads, apiPrefix: API_PREFIX };
      for (const module of modules) module.connect?.(context);
      for (const module of modules) {
        for (const service of module.resources ?? []) mountResource(api, db, service);
        await module.routes?.(api, context);
        for (const job of module.jobs?.(context) ?? []) api.jobs.declare(job);
      }
      jobRoutes(api, db);
      publicLinkRoutes(api, app.publicLinks);
      settingRoutes(api, db);
    },
    { prefix: API_PREFIX },
  );
  // Every permission a route needs is declared by a module's descriptor (or the platform).
  app.addHook('onReady', async () => checkDeclaredAccess(modules, declaredRoutes(app)));

  // Runtime configuration for the web app: which API base each host uses (SPEC.md section 1).
  app.get('/config.json', { config: { access: 'public' } }, async () => ({
    apiHosts: config.API_HOSTS,
  }));

  serveWebApp(app, config);
  return app;
}

/**
 * Serves the built web app with history fallback, so /users reloads into the SPA (GET, and HEAD as
 * link checkers and uptime probes send it); API paths, other methods and missing asset files get the
 * JSON 404.
 */
/**
 * Vite names every file under assets/ by its content hash, so a browser may keep it for good; every
 * other file (index.html, favicon) is revalidated, so a deploy shows at once.
 */
export function cacheControlFor(path: string): string {
  return /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * The page the web build prerenders (apps/web/prerender): /login is sent with the sign-in form
 * already drawn, from its own file; every other page path gets index.html.
 */
const PRERENDERED_PAGES = new Map([['/login', 'login.html']]);

function serveWebApp(app: FastifyInstance, config: Config) {
  const dist = resolve(config.WEB_DIST ?? join(import.meta.dirname, '../../web/dist'));
  const hasWebApp = existsSync(join(dist, 'index.html'));
  const prerendered = new Map(
    [...PRERENDERED_PAGES].filter(([, file]) => existsSync(join(dist, file))),
  );
  if (hasWebApp) {
    void app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: 'index.html',
      // The build writes .br and .gz beside each text asset; the one the browser accepts is sent.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => res.setHeader('cache-control', cacheControlFor(path)),
    });
  } else {
    app.log.warn({ dist }, 'web app not built; serving the API only');
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith(API_PREFIX) &&
      !/\.[a-z0-9]+$/i.test(path);
    if (hasWebApp && isPage) {
      return reply.type('text/html').sendFile(prerendered.get(path) ?? 'index.html');
    }
    return reply.status(404).send(notFoundReply(request.method, path));
  });
}
