import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { WidgetRow } from '@portal/contract/oneview';
import type { RequestContext } from '../../platform/context.ts';
import type { Executor } from '../../platform/database.ts';
import { defineWidget } from '../../platform/widgets.ts';
import { tenantJoin, tenantScope } from '../../db/columns.ts';
import { assignedToStoreIn } from '../assignments/api.ts';
import { placeNameOf } from '../organisation/api.ts';
import { currentStoreOf, userNameOf } from '../users/api.ts';
import { hrTimeoffRequests, hrTimeoffTypes } from './schema.ts';

/** Pending requests of the people `who` selects (a condition on the requests), oldest first. */
async function pendingRequests(
  db: Executor,
  ctx: RequestContext,
  who: SQL | undefined,
): Promise<WidgetRow[]> {
  const rows = await db
    .select({
      user_id: hrTimeoffRequests.user_id,
      name: userNameOf(hrTimeoffRequests.company_id, hrTimeoffRequests.user_id),
      store_name: placeNameOf(
        'store',
        hrTimeoffRequests.company_id,
        currentStoreOf(hrTimeoffRequests.company_id, hrTimeoffRequests.user_id),
      ),
      type: hrTimeoffTypes.name,
      start_date: hrTimeoffRequests.start_date,
      end_date: hrTimeoffRequests.end_date,
    })
    .from(hrTimeoffRequests)
    .innerJoin(
      hrTimeoffTypes,
      tenantJoin(hrTimeoffTypes, hrTimeoffRequests.company_id, hrTimeoffRequests.type_id),
    )
    .where(
      and(
        tenantScope(hrTimeoffRequests, ctx.companyId),
        eq(hrTimeoffRequests.status, 'pending'),
        who,
      ),
    )
    .orderBy(asc(hrTimeoffRequests.start_date), asc(hrTimeoffRequests.id));
  return rows.map((r) => ({
    user_id: r.user_id,
    name: r.name,
    store_name: r.store_name,
    detail: `${r.type}: ${r.start_date === r.end_date ? r.start_date : `${r.start_date} to ${r.end_date}`}`,
    worked_hours: null,
    scheduled_hours: null,
  }));
}

/** Time off figures as OneView widgets. */
export const timeoffWidgets = [
  defineWidget({
    key: 'pending_timeoff',
    title: 'Pending time off',
    description:
      'Time off requests waiting for a decision, of people working at the scope’s stores',
    kind: 'count',
    subject: 'scope',
    permission: 'read_hr_timeoff',
    needsAction: true,
    w: 3,
    h: 3,
    async rows(db, ctx, scope) {
      if (scope.level === 'company') return pendingRequests(db, ctx, undefined);
      if (!scope.storeIds.length) return [];
      return pendingRequests(
        db,
        ctx,
        or(
          inArray(
            currentStoreOf(hrTimeoffRequests.company_id, hrTimeoffRequests.user_id),
            scope.storeIds,
          ),
          assignedToStoreIn(
            hrTimeoffRequests.company_id,
            hrTimeoffRequests.user_id,
            scope.storeIds,
          ),
        ),
      );
    },
  }),
  defineWidget({
    key: 'my_pending_timeoff',
    title: 'My pending time off',
    description: 'Your time off requests waiting for a decision',
    kind: 'count',
    subject: 'self',
    permission: 'write_hr_clockin',
    w: 3,
    h: 3,
    rows: (db, ctx) => pendingRequests(db, ctx, eq(hrTimeoffRequests.user_id, ctx.userId)),
  }),
];
