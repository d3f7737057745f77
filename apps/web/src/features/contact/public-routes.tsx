import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../platform/lazy-screen.ts';

const ContactUsPage = lazyScreen(() => import('./ContactUsPage.tsx'), 'ContactUsPage');

/** The public contact form. */
export const contactPublicRoutes: RouteObject[] = [
  { path: '/contact-us', element: <ContactUsPage /> },
];
