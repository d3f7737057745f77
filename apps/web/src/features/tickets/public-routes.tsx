import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../platform/lazy-screen.ts';
import { ticketPaths } from './paths.ts';

const PublicTicketViewPage = lazyScreen(
  () => import('./PublicTicketViewPage.tsx'),
  'PublicTicketViewPage',
);
const PublicTicketCenterPage = lazyScreen(
  () => import('./PublicTicketCenterPage.tsx'),
  'PublicTicketCenterPage',
);

/**
 * Tickets without a session: a guest's ticket for a store (through the store's link) and a ticket
 * through its secure link.
 */
export const ticketsPublicRoutes: RouteObject[] = [
  { path: '/public/ticket-view', element: <PublicTicketViewPage /> },
  { path: ticketPaths.publicCenter, element: <PublicTicketCenterPage /> },
];
