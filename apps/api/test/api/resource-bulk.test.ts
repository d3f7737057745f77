import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** Bulk CSV on an engine resource that opts in (`bulk` on categories). */
let t: TestApp;
let agent: string;
let employee: string;
beforeAll(async () => {
  t = await startTestApp();
  [agent, employee] = await Promise.all([
    t.login('agent@demo.example'),
    t.login('employee@demo.example'),
  ]);
});
afterAll(async () => {
  await t.close();
});

interface Category {
  id: number;
  name: string;
  description: string | null;
}
interface BulkError {
  line: number;
  field: string | null;
  message: string;
}
const bulk = (method: string, path: string, csv: string, extra: Record<string, unknown> = {}) =>
  t.call<{ data: { count: number; ids: number[]; errors?: BulkError[] } }>(method, path, {
    token: agent,
    body: { csv, ...extra },
  });
const named = async (prefix: string) =>
  (
    await t.call<{ data: { results: Category[] } }>(
      'GET',
      `/api/categories?search=${encodeURIComponent(prefix)}&perPage=100&sort=name`,
      { token: agent },
    )
  ).body.data.results;

describe('bulk CSV on the resource engine', () => {
  it('gives the template of each kind', async () => {
    const create = await t.call<{ data: { columns: string[]; csv: string } }>(
      'GET',
      '/api/categories/bulk/template',
      { token: agent },
    );
    expect(create.status).toBe(200);
    expect(create.body.data).toEqual({
      columns: ['name', 'description'],
      csv: 'name,description\n',
    });
    const update = await t.call<{ data: { columns: string[] } }>(
      'GET',
      '/api/categories/bulk/template?kind=update',
      { token: agent },
    );
    expect(update.body.data.columns).toEqual(['id', 'name', 'description']);
    // Resources that do not opt in have no bulk routes.
    expect((await t.call('GET', '/api/regions/bulk/template', { token: agent })).status).toBe(404);
  });

  it('creates every row, or none with each problem by line', async () => {
    const good =
      'Name,Description\nBulk Phones,Handsets\nBulk Cases,"Cases, covers"\nBulk Cables,\n';
    const dry = await bulk('POST', '/api/categories/bulk', good, { dry_run: true });
    expect(dry.status).toBe(200);
    expect(dry.body.message).toBe('3 rows checked; nothing was saved');
    expect(await named('Bulk ')).toHaveLength(0);

    const created = await bulk('POST', '/api/categories/bulk', good);
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('3 Categories created');
    expect(created.body.data.count).toBe(3);
    const rows = await named('Bulk ');
    expect(rows.map((row) => [row.name, row.description])).toEqual([
      ['Bulk Cables', null],
      ['Bulk Cases', 'Cases, covers'],
      ['Bulk Phones', 'Handsets'],
    ]);

    // Line 3 has no name, line 4 repeats an existing name: nothing of the file is saved.
    const bad =
      'name,description\nBulk Chargers,ok\n,no name\nBulk Phones,again\nBulk Tablets,ok\n';
    const refused = await bulk('POST', '/api/categories/bulk', bad);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('2 rows have errors; nothing was saved');
    expect(refused.body.data.errors).toEqual([
      { line: 3, field: 'name', message: 'Name is required' },
      { line: 4, field: null, message: 'A record with these details already exists' },
    ]);
    expect((await named('Bulk ')).map((row) => row.name)).not.toContain('Bulk Chargers');
    expect((await named('Bulk ')).map((row) => row.name)).not.toContain('Bulk Tablets');

    const unknownColumn = await bulk('POST', '/api/categories/bulk', 'name,colour\nX,red\n');
    expect(unknownColumn.status).toBe(400);
    expect(unknownColumn.body.data.errors).toEqual([
      { line: 1, field: 'colour', message: 'Unknown column colour' },
    ]);
    expect((await bulk('POST', '/api/categories/bulk', 'name,description\n')).status).toBe(400);
  });

  it('updates and deletes by id, all or nothing; other companies’ ids are errors', async () => {
    const rows = await named('Bulk ');
    const [cables, cases] = rows;
    if (!cables || !cases) throw new Error('no rows');

    // Empty cells leave a field as it is.
    const updated = await bulk(
      'PATCH',
      '/api/categories/bulk',
      `id,name,description\n${cables.id},,USB and power\n${cases.id},Bulk Covers,\n`,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe('2 Categories updated');
    const after = await named('Bulk ');
    expect(after.find((row) => row.id === cables.id)).toMatchObject({
      name: 'Bulk Cables',
      description: 'USB and power',
    });
    expect(after.find((row) => row.id === cases.id)).toMatchObject({
      name: 'Bulk Covers',
      description: 'Cases, covers',
    });

    const missing = await bulk(
      'PATCH',
      '/api/categories/bulk',
      `id,name\n${cables.id},Bulk Wires\n99999999,Nobody\nabc,Bad\n`,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.data.errors).toEqual([
      { line: 3, field: null, message: 'Category not found' },
      { line: 4, field: 'id', message: 'must be a positive whole number' },
    ]);
    expect((await named('Bulk ')).map((row) => row.name)).not.toContain('Bulk Wires');

    const noId = await bulk('PATCH', '/api/categories/bulk', 'name\nX\n');
    expect(noId.status).toBe(400);
    expect(noId.body.data.errors).toEqual([
      { line: 1, field: 'id', message: 'The file needs an id column' },
    ]);

    const refusedDelete = await bulk(
      'POST',
      '/api/categories/bulk/delete',
      `id\n${cables.id}\n99999999\n`,
    );
    expect(refusedDelete.status).toBe(400);
    expect(await named('Bulk ')).toHaveLength(3);

    const deleted = await bulk(
      'POST',
      '/api/categories/bulk/delete',
      `id\n${cables.id}\n${cases.id}\n`,
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('2 Categories deleted');
    expect((await named('Bulk ')).map((row) => row.name)).toEqual(['Bulk Phones']);
  });

  it('needs the write permission', async () => {
    const refused = await t.call('POST', '/api/categories/bulk', {
      token: employee,
      body: { csv: 'name\nNope\n' },
    });
    expect(refused.status).toBe(403);
  });
});
