import { EXTERNAL_TICKETS_PERMISSION } from '@portal/contract/resources/tickets';
import type { Executor } from '../../platform/database.ts';
import { publish } from '../../platform/events.ts';

/**
 * A ticket changed (created, edited, moved, commented, a file attached, escalated): told over the
 * server-sent events once the transaction commits. Staff who read tickets hear which one; the
 * external ticket center's agents hear only that a ticket changed (their scope is theirs to ask
 * for again, so no id outside it reaches them), and refresh what they show.
 */
export async function ticketChanged(tx: Executor, companyId: number, id: number) {
  await publish(tx, companyId, {
    type: 'ticket.changed',
    audience: { permission: 'read_tickets' },
    id,
  });
  await publish(tx, companyId, {
    type: 'ticket.changed',
    audience: { permission: EXTERNAL_TICKETS_PERMISSION },
  });
}
