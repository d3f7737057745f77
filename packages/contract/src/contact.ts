import { z } from 'zod';
import { email, id, isoDateTime, optionalText } from './fields.ts';

/**
 * SPEC.md's public contact form (/contact-us, POST /public-contact-us-form). `website` is a
 * honeypot: people never see it, so a filled one is a robot and nothing is stored.
 */
export const contactUsFormSchema = z.strictObject({
  company_id: id,
  name: z.string().trim().min(1, 'Name is required').max(120),
  email,
  phone: optionalText(40),
  message: z.string().trim().min(1, 'Message is required').max(5000),
  website: z.string().max(500).optional(),
});
export type ContactUsForm = z.input<typeof contactUsFormSchema>;

/** Where a message lands, as the company chooses (setting `contact.lands_as`). */
export const contactLandings = ['lead', 'ticket'] as const;
export type ContactLanding = (typeof contactLandings)[number];

export const contactUsEntrySchema = z.object({
  id,
  company_id: id,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  message: z.string(),
  landed_as: z.enum(contactLandings),
  /** the ticket it opened, when it landed as a ticket */
  ticket_id: id.nullable(),
  created_at: isoDateTime,
});
export type ContactUsEntry = z.infer<typeof contactUsEntrySchema>;

/** What the visitor gets back: no record of the company's, only that it arrived. */
export const contactUsSentSchema = z.object({ received: z.literal(true) });

/** GET /public/companyId: the company a public page belongs to. */
export const publicCompanySchema = z.object({ company_id: id, name: z.string() });
export const publicCompanyQuerySchema = z.object({
  company: z.coerce.number().int().positive().optional(),
});

export const CONTACT_US_FORM_PATH = '/public-contact-us-form';
export const PUBLIC_COMPANY_PATH = '/public/companyId';
export const CONTACT_LANDING_SETTING = 'contact.lands_as';
/** Messages one address may send in an hour, across companies. */
export const CONTACT_US_HOURLY_LIMIT = 5;

export const contactMessages = {
  sent: 'Thank you. Your message has been sent and we will get back to you soon.',
  tooMany: 'Too many messages from your address. Please try again in an hour.',
  unknownCompany: 'Company not found',
} as const;
