import { describe, expect, it } from 'vitest';
import { storeClock } from '../../src/modules/organisation/stores.ts';

const store = (
  opens_at: string | null,
  closes_at: string | null,
  time_zone = 'America/Chicago',
) => ({
  id: 1,
  time_zone,
  opens_at,
  closes_at,
});
// 2026-07-01 15:30 UTC is 10:30 in Chicago (CDT, -05:00) and 11:30 in the Virgin Islands (-04:00).
const now = new Date('2026-07-01T15:30:00Z');

describe("a store's clock", () => {
  it("reads the store's wall clock in its time zone", () => {
    expect(storeClock(now, store(null, null))).toEqual({
      store_id: 1,
      time_zone: 'America/Chicago',
      local_date: '2026-07-01',
      local_time: '10:30:00',
      utc_offset: '-05:00',
      weekday: 'Wednesday',
      opens_at: null,
      closes_at: null,
      is_open: null,
      status: 'hours_not_set',
    });
    expect(storeClock(now, store(null, null, 'America/Virgin'))).toMatchObject({
      local_time: '11:30:00',
      utc_offset: '-04:00',
    });
    expect(storeClock(new Date('2026-01-15T23:30:00Z'), store(null, null))).toMatchObject({
      local_date: '2026-01-15',
      local_time: '17:30:00',
      utc_offset: '-06:00',
    });
  });

  it('is open between its hours, including hours past midnight', () => {
    expect(storeClock(now, store('09:00', '21:00'))).toMatchObject({
      is_open: true,
      status: 'open',
    });
    expect(storeClock(now, store('10:31', '21:00'))).toMatchObject({
      is_open: false,
      status: 'closed',
    });
    expect(storeClock(now, store('09:00', '10:30')).is_open).toBe(false);
    expect(storeClock(now, store('22:00', '11:00')).is_open).toBe(true);
    expect(storeClock(now, store('22:00', '10:00')).is_open).toBe(false);
    expect(storeClock(now, store('00:00', '00:00')).is_open).toBe(true);
    expect(storeClock(now, store('09:00', null)).status).toBe('hours_not_set');
  });
});
