// Issue 14: a store created later offers the company's shift templates, not only "Custom shift".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Data<T> = { data: T; message: string };
type Template = { name: string; start_time: string; end_time: string; store_id: number };

let t: TestApp;
let agent: string;

beforeAll(async () => {
  t = await startTestApp();
  agent = await t.login('agent@demo.example');
});
afterAll(() => t.close());

const templatesAt = async (storeId: number) => {
  const res = await t.call<Data<{ results: Template[] }>>(
    'GET',
    `/api/hr-shift-templates?filter[store_id]=${storeId}&perPage=100`,
    { token: agent },
  );
  expect(res.status).toBe(200);
  return res.body.data.results;
};

describe('shift templates of a new store', () => {
  it("a store created later gets the company's templates, once, in its transaction", async () => {
    const created = await t.call<Data<{ id: number }>>('POST', '/api/stores', {
      token: agent,
      body: { name: `Later Store ${Date.now()}`, time_zone: 'America/Chicago' },
    });
    expect(created.status, created.body.message).toBe(200);
    const storeId = created.body.data.id;
    const templates = await templatesAt(storeId);
    expect(templates.map((row) => row.name).sort()).toEqual([
      'Closing',
      'Opening',
      'Overnight Stock',
    ]);
    expect(templates.find((row) => row.name === 'Opening')).toMatchObject({
      start_time: '08:00',
      end_time: '16:00',
    });

    // An edit of the store adds nothing.
    const edited = await t.call('PATCH', `/api/stores/${storeId}`, {
      token: agent,
      body: { name: `Later Store edited ${Date.now()}` },
    });
    expect(edited.status).toBe(200);
    expect(await templatesAt(storeId)).toHaveLength(3);
  });
});
