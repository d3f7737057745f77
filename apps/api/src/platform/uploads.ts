import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { link, mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema, replySchema } from '@portal/contract/envelope';
import {
  MAX_UPLOAD_BYTES,
  signedUploadSchema,
  signUploadRequestSchema,
  uploadContentTypes,
  uploadedFileSchema,
  uploadFolders,
  uploadMessages,
  UPLOADS_PATH,
  type SignedUpload,
  type SignUploadRequest,
  type UploadContentType,
  type UploadedFile,
  type UploadFolder,
} from '@portal/contract/uploads';
import { inArray } from 'drizzle-orm';
import { callerOf } from './access.ts';
import { isSuperAdmin, type Access, type RequestContext } from './context.ts';
import type { Database, Executor } from './database.ts';
import { AppError } from './errors.ts';
import { errorReplies, ok } from './reply.ts';
import { fileDeletions } from './schema.ts';

/**
 * Uploads through signed, expiring PUT URLs, stored under one directory and served back by key
 * (DESIGN.md: the embedded default for /photos/sign, /photos/upload and company documents).
 *
 * A signature covers the key, the content type, the size limit and the expiry, so a URL is good
 * for one file of one type and size, once, until it expires. Keys are built here, never taken
 * from a caller, and every key is checked against one pattern and resolved inside the directory
 * before it touches the disk, so no path can leave it.
 *
 * A stored file belongs to its company (the key's first part) and to the record that holds its
 * address (`/api/uploads/<key>`, stored without a signature). It is read only through a
 * short-lived signed read link: the API signs the address of every file of the caller's company
 * in the records it answers with (signFileUrls, a preSerialization hook), so an <img src> or a
 * download link works for whoever may read the record, and for nobody else after the link expires.
 * Deleting a record queues its files for deletion in the same transaction (queueFileDeletion); the
 * files go once the transaction has committed.
 */
export interface Uploads {
  sign(input: {
    companyId: number;
    folder: UploadFolder;
    fileName: string;
    contentType: UploadContentType;
    /** scheme://host the signed URL points at (the API host the caller used) */
    origin: string;
  }): SignedUpload;
  /** Checks a signed URL's parameters; throws a 403 AppError when expired or tampered with. */
  verify(
    key: string,
    params: SignatureParams,
  ): { contentType: UploadContentType; maxBytes: number };
  /** Stores a verified upload; refuses a second upload to the same key. */
  save(key: string, contentType: UploadContentType, body: Buffer): Promise<UploadedFile>;
  /** The stored file of a key, or a 404. */
  open(key: string): Promise<{ path: string; size: number; contentType: UploadContentType }>;
  /** The address a record stores: `<basePath>/<key>`, no signature. */
  fileUrl(key: string): string;
  /** A short-lived signed read link for a key: `<basePath>/<key>?expires=&signature=`. */
  readUrl(key: string): string;
  /** Checks a read link's parameters; seconds it is still good for, or a 403 AppError. */
  verifyRead(key: string, params: Partial<ReadParams>): number;
  /** Deletes a stored file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** The key of a stored address (`/api/uploads/<key>`, with or without a query), or null. */
  keyOf(url: string): string | null;
}

export interface UploadsOptions {
  /** Where files live, e.g. DATA_DIR/uploads. */
  dir: string;
  /** URL path the upload routes are mounted at, e.g. /api/uploads. */
  basePath: string;
  /** HMAC key; by default a random key kept in `dir/.signing-key`, made on first use. */
  secret?: Buffer;
  /** How long a signed upload URL lasts (default 15 minutes). */
  ttlSeconds?: number;
  /**
   * Read links are good until the end of the next window of this many seconds (default 1800):
   * between 30 and 60 minutes, the same link within a window, so a browser's cache can reuse it.
   */
  readWindowSeconds?: number;
  /** Clock in milliseconds (tests). */
  now?: () => number;
}

export const signatureParamsSchema = z.strictObject({
  expires: z.string().regex(/^\d{1,12}$/),
  type: z.string().max(120),
  max: z.string().regex(/^\d{1,10}$/),
  signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});
