import { defineFeature } from '../../platform/feature.ts';
import { lazyScreen } from '../../platform/lazy-screen.ts';

const ContactUsPage = lazyScreen(() => import('./ContactUsPage.tsx'), 'ContactUsPage');
const ContactMessagesPage = lazyScreen(
  () => import('./ContactMessagesPage.tsx'),
  'ContactMessagesPage',
);

/** The public contact form and, for the company's admins, what it received. */
export const contactFeature = defineFeature({
  name: 'contact',
  publicRoutes: [{ path: '/contact-us', element: <ContactUsPage /> }],
  signedInRoutes: [{ path: '/contact-us-messages', element: <ContactMessagesPage /> }],
});
