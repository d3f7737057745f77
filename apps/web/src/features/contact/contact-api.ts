import {
  CONTACT_US_FORM_PATH,
  contactUsEntrySchema,
  contactUsSentSchema,
  PUBLIC_COMPANY_PATH,
  publicCompanySchema,
  type ContactUsForm,
} from '@portal/contract/contact';
import { listDataSchema } from '@portal/contract/envelope';
import { api } from '../../platform/api.ts';

/** The company the page is for: `?company=` of its address, or the portal's first. */
export const fetchPublicCompany = (company: number | null, signal?: AbortSignal) =>
  api
    .get(PUBLIC_COMPANY_PATH, publicCompanySchema, {
      signal,
      query: company ? { company } : {},
      endSessionOnExpiry: false,
    })
    .then((reply) => reply.data);

export const sendContactForm = (form: ContactUsForm) =>
  api.post(CONTACT_US_FORM_PATH, form, contactUsSentSchema, { endSessionOnExpiry: false });

export const fetchContactMessages = (signal?: AbortSignal) =>
  api
    .get(CONTACT_US_FORM_PATH, listDataSchema(contactUsEntrySchema), {
      signal,
      query: { perPage: 500 },
    })
    .then((reply) => reply.data.results);
