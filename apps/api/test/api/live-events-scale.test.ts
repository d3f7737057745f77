import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publish } from '../../src/platform/events.ts';
import { openEventStream } from '../support/event-stream.ts';
import { signInPerson, type Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let manager: Person;
let employee: Person;
let northwind: Person;

beforeAll(async () => {
  t = await startTestApp();
  manager = await signInPerson(t, 'manager@demo.example');
  employee = await signInPerson(t, 'employee@demo.example');
  northwind = await signInPerson(t, 'admin@northwind.example');
});
afterAll(() => t.close());

describe('live events for many people at once', () => {
  it('tells each of 3,000 named people once, though their ids overflow one NOTIFY payload', async () => {
    // A bulletin to 2,000 people failed with a 500: NOTIFY refuses payloads of 8,000 bytes or more.
    const crowd = Array.from({ length: 3000 }, (_, index) => 1_000_000 + index);
    const userIds = [...crowd.slice(0, 1500), employee.id, ...crowd.slice(1500), manager.id];
    const streams = await Promise.all(
      [manager, employee, northwind].map((who) => openEventStream(t.baseUrl, who.token)),
    );
    try {
      await publish(t.database.db, manager.companyId, {
        type: 'scale.check',
        audience: { userIds },
        note: 'x'.repeat(8000),
      });
      const [managerStream, employeeStream, otherCompany] = streams;
      for (const stream of [managerStream, employeeStream]) {
        expect(await stream?.waitFor((e) => e.type === 'scale.check')).toBeDefined();
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (const stream of [managerStream, employeeStream])
        expect(stream?.events.filter((e) => e.type === 'scale.check')).toHaveLength(1);
      expect(otherCompany?.events.filter((e) => e.type === 'scale.check')).toEqual([]);
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});
