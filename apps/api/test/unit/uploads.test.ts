import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/platform/errors.ts';
import type { RequestContext } from '../../src/platform/context.ts';
import { createUploads, safeBaseName, signFileUrls } from '../../src/platform/uploads.ts';

const dir = mkdtempSync(join(tmpdir(), 'uploads-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let clock = Date.parse('2026-01-01T12:00:00Z');
const uploads = createUploads({
  dir,
  basePath: '/api/uploads',
  secret: Buffer.alloc(32, 7),
  ttlSeconds: 600,
  now: () => clock,
});

const signOne = () => {
  const signed = uploads.sign({
    companyId: 3,
    folder: 'profile-photos',
    fileName: 'Me at the beach.JPG',
    contentType: 'image/jpeg',
    origin: 'https://api.example.com',
  });
  const url = new URL(signed.signedUrl);
  const params = {
    expires: url.searchParams.get('expires') ?? '',
    type: url.searchParams.get('type') ?? '',
    max: url.searchParams.get('max') ?? '',
    signature: url.searchParams.get('signature') ?? '',
  };
  return { signed, params };
};

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return [error.statusCode, error.message];
    throw error;
  }
  return null;
};

describe('signed upload URLs', () => {
  it('sign a key of their own making, for one type and size, until they expire', () => {
    const { signed, params } = signOne();
    expect(signed.key).toMatch(/^3\/profile-photos\/[0-9a-f-]{36}-me-at-the-beach\.jpg$/);
    expect(signed.maxBytes).toBe(2 * 1024 * 1024);
    expect(signed.expiresAt).toBe('2026-01-01T12:10:00.000Z');
    expect(uploads.verify(signed.key, params)).toEqual({
      contentType: 'image/jpeg',
      maxBytes: 2 * 1024 * 1024,
    });
    clock += 599_000;
    expect(refusal(() => uploads.verify(signed.key, params))).toBeNull();
    clock += 2_000;
    expect(refusal(() => uploads.verify(signed.key, params))).toEqual([
      403,
      'This upload link has expired',
    ]);
  });

  it('refuse any change to what was signed', () => {
    const { signed, params } = signOne();
    const invalid = [403, 'This upload link is not valid'];
    expect(refusal(() => uploads.verify(signed.key, { ...params, max: '99999999' }))).toEqual(
      invalid,
    );
    expect(refusal(() => uploads.verify(signed.key, { ...params, type: 'image/png' }))).toEqual(
      invalid,
    );
    expect(refusal(() => uploads.verify(signed.key.replace(/^3\//, '4/'), params))).toEqual(
      invalid,
    );
    expect(refusal(() => uploads.verify('../../etc/passwd', params))).toEqual(invalid);
    const other = createUploads({
      dir,
      basePath: '/api/uploads',
      secret: Buffer.alloc(32, 8),
      now: () => clock,
    });
    expect(refusal(() => other.verify(signed.key, params))).toEqual(invalid);
  });

  it('accept only the folder types', () => {
    expect(
      refusal(() =>
        uploads.sign({
          companyId: 1,
          folder: 'oneViewBgImg',
          fileName: 'bg.pdf',
          contentType: 'application/pdf',
          origin: 'http://localhost',
        }),
      ),
    ).toEqual([400, 'The file type does not match the upload link']);
  });

  it('reduce file names to safe characters', () => {
    expect(safeBaseName('../../etc/passwd')).toBe('passwd');
    expect(safeBaseName('C:\\docs\\Q3.pdf')).toBe('q3');
    expect(safeBaseName('Résumé Final (2).docx')).toBe('resume-final-2');
    expect(safeBaseName('....')).toBe('file');
    expect(safeBaseName(`${'a'.repeat(100)}.png`)).toHaveLength(60);
  });

  it('store a file once and refuse to overwrite it', async () => {
    const { signed } = signOne();
    const file = await uploads.save(signed.key, 'image/jpeg', Buffer.from('jpeg bytes'));
    expect(file).toEqual({
      key: signed.key,
      fileUrl: `/api/uploads/${signed.key}`,
      size: 10,
      contentType: 'image/jpeg',
    });
    await expect(uploads.save(signed.key, 'image/jpeg', Buffer.from('again'))).rejects.toThrow(
      'This file has already been uploaded',
    );
    await expect(uploads.open(signed.key)).resolves.toMatchObject({ size: 10 });
    await expect(uploads.open('3/profile-photos/../../x')).rejects.toThrow('File not found');
  });
});

describe('signFileUrls (every reply)', () => {
  const ctx: RequestContext = {
    sessionId: 1,
    companyId: 3,
    userId: 1,
    baseRole: 'master_agent',
    accessLevel: 4,
    permissions: {},
  };
  const own = uploads.fileUrl(signOne().signed.key);
  const foreign = own.replace('/api/uploads/3/', '/api/uploads/4/');

  it("signs the caller's company's file addresses wherever they sit, and no other", () => {
    const reply = {
      data: { results: [{ id: 1, photo: own, other: foreign, note: 'x' }], total: 1 },
    };
    const signed = signFileUrls(reply, uploads, ctx) as typeof reply;
    const [row] = signed.data.results;
    expect(row?.photo).toMatch(new RegExp(`^${own}\\?.*signature=`));
    expect(row?.other).toBe(foreign);
    expect(row?.note).toBe('x');
    // The reply the route built is not altered: the signed one is a copy.
    expect(reply.data.results[0]?.photo).toBe(own);
  });

  it('returns what holds no file address as it is, without copying', () => {
    const reply = { data: { results: [{ id: 1, photo: null, tags: ['a', 'b'] }], total: 1 } };
    expect(signFileUrls(reply, uploads, ctx)).toBe(reply);
  });
});
