import { describe, expect, it } from 'vitest';
import { notifyPayloads, type PortalEvent } from '../../src/platform/events.ts';

const parse = (payload: string) => JSON.parse(payload) as { companyId: number; event: PortalEvent };

describe('notifyPayloads', () => {
  it('sends a small event whole, in one payload', () => {
    const event = { type: 'ticket.changed', audience: { userIds: [4, 5] }, ticket_id: 9 };
    expect(notifyPayloads(2, event).map(parse)).toEqual([{ companyId: 2, event }]);
  });

  it('keeps only the type and audience of an event too large to send whole', () => {
    const [only, ...rest] = notifyPayloads(2, {
      type: 'big',
      audience: { permission: 'read_tickets' },
      body: 'x'.repeat(9000),
    });
    expect(rest).toEqual([]);
    expect(parse(only ?? '')).toEqual({
      companyId: 2,
      event: { type: 'big', audience: { permission: 'read_tickets' } },
    });
  });

  it('splits a long audience: every payload fits NOTIFY, each person once, the permission once', () => {
    const userIds = Array.from({ length: 5000 }, (_, index) => 900_000_000 + index);
    const payloads = notifyPayloads(7, {
      type: 'notification.created',
      audience: { userIds, permission: 'read_bulletins' },
      kind: 'bulletin',
    });
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    const events = payloads.map((payload) => parse(payload).event);
    expect(events.flatMap((event) => event.audience?.userIds ?? [])).toEqual(userIds);
    expect(events.filter((event) => event.audience?.permission === 'read_bulletins')).toHaveLength(
      1,
    );
    // What the bell reads besides the audience (the notice's kind) goes with every part.
    for (const event of events)
      expect(event).toMatchObject({ type: 'notification.created', kind: 'bulletin' });
  });
});
