import type { Tx } from '../../platform/database.ts';
import { ticketPriorities, ticketTemplates, ticketTypes } from './schema.ts';

/**
 * A demo company's ticket types, priorities with SLA targets (minutes: first response, next
 * response, resolution) and templates with their own fields (the ticket center's choices).
 */
export async function seedTicketsDemo(tx: Tx, companyId: number) {
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
}