export type SignatureParams = z.infer<typeof signatureParamsSchema>;

/** A read link's query: both parts optional in the route, so a bare address is a 403, not a 400. */
export const readParamsSchema = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(100).optional(),
});
export type ReadParams = { expires: string; signature: string };

const extensionTypes = new Map<string, UploadContentType>(
  Object.entries(uploadContentTypes).map(([type, ext]) => [ext, type as UploadContentType]),
);
const isContentType = (value: string): value is UploadContentType => value in uploadContentTypes;
const isFolder = (value: string): value is UploadFolder => value in uploadFolders;

// <company id>/<folder>/<uuid>-<name>.<ext>: nothing else is ever a key.
const KEY =
  /^(\d{1,15})\/([A-Za-z][A-Za-z0-9-]{0,39})\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[a-z0-9-]{1,60}\.([a-z0-9]{2,5})$/;

/** A file name reduced to safe characters: 'Q3 Report (final).PDF' -> 'q3-report-final'. */
export function safeBaseName(fileName: string): string {
  const base = (fileName.split(/[\\/]/).pop() ?? '').replace(/\.[^.]*$/, '');
  const slug = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'file';
}

function parseKey(key: string): { folder: UploadFolder; contentType: UploadContentType } | null {
  const match = KEY.exec(key);
  const folder = match?.[2];
  const contentType = match?.[3] ? extensionTypes.get(match[3]) : undefined;
  if (!folder || !isFolder(folder) || !contentType) return null;
  return { folder, contentType };
}

