import { defineDataset, localDate, type DatasetRange } from '../../platform/datasets.ts';
import { instantBounds, shiftsOfStores, timecardsOfStores } from './store-rows.ts';

const inRange = (date: string, { from, to }: DatasetRange) => date >= from && date <= to;
const hoursBetween = (from: string, to: string | null) =>
  Math.max(0, ((to ? Date.parse(to) : Date.now()) - Date.parse(from)) / 3_600_000);
const yesNo = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** Worked shifts (timecards), dated by their clock-in in the store's time zone. */
export const timecardsDataset = defineDataset({
  key: 'timecards',
  title: 'Timecards',
  description: 'Worked shifts: clocked hours (breaks included) and timecards, by clock-in date',
  permission: 'read_hr_timecards',
  measures: [
    { key: 'hours', label: 'Clocked hours' },
    { key: 'timecards', label: 'Timecards' },
  ],
  groupBys: ['employee', 'store', 'district', 'region', 'day', 'week', 'month'],
  filters: [
    { key: 'auto_clocked_out', label: 'Auto clocked out', options: yesNo },
    { key: 'open', label: 'Still clocked in', options: yesNo },
  ],
  facts: async (db, ctx, range) => {
    if (!range.storeIds.length) return [];
    const rows = await timecardsOfStores(db, ctx.companyId, range.storeIds, instantBounds(range));
    return rows
      .map((r) => ({ ...r, date: localDate(r.clock_in, r.time_zone) }))
      .filter((r) => inRange(r.date, range))
      .map((r) => ({
        user_id: r.user_id,
        store_id: r.store_id,
        date: r.date,
        values: { hours: hoursBetween(r.clock_in, r.clock_out), timecards: 1 },
        attrs: {
          auto_clocked_out: r.auto_clocked_out ? 'yes' : 'no',
          open: r.clock_out ? 'no' : 'yes',
        },
      }));
  },
});

/** Scheduled shifts, dated by their start in the store's time zone. */
export const schedulesDataset = defineDataset({
  key: 'schedules',
  title: 'Schedules',
  description: 'Scheduled shifts: scheduled hours and shifts, by shift date',
  permission: 'read_hr_schedules',
  measures: [
    { key: 'hours', label: 'Scheduled hours' },
    { key: 'shifts', label: 'Shifts' },
  ],
  groupBys: ['employee', 'store', 'district', 'region', 'day', 'week', 'month'],
  filters: [{ key: 'published', label: 'Published', options: yesNo }],
  facts: async (db, ctx, range) => {
    if (!range.storeIds.length) return [];
    const rows = await shiftsOfStores(db, ctx.companyId, range.storeIds, instantBounds(range));
    return rows
      .map((r) => ({ ...r, date: localDate(r.shift_start, r.time_zone) }))
      .filter((r) => inRange(r.date, range))
      .map((r) => ({
        user_id: r.user_id,
        store_id: r.store_id,
        date: r.date,
        values: { hours: hoursBetween(r.shift_start, r.shift_end), shifts: 1 },
        attrs: { published: r.published_at ? 'yes' : 'no' },
      }));
  },
});

export const hrDatasets = [timecardsDataset, schedulesDataset];
