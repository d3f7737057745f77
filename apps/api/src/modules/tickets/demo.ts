import { and, eq } from 'drizzle-orm';
import { tenantScope } from '../../db/columns.ts';
import type { Tx } from '../../platform/database.ts';
import { storesServedBy } from '../assignments/api.ts';
import { orgTreeOf } from '../organisation/api.ts';
import { directory } from '../users/api.ts';
import { ticketPriorities, tickets, ticketTemplates, ticketTypes } from './schema.ts';
import { recordEvent } from './sla.ts';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/**
 * A demo company's ticket types, priorities with SLA targets (minutes: first response, next
 * response, resolution) and templates with their own fields (the ticket center's choices).
 */
export async function seedTicketsDemo(tx: Tx, companyId: number, demoCompany = true) {
  const types = await tx
    .insert(ticketTypes)
    .values(
      [
        ['Store maintenance', 'Doors, lights, air conditioning, cleaning'],
        ['IT and devices', 'Tills, tablets, network, printers'],
        ['Stock and orders', 'Missing, damaged or late stock'],
      ].map(([name = '', description = '']) => ({ company_id: companyId, name, description })),
    )
    .returning({ id: ticketTypes.id, name: ticketTypes.name });
  const priorities = await tx
    .insert(ticketPriorities)
    .values(
      (
        [
          ['Low', 480, 960, 7200],
          ['Normal', 240, 480, 2880],
          ['High', 60, 240, 1440],
          ['Urgent', 15, 60, 480],
        ] as const
      ).map(([name, first, next, resolution]) => ({
        company_id: companyId,
        name,
        description: null,
        first_response_minutes: first,
        next_response_minutes: next,
        resolution_minutes: resolution,
      })),
    )
    .returning({ id: ticketPriorities.id, name: ticketPriorities.name });
  const typeId = (name: string) => types.find((row) => row.name === name)?.id ?? 0;
  const priorityId = (name: string) => priorities.find((row) => row.name === name)?.id ?? null;
  await tx.insert(ticketTemplates).values([
    {
      company_id: companyId,
      name: 'Till not working',
      type_id: typeId('IT and devices'),
      priority_id: priorityId('High'),
      subject: 'Till not working',
      detail: 'What happens when you use the till?',
      fields: [
        { key: 'till_number', label: 'Till number', kind: 'number', required: true },
        { key: 'error_shown', label: 'Error shown', kind: 'text', required: false },
      ],
    },
    {
      company_id: companyId,
      name: 'Damaged delivery',
      type_id: typeId('Stock and orders'),
      priority_id: priorityId('Normal'),
      subject: 'Damaged delivery',
      detail: null,
      fields: [
        { key: 'delivery_date', label: 'Delivery date', kind: 'date', required: true },
        { key: 'order_number', label: 'Order number', kind: 'text', required: true },
      ],
    },
  ]);
  if (demoCompany) await seedOpenTickets(tx, companyId, typeId, priorityId);
}

/**
 * Open work for the ticket center, the SLA tracker, OneView's Open tickets and the call center's
 * external ticket center on a fresh start: tickets at demo stores with each priority, one a few
 * minutes from its first-response breach (at the store without opening hours, so calendar time
 * counts whatever the hour), one waiting with a reason (its clocks paused), one assigned to the
 * call center at a store it serves.
 */
async function seedOpenTickets(
  tx: Tx,
  companyId: number,
  typeId: (name: string) => number,
  priorityId: (name: string) => number | null,
) {
  const { stores } = await orgTreeOf(tx, companyId);
  const storeId = (name: string) => stores.find((store) => store.name === name)?.id ?? null;
  const people = await directory(tx, companyId);
  const personId = (name: string) => people.find((person) => person.name === name)?.id ?? null;
  const caller = personId('Cara Caller');
  const callerStore = caller
    ? ((await storesServedBy(tx, companyId, caller))[0]?.id ?? null)
    : null;
  const plan: {
    subject: string;
    detail: string;
    type: string;
    priority: string;
    store: number | null;
    assignee?: number | null;
    /** minutes since it was opened (its SLA clocks started then) */
    age: number;
    status?: 'open' | 'pending';
    waitingFor?: string;
  }[] = [
    {
      subject: 'Till 2 freezes at checkout',
      detail: 'The till freezes when a card is tapped; customers are waiting.',
      type: 'IT and devices',
      priority: 'High',
      store: storeId('Ojinaga Plaza'),
      age: 45,
    },
    {
      subject: 'Air conditioning not cooling',
      detail: 'The sales floor is at 29°C since this morning.',
      type: 'Store maintenance',
      priority: 'Normal',
      store: storeId('Charlotte Amalie'),
      assignee: personId('Mina Manager'),
      age: 90,
      status: 'open',
    },
    {
      subject: 'Receipt printer jams',
      detail: 'Every third receipt jams in the printer.',
      type: 'IT and devices',
      priority: 'Low',
      store: storeId('Times Square'),
      age: 30,
    },
    {
      subject: 'Delivery arrived with a broken screen',
      detail: 'One of the five phones in the delivery has a cracked screen.',
      type: 'Stock and orders',
      priority: 'Urgent',
      store: storeId('Magnificent Mile'),
      age: 20,
      status: 'pending',
      waitingFor: 'The courier’s damage report',
    },
    {
      subject: 'Customer called about a missing order',
      detail: 'A customer says the order picked up last week is missing a charger.',
      type: 'Stock and orders',
      priority: 'Normal',
      store: callerStore,
      assignee: caller,
      age: 60,
    },
  ];
  for (const ticket of plan) {
    const [row] = await tx
      .insert(tickets)
      .values({
        company_id: companyId,
        subject: ticket.subject,
        detail: ticket.detail,
        type_id: typeId(ticket.type) || null,
        priority_id: priorityId(ticket.priority),
        store_id: ticket.store,
        assignee_id: ticket.assignee ?? null,
        source: 'internal',
        created_at: minutesAgo(ticket.age),
        updated_at: minutesAgo(ticket.age),
      })
      .returning({ id: tickets.id });
    if (!row) throw new Error('demo ticket not stored');
    await recordEvent(tx, companyId, row.id, { kind: 'created', at: minutesAgo(ticket.age) });
    if (ticket.status === 'open' || ticket.status === 'pending') {
      // Worked: a reply (first response met), then the move.
      await recordEvent(tx, companyId, row.id, { kind: 'staff_reply', at: minutesAgo(10) });
      await tx
        .update(tickets)
        .set({ status: ticket.status })
        .where(and(tenantScope(tickets, companyId), eq(tickets.id, row.id)));
      await recordEvent(tx, companyId, row.id, {
        kind: 'status',
        value: ticket.status,
        reason: ticket.waitingFor ?? null,
        at: minutesAgo(5),
      });
    }
  }
}
