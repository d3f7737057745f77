import { defineModule } from '../../platform/module.ts';
import { contactRoutes } from './routes.ts';

/** The public contact form (/contact-us) and its messages for the company's admins. */
export const contactModule = defineModule({
  name: 'contact',
  permissions: ['read_contact_us'],
  routes: (api, { db }) => contactRoutes(api, db),
  sidebar: [
    {
      name: 'Contact Us Messages',
      route: '/contact-us-messages',
      icon: 'support',
      permission: 'read_contact_us',
      order: 852,
    },
  ],
});