export function createUploads(options: UploadsOptions): Uploads {
  const root = resolve(options.dir);
  const ttl = options.ttlSeconds ?? 15 * 60;
  const now = options.now ?? Date.now;
  let secret = options.secret;

  /** The HMAC key: given, or read (made once) from `dir/.signing-key` on first use. */
  function signingKey(): Buffer {
    if (secret) return secret;
    const file = join(root, '.signing-key');
    mkdirSync(root, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    secret = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
    if (secret.length < 32) throw new Error(`uploads: ${file} holds a key shorter than 32 bytes`);
    return secret;
  }

  const mac = (key: string, contentType: string, maxBytes: number, expires: number) =>
    createHmac('sha256', signingKey())
      .update(`PUT\n${key}\n${contentType}\n${maxBytes}\n${expires}`)
      .digest('base64url');
  const readMac = (key: string, expires: number) =>
    createHmac('sha256', signingKey()).update(`GET\n${key}\n${expires}`).digest('base64url');
  const readWindow = options.readWindowSeconds ?? 30 * 60;
  const basePrefix = `${options.basePath}/`;

  function pathOf(key: string): string {
    const path = resolve(root, key);
    if (!parseKey(key) || !path.startsWith(root + sep)) throw AppError.notFound('File');
    return path;
  }

  const uploads: Uploads = {
    fileUrl: (key) => `${options.basePath}/${key}`,

    readUrl(key) {
      const nowSeconds = Math.floor(now() / 1000);
      const expires = (Math.floor(nowSeconds / readWindow) + 2) * readWindow;
      const query = new URLSearchParams({
        expires: String(expires),
        signature: readMac(key, expires),
      });
      return `${uploads.fileUrl(key)}?${query.toString()}`;
    },

    verifyRead(key, params) {
      const expires = /^\d{1,12}$/.test(params.expires ?? '') ? Number(params.expires) : NaN;
      const given = Buffer.from(params.signature ?? '');
      const expected = Number.isFinite(expires) ? Buffer.from(readMac(key, expires)) : null;
      const genuine =
        parseKey(key) !== null &&
        expected !== null &&
        given.length === expected.length &&
        timingSafeEqual(given, expected);
      if (!genuine) throw AppError.forbidden(uploadMessages.readInvalid);
      const left = expires - Math.floor(now() / 1000);
      if (left <= 0) throw AppError.forbidden(uploadMessages.readExpired);
      return left;
    },

    async remove(key) {
      await unlink(pathOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },

    keyOf(url) {
      if (!url.startsWith(basePrefix)) return null;
      const key = url.slice(basePrefix.length).split('?')[0] ?? '';
      return parseKey(key) ? key : null;
    },

    sign({ companyId, folder, fileName, contentType, origin }) {
      const rules = uploadFolders[folder];
      if (!(rules.types as readonly string[]).includes(contentType)) {
        throw AppError.badRequest(uploadMessages.wrongType, {
          file_type: ['This kind of file cannot be uploaded here'],
        });
      }
      const key = `${companyId}/${folder}/${randomUUID()}-${safeBaseName(fileName)}.${uploadContentTypes[contentType]}`;
      const expires = Math.floor(now() / 1000) + ttl;
      const signature = mac(key, contentType, rules.maxBytes, expires);
      const query = new URLSearchParams({
        expires: String(expires),
        type: contentType,
        max: String(rules.maxBytes),
        signature,
      });
      return {
        signedUrl: `${origin}${options.basePath}/${key}?${query.toString()}`,
        fileUrl: uploads.fileUrl(key),
        key,
        contentType,
        maxBytes: rules.maxBytes,
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },

    verify(key, params) {
      const parsed = parseKey(key);
      const maxBytes = Number(params.max);
      const expires = Number(params.expires);
      const expected = Buffer.from(mac(key, params.type, maxBytes, expires));
      const given = Buffer.from(params.signature);
      const genuine =
        parsed !== null &&
        isContentType(params.type) &&
        params.type === parsed.contentType &&
        maxBytes <= uploadFolders[parsed.folder].maxBytes &&
        given.length === expected.length &&
        timingSafeEqual(given, expected);
      if (!genuine || !isContentType(params.type)) throw AppError.forbidden(uploadMessages.invalid);
      if (expires * 1000 < now()) throw AppError.forbidden(uploadMessages.expired);
      return { contentType: params.type, maxBytes };
    },

    async save(key, contentType, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const part = `${path}.${randomBytes(6).toString('hex')}.part`;
      await writeFile(part, body, { flag: 'wx', mode: 0o600 });
      try {
        // link() fails if the key is taken, so an upload never replaces another.
        await link(part, path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST')
          throw AppError.conflict(uploadMessages.exists);
        throw error;
      } finally {
        await unlink(part).catch(() => undefined);
      }
      return { key, fileUrl: uploads.fileUrl(key), size: body.length, contentType };
    },

    async open(key) {
      const parsed = parseKey(key);
      const path = pathOf(key);
      const info = await stat(path).catch(() => null);
      if (!parsed || !info?.isFile()) throw AppError.notFound('File');
      return { path, size: info.size, contentType: parsed.contentType };
    },
  };
  return uploads;
}

/** scheme://host the request came to (proxies' X-Forwarded-* are trusted, see app.ts). */
export const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** A route that signs upload URLs for one kind of file: where it goes and who may put it there. */
export interface SignUploadRoute {
  path: string;
  tags: readonly string[];
  summary: string;
  access: Access;
  folder: UploadFolder;
  /** The request body; by default a file name and type (a module may ask for more, e.g. a folder). */
  body?: z.ZodType<SignUploadRequest>;
  /** Path parameters, e.g. the id of the record the file is for. */
  params?: z.ZodType;
  /** Refuses the caller (throws a 4xx AppError) when the file's record is not theirs to change. */
  check?: (request: FastifyRequest, ctx: RequestContext) => Promise<unknown>;
}

/**
 * POST <path>: a signed upload URL for one file of the route's folder, in the caller's company.
 * Every module signs its uploads through this one declaration, so every sign route has the same
 * body, reply and errors.
 */
export function signUploadRoute(app: FastifyInstance, uploads: Uploads, route: SignUploadRoute) {
  app.withTypeProvider<ZodTypeProvider>().post(route.path, {
    schema: {
      tags: [...route.tags],
      summary: route.summary,
      ...(route.params ? { params: route.params } : {}),
      body: route.body ?? signUploadRequestSchema,
      response: { 200: replySchema(signedUploadSchema), ...errorReplies(400, 403, 404, 460) },
    },
    config: { access: route.access },
    handler: async (request) => {
      const ctx = callerOf(request);
      await route.check?.(request, ctx);
      return ok(
        '',
        uploads.sign({
          companyId: ctx.companyId,
          folder: route.folder,
          fileName: request.body.file_name,
          contentType: request.body.file_type,
          origin: requestOrigin(request),
        }),
      );
    },
  });
}

const keyParams = z.strictObject({ '*': z.string().min(1).max(300) });
const errors = errorReplies(400, 403, 404, 409, 413);

/**
 * Signs the stored file addresses in a reply for the caller: every string that is exactly a file
 * address of the caller's company (any company for the super admin) becomes a read link. Objects
 * and arrays are copied only where something changed.
 */
export function signFileUrls(value: unknown, uploads: Uploads, ctx: RequestContext): unknown {
  if (typeof value === 'string') {
    const key = uploads.keyOf(value);
    if (!key || value.includes('?')) return value;
    const company = Number(key.split('/')[0]);
    return company === ctx.companyId || isSuperAdmin(ctx) ? uploads.readUrl(key) : value;
  }
  // Walked on every reply: copies only what holds a signed address, allocates nothing otherwise.
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      const signed = signFileUrls(item, uploads, ctx);
      if (signed !== item) (copy ??= [...value])[index] = signed;
    }
    return copy ?? value;
  }
  if (
    value !== null &&
    typeof value === 'object' &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    const record = value as Record<string, unknown>;
    let copy: Record<string, unknown> | null = null;
    for (const field of Object.keys(record)) {
      const item = record[field];
      const signed = signFileUrls(item, uploads, ctx);
      if (signed !== item) (copy ??= { ...record })[field] = signed;
    }
    return copy ?? value;
  }
  return value;
}

/**
 * Writes in this process that queued files so far. A write's response sweeps the queue only when
 * this moved while the write ran, so a write that queued nothing (a sign-in, most saves) costs no
 * statement. A write that overlapped another's queueing sweeps too, and the queueing write sweeps
 * again after its own commit, so no committed file waits for a later write.
 */
let queueingWrites = 0;

/**
 * Queues the files of a deleted (or replaced) record for deletion, inside the deleting
 * transaction; the files go once it has committed (deleteQueuedFiles). Takes file addresses or
 * bare keys; anything else is ignored, so a record's fields can be passed as they are.
 */
export async function queueFileDeletion(tx: Executor, urls: readonly unknown[]): Promise<void> {
  const keys = [
    ...new Set(
      urls.flatMap((url) => {
        if (typeof url !== 'string') return [];
        const key = fileKeyOf(url) ?? (parseKey(url) ? url : null);
        return key ? [key] : [];
      }),
    ),
  ];
  if (!keys.length) return;
  queueingWrites++;
  await tx
    .insert(fileDeletions)
    .values(keys.map((key) => ({ key })))
    .onConflictDoNothing();
}

/** The key in a stored address (`/api/uploads/<key>`, maybe signed), or null. */
export function fileKeyOf(url: string): string | null {
  const prefix = `/api${UPLOADS_PATH}/`;
  if (!url.startsWith(prefix)) return null;
  const key = url.slice(prefix.length).split('?')[0] ?? '';
  return parseKey(key) ? key : null;
}

/** Removes the queued files from the disk, then from the queue. */
export async function deleteQueuedFiles(db: Database, uploads: Uploads): Promise<number> {
  const queued = await db.select({ key: fileDeletions.key }).from(fileDeletions).limit(200);
  for (const { key } of queued) await uploads.remove(key);
  if (queued.length)
    await db.delete(fileDeletions).where(
      inArray(
        fileDeletions.key,
        queued.map((row) => row.key),
      ),
    );
  return queued.length;
}

/**
 * PUT <basePath>/<key>?<signature> stores a file; GET <basePath>/<key>?<read signature> reads it
 * back. Mounted in its own plugin so that only these routes take raw bodies of any content type.
 * On the API scope: replies sign the caller's file addresses, and a write that queued files for
 * deletion has them deleted once answered.
 */
export async function uploadRoutes(
  app: FastifyInstance,
  uploads: Uploads,
  path: string,
  db: Database,
) {
  app.addHook('preSerialization', async (request, _reply, payload) =>
    request.ctx ? signFileUrls(payload, uploads, request.ctx) : payload,
  );
  const queueingAtStart = new WeakMap<FastifyRequest, number>();
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.method !== 'GET') queueingAtStart.set(request, queueingWrites);
    done();
  });
  const sweep = (log: FastifyBaseLogger) =>
    deleteQueuedFiles(db, uploads).catch((error: unknown) =>
      log.error({ err: error }, 'could not delete the files of deleted records'),
    );
  // Files queued before a restart go at once.
  app.addHook('onReady', async () => void (await sweep(app.log)));
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || reply.statusCode >= 400) return;
    if (queueingAtStart.get(request) === queueingWrites) return;
    await sweep(request.log);
  });
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
      (_r, body, done) => done(null, body),
    );
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.put(`${path}/*`, {
      schema: {
        tags: ['Uploads'],
        summary: 'Upload a file to a signed URL',
        params: keyParams,
        querystring: signatureParamsSchema,
        response: { 200: replySchema(uploadedFileSchema), ...errors },
      },
      bodyLimit: MAX_UPLOAD_BYTES,
      config: { access: 'public' },
      // Checked before the body is read: a bad or expired link never uploads a byte.
      preParsing: async (request) => {
        const { '*': key } = keyParams.parse(request.params);
        // A missing or malformed signature is a refused link (403), checked before validation.
        const params = signatureParamsSchema.safeParse(request.query);
        if (!params.success) throw AppError.forbidden(uploadMessages.invalid);
        const signed = uploads.verify(key, params.data);
        const given = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
        if (given !== signed.contentType) throw AppError.badRequest(uploadMessages.wrongType);
        const length = Number(request.headers['content-length'] ?? 0);
        if (length > signed.maxBytes)
          throw new AppError(413, uploadMessages.tooLarge(signed.maxBytes));
      },
      handler: async (request) => {
        const key = request.params['*'];
        const signed = uploads.verify(key, request.query);
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0)
          throw AppError.badRequest('The file is empty');
        if (body.length > signed.maxBytes)
          throw new AppError(413, uploadMessages.tooLarge(signed.maxBytes));
        const saved = await uploads.save(key, signed.contentType, body);
        // Whoever held the upload link may look at what they uploaded, for a while.
        return ok(uploadMessages.uploaded, { ...saved, fileUrl: uploads.readUrl(key) });
      },
    });

    // Not typed by the provider: the 200 reply is the file itself, streamed, not a JSON body.
    scope.get(`${path}/*`, {
      schema: {
        tags: ['Uploads'],
        summary: 'Read an uploaded file through a signed read link (from the record holding it)',
        params: keyParams,
        querystring: readParamsSchema,
        response: { 403: errorReplySchema, 404: errorReplySchema },
      },
      config: { access: 'public' },
      handler: async (request, reply) => {
        const { '*': key } = keyParams.parse(request.params);
        const left = uploads.verifyRead(key, readParamsSchema.parse(request.query));
        const file = await uploads.open(key);
        const inline =
          file.contentType.startsWith('image/') || file.contentType === 'application/pdf';
        const name = key.split('/').pop() ?? 'file';
        return (
          reply
            .type(file.contentType)
            .header('content-length', file.size)
            // This browser only, and no longer than the link is good for.
            .header('cache-control', `private, max-age=${Math.min(left, 3600)}`)
            .header(
              'content-disposition',
              `${inline ? 'inline' : 'attachment'}; filename="${name}"`,
            )
            .send(createReadStream(file.path))
        );
      },
    });
  });
}
