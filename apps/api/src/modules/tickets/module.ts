import { tenantResource, defineModule } from '../../platform/module.ts';
import { ticketTypes, ticketPriorities, ticketTemplates } from '@portal/contract/resources/tickets';
import { seedTicketsDemo } from './demo.ts';
import { externalTicketRoutes } from './external.ts';
import {
  publicTicketCenterRoutes,
  publicTicketRoutes,
  storeLinkRoutes,
  storeTicketLinkHandler,
  ticketLinkHandler,
} from './public.ts';
import { ticketRoutes } from './routes.ts';
import * as tables from './schema.ts';
import { ticketService } from './services.ts';
import { slaEscalationJob } from './sla.ts';
import { ticketsWidgets } from './widgets.ts';

/**
 * Task tickets and the ticket center (issue 18): tickets on the engine (statuses, history,
 * assignment to a user, store, district or region), their types, priorities (with SLA targets)
 * and templates as company data, comments, the dashboard's queues; the SLA clocks from each
 * ticket's event log (sla.ts) with the escalation job and /sla-tracker; the public ticket center
 * (a guest opens a ticket for a store through its link) and the public view. Get Support and
 * contact-form tickets land here (api.ts openTicket).
 */
export const ticketsModule = defineModule({
  name: 'tickets',
  resources: [
    ticketService,
    tenantResource(ticketTypes, tables.ticketTypes),
    tenantResource(ticketPriorities, tables.ticketPriorities),
    tenantResource(ticketTemplates, tables.ticketTemplates),
  ],
  routes: (api, { db, config, uploads }) => {
    api.publicLinks.handle(ticketLinkHandler(uploads));
    api.publicLinks.handle(storeTicketLinkHandler);
    ticketRoutes(api, db, uploads);
    externalTicketRoutes(api, db, uploads);
    publicTicketRoutes(api, db, uploads);
    publicTicketCenterRoutes(api, db);
    storeLinkRoutes(api, db, config.appUrl);
  },
  /** the external ticket center's (call-center staff outside the company: external.ts) */
  permissions: ['work_external_tickets'],
  jobs: () => [slaEscalationJob()],
  demo: ({ tx, companyId, demoCompany }) => seedTicketsDemo(tx, companyId, demoCompany),
  sidebar: [
    {
      name: 'Ticket Center',
      route: '/ticket-center/dashboard',
      icon: 'support',
      permission: 'read_tickets',
      order: 850,
    },
    {
      name: 'Task Center',
      route: '/task-center',
      icon: 'assignment',
      permission: 'read_tickets',
      order: 851,
    },
    {
      name: 'SLA Tracker',
      route: '/sla-tracker',
      icon: 'timer',
      permission: 'read_tickets',
      order: 852,
    },
    {
      name: 'Ticket Templates',
      route: '/ticket-templates',
      icon: 'description',
      permission: 'read_ticket_templates',
      order: 853,
    },
    {
      name: 'Ticket Settings',
      route: '/task-tickets/settings',
      icon: 'settings',
      permission: 'write_ticket_types',
      order: 854,
    },
    {
      name: 'External Ticket Center',
      route: '/external/ticket-center',
      icon: 'support',
      permission: 'work_external_tickets',
      order: 855,
    },
  ],
  /** Its OneView widgets (modules/oneview shows them). */
  widgets: ticketsWidgets,
});
