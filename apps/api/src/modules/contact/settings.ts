import { z } from 'zod';
import { CONTACT_LANDING_SETTING, contactLandings } from '@portal/contract/contact';
import { defineSetting } from '../../platform/settings.ts';

/** Whether a contact-form message stays a lead or opens a ticket (per company; lead by default). */
export const contactLandingSetting = defineSetting({
  key: CONTACT_LANDING_SETTING,
  label: 'Contact us messages land as',
  schema: z.enum(contactLandings),
  default: 'lead',
});
