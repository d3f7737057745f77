import { and, asc, inArray } from 'drizzle-orm';
import type { WidgetRow } from '@portal/contract/oneview';
import { ticketStatusMachine, type TicketStatus } from '@portal/contract/resources/tickets';
import { defineWidget } from '../../platform/widgets.ts';
import { tenantJoin, tenantScope } from '../../db/columns.ts';
import { placeNameOf } from '../organisation/api.ts';
import { namesOf } from '../users/api.ts';
import { ticketPriorities, tickets } from './schema.ts';

/** Tickets someone still has to work: the statuses whose SLA clocks run or wait. */
const openStatuses = ['new', 'open', 'pending'] as const satisfies readonly TicketStatus[];
const statusLabels = new Map<string, string>(Object.entries(ticketStatusMachine.labels));

/** Tickets as OneView widgets. */
export const ticketsWidgets = [
  defineWidget({
    key: 'open_tickets',
    title: 'Open tickets',
    description:
      'Tickets not yet resolved: all of the company’s, or those of the scope’s stores for a region, district or store',
    kind: 'records',
    subject: 'scope',
    permission: 'read_tickets',
    needsAction: true,
    w: 3,
    h: 3,
    async rows(db, ctx, scope): Promise<WidgetRow[]> {
      if (scope.level !== 'company' && !scope.storeIds.length) return [];
      const rows = await db
        .select({
          id: tickets.id,
          subject: tickets.subject,
          status: tickets.status,
          breached: tickets.sla_breached,
          user_id: tickets.assignee_id,
          priority: ticketPriorities.name,
          store_name: placeNameOf('store', tickets.company_id, tickets.store_id),
        })
        .from(tickets)
        .leftJoin(
          ticketPriorities,
          tenantJoin(ticketPriorities, tickets.company_id, tickets.priority_id),
        )
        .where(
          and(
            tenantScope(tickets, ctx),
            inArray(tickets.status, openStatuses),
            scope.level === 'company' ? undefined : inArray(tickets.store_id, scope.storeIds),
          ),
        )
        .orderBy(asc(tickets.id));
      const assignees = await namesOf(
        db,
        ctx.companyId,
        rows.flatMap((row) => (row.user_id === null ? [] : [row.user_id])),
      );
      return rows.map((row) => ({
        user_id: row.user_id,
        name: `#${row.id} ${row.subject}`,
        store_name: row.store_name,
        detail: [
          statusLabels.get(row.status) ?? row.status,
          row.priority,
          row.breached ? 'SLA breached' : null,
          (row.user_id && assignees.get(row.user_id)) ?? 'Unassigned',
        ]
          .filter(Boolean)
          .join(' · '),
        worked_hours: null,
        scheduled_hours: null,
        link: `/task-center/${row.id}`,
      }));
    },
  }),
];
