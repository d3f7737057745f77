import { and, gte, inArray, lte } from 'drizzle-orm';
import { timeoffStatuses } from '@portal/contract/hr-timeoff';
import { defineDataset } from '../../platform/datasets.ts';
import { tenantScope } from '../../db/columns.ts';
import { hrTimeoffRequests } from './schema.ts';

/** Time off requests of people whose current store is in scope, dated by their first day. */
export const timeoffDataset = defineDataset({
  key: 'timeoff',
  title: 'Time off',
  description: 'Time off requests: requests and requested hours, by first day off',
  permission: 'read_hr_timeoff',
  measures: [
    { key: 'requests', label: 'Requests' },
    { key: 'hours', label: 'Requested hours' },
  ],
  groupBys: ['employee', 'store', 'district', 'region', 'day', 'week', 'month'],
  filters: [
    {
      key: 'status',
      label: 'Status',
      options: timeoffStatuses.map((s) => ({
        value: s,
        label: s.charAt(0).toUpperCase() + s.slice(1),
      })),
    },
  ],
  facts: async (db, ctx, range) => {
    if (!range.people.size) return [];
    const rows = await db
      .select({
        user_id: hrTimeoffRequests.user_id,
        date: hrTimeoffRequests.start_date,
        minutes: hrTimeoffRequests.minutes,
        status: hrTimeoffRequests.status,
      })
      .from(hrTimeoffRequests)
      .where(
        and(
          tenantScope(hrTimeoffRequests, ctx.companyId),
          inArray(hrTimeoffRequests.user_id, [...range.people.keys()]),
          gte(hrTimeoffRequests.start_date, range.from),
          lte(hrTimeoffRequests.start_date, range.to),
        ),
      );
    return rows.map((r) => ({
      user_id: r.user_id,
      store_id: range.people.get(r.user_id) ?? null,
      date: r.date,
      values: { requests: 1, hours: r.minutes / 60 },
      attrs: { status: r.status },
    }));
  },
});

export const timeoffDatasets = [timeoffDataset];
