import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../platform/lazy-screen.ts';
import { RequireAuth } from '../auth/RequireAuth.tsx';
import { ticketPaths } from './paths.ts';

const PublicTicketViewPage = lazyScreen(
  () => import('./PublicTicketViewPage.tsx'),
  'PublicTicketViewPage',
);
const PublicTicketCenterPage = lazyScreen(
  () => import('./PublicTicketCenterPage.tsx'),
  'PublicTicketCenterPage',
);
const ExternalTicketCenterPage = lazyScreen(
  () => import('./ExternalTicketCenterPage.tsx'),
  'ExternalTicketCenterPage',
);

/**
 * Tickets without a session: a guest's ticket for a store (through the store's link) and a ticket
 * through its secure link; and the external ticket center, signed in but outside the frame.
 */
export const ticketsPublicRoutes: RouteObject[] = [
  { path: '/public/ticket-view', element: <PublicTicketViewPage /> },
  { path: ticketPaths.publicCenter, element: <PublicTicketCenterPage /> },
  // Signed in, but outside the company's frame: call-center staff see no company menus.
  {
    element: <RequireAuth />,
    children: [{ path: `${ticketPaths.external}/*`, element: <ExternalTicketCenterPage /> }],
  },
];
