import { defineFeature } from '../../platform/feature.ts';
import { lazyScreen } from '../../platform/lazy-screen.ts';

const ContactMessagesPage = lazyScreen(
  () => import('./ContactMessagesPage.tsx'),
  'ContactMessagesPage',
);

/** What the public contact form (public-routes.tsx) received, for the company's admins. */
export const contactFeature = defineFeature({
  name: 'contact',
  signedInRoutes: [{ path: '/contact-us-messages', element: <ContactMessagesPage /> }],
});
