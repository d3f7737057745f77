import { lazy } from 'react';
import { defineFeature } from '../../platform/feature.ts';
import { lazyScreen } from '../../platform/lazy-screen.ts';
import { resourceRoutes } from '../../platform/resources/routes.tsx';
import { ticketPaths } from './paths.ts';

const screens = () => import('./tickets-screens.tsx');
const TicketCenterPage = lazyScreen(() => import('./TicketCenterPage.tsx'), 'TicketCenterPage');
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
 * the SLA tracker and ticket settings (the public pages are in public-routes.tsx).
 */
export const ticketsFeature = defineFeature({
  name: 'tickets',
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
