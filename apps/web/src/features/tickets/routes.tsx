import { lazy } from 'react';
import { defineFeature } from '../../platform/feature.ts';
import { lazyScreen } from '../../platform/lazy-screen.ts';
import { resourceRoutes } from '../../platform/resources/routes.tsx';
import { ticketPaths } from './paths.ts';

const screens = () => import('./tickets-screens.tsx');
const TicketCenterPage = lazyScreen(() => import('./TicketCenterPage.tsx'), 'TicketCenterPage');
const PublicTicketViewPage = lazyScreen(
  () => import('./PublicTicketViewPage.tsx'),
  'PublicTicketViewPage',
);
const PublicTicketCenterPage = lazyScreen(
  () => import('./PublicTicketCenterPage.tsx'),
  'PublicTicketCenterPage',
);
const TicketSettingsPage = lazyScreen(
  () => import('./TicketSettingsPage.tsx'),
  'TicketSettingsPage',
);
const SlaTrackerPage = lazyScreen(() => import('./SlaTrackerPage.tsx'), 'SlaTrackerPage');
const NewFromTemplatePage = lazyScreen(
  () => import('./NewFromTemplatePage.tsx'),
  'NewFromTemplatePage',
);
const TicketFromTemplatePage = lazyScreen(
  () => import('./NewFromTemplatePage.tsx'),
  'TicketFromTemplatePage',
);
/** A ticket without a template: the task center's create form. */
const CustomTicketPage = lazy(async () => ({ default: (await screens()).ticketScreens.Form }));

/**
 * The task center (tickets on the engine), tickets from templates, the ticket center dashboard,
 * the SLA tracker, ticket settings, and the public pages: a guest's ticket for a store (through the
 * store's link) and a ticket through its secure link, no session.
 */
export const ticketsFeature = defineFeature({
  name: 'tickets',
  publicRoutes: [
    { path: '/public/ticket-view', element: <PublicTicketViewPage /> },
    { path: ticketPaths.publicCenter, element: <PublicTicketCenterPage /> },
  ],
  signedInRoutes: [
    { path: ticketPaths.dashboard, element: <TicketCenterPage /> },
    { path: ticketPaths.settings, element: <TicketSettingsPage /> },
    { path: ticketPaths.slaTracker, element: <SlaTrackerPage /> },
    { path: ticketPaths.newFromTemplate, element: <NewFromTemplatePage /> },
    { path: ticketPaths.fromTemplate(':id'), element: <TicketFromTemplatePage /> },
    { path: ticketPaths.custom, element: <CustomTicketPage /> },
    ...resourceRoutes(ticketPaths.tickets, async () => (await screens()).ticketScreens),
    ...resourceRoutes(ticketPaths.types, async () => (await screens()).ticketTypeScreens),
    ...resourceRoutes(ticketPaths.priorities, async () => (await screens()).ticketPriorityScreens),
    ...resourceRoutes(ticketPaths.templates, async () => (await screens()).ticketTemplateScreens),
  ],
});
