import { listDataSchema } from '@portal/contract/envelope';
import {
  SUPPORT_TICKET_SUBMIT_PATH,
  supportTicketSchema,
  supportTicketTypeSchema,
  type SupportTicketSubmit,
} from '@portal/contract/resources/support';
import { api } from '../../platform/api.ts';

export const ticketTypesQueryKey = ['support-ticket-types', 'support-modal'] as const;

/** Every ticket type of the company, by id: the modal preselects the first (SPEC.md section 5). */
export async function fetchTicketTypes(signal?: AbortSignal) {
  const reply = await api.get('/support-ticket-types', listDataSchema(supportTicketTypeSchema), {
    signal,
    query: { sort: 'id', perPage: 1000 },
  });
  return reply.data.results;
}

/** Sends a ticket as the signed-in user (SPEC.md section 3's support ticket payload). */
export function submitSupportTicket(ticket: SupportTicketSubmit) {
  return api.post(SUPPORT_TICKET_SUBMIT_PATH, ticket, supportTicketSchema);
}
