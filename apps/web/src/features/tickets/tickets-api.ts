import { listDataSchema } from '@portal/contract/envelope';
import { createdPublicLinkSchema, publicLinkRowSchema } from '@portal/contract/platform';
import {
  externalTicketListSchema,
  publicTicketCenterSchema,
  publicTicketOpenedSchema,
  publicTicketSchema,
  slaTrackerSchema,
  storeTicketLinkSchema,
  ticketAttachmentSchema,
  ticketCommentSchema,
  ticketDashboardSchema,
  ticketSchema,
  ticketSlaSchema,
  type ExternalTicketQuery,
  type PublicTicketOpen,
  type SlaTrackerQuery,
} from '@portal/contract/resources/tickets';
import { z } from 'zod';
import { api } from '../../platform/api.ts';
import { uploadSignedFile } from '../../platform/uploads.ts';

export const ticketKeys = {
  dashboard: ['ticket-center', 'dashboard'] as const,
  comments: (id: number) => ['tickets', id, 'comments'] as const,
  attachments: (id: number) => ['tickets', id, 'attachments'] as const,
};

export const fetchDashboard = (signal?: AbortSignal) =>
  api.get('/ticket-center/dashboard', ticketDashboardSchema, { signal }).then((r) => r.data);

/** Where a ticket's own calls go: the ticket center's, or the external ticket center's. */
export const TICKETS_BASE = '/task-tickets';
export const EXTERNAL_TICKETS_BASE = '/external/ticket-center/tickets';

export const fetchComments = (id: number, signal?: AbortSignal, base = TICKETS_BASE) =>
  api
    .get(`${base}/${id}/comments`, listDataSchema(ticketCommentSchema), { signal })
    .then((r) => r.data.results);

/** A file uploaded for a comment not yet sent: its key and its own name. */
export interface CommentFile {
  key: string;
  file_name: string;
}

/** A comment with the files uploaded for it (uploadCommentFile). */
export const postComment = (
  id: number,
  body: string,
  base = TICKETS_BASE,
  files: readonly CommentFile[] = [],
) => api.post(`${base}/${id}/comments`, { body, attachments: files }, ticketCommentSchema);

/** Uploads a file for a comment to a signed URL of the ticket; the comment attaches it. */
export async function uploadCommentFile(
  id: number,
  file: File,
  base = TICKETS_BASE,
): Promise<CommentFile> {
  const signed = await uploadSignedFile(
    `${base}/${id}/attachments/sign`,
    'ticket-attachments',
    file,
    'The file could not be uploaded',
  );
  return { key: signed.key, file_name: file.name };
}

export const fetchAttachments = (id: number, signal?: AbortSignal, base = TICKETS_BASE) =>
  api
    .get(`${base}/${id}/attachments`, listDataSchema(ticketAttachmentSchema), { signal })
    .then((r) => r.data.results);

/** Uploads the file to a signed URL of the ticket, then attaches it by its key. */
export async function attachFile(id: number, file: File, base = TICKETS_BASE) {
  const signed = await uploadSignedFile(
    `${base}/${id}/attachments/sign`,
    'ticket-attachments',
    file,
    'The file could not be uploaded',
  );
  return api.post(
    `${base}/${id}/attachments`,
    { key: signed.key, file_name: file.name },
    ticketAttachmentSchema,
  );
}

export const removeAttachment = (id: number, attachmentId: number, base = TICKETS_BASE) =>
  api.delete(`${base}/${id}/attachments/${attachmentId}`, z.null());

const linkQuery = (id: number) => ({ resource: 'tickets', action: 'view', record_id: id });
export const publicLinkKeys = (id: number) => ['tickets', id, 'public-links'] as const;

/** The public view's address for a ticket and a link token (the token is shown once). */
export const publicTicketUrl = (id: number, token: string) =>
  `${window.location.origin}/public/ticket-view?ticket=${id}&token=${encodeURIComponent(token)}`;

export const fetchPublicLinks = (id: number, signal?: AbortSignal) =>
  api
    .get('/public-links', listDataSchema(publicLinkRowSchema), { signal, query: linkQuery(id) })
    .then((r) => r.data.results);

/** A link to read and comment on the ticket, for 90 days (and never beyond 14 days after close). */
export const createPublicLink = (id: number) =>
  api.post(
    '/public-links',
    { ...linkQuery(id), expires_in_hours: 90 * 24 },
    createdPublicLinkSchema,
  );

export const revokePublicLink = (linkId: number) =>
  api.post(`/public-links/${linkId}/revoke`, {}, publicLinkRowSchema);

export const fetchPublicTicket = (id: number, token: string, signal?: AbortSignal) =>
  api
    .get(`/public/cc-tickets/${id}`, publicTicketSchema, {
      signal,
      query: { token },
      endSessionOnExpiry: false,
    })
    .then((r) => r.data);

export const postPublicComment = (id: number, token: string, name: string, body: string) =>
  api.post(
    '/public/cc-ticket-comments',
    { ticket_id: id, token, name, body },
    ticketCommentSchema.omit({ author_id: true }),
    { endSessionOnExpiry: false },
  );

export const slaKeys = {
  ticket: (id: number) => ['tickets', id, 'sla'] as const,
  tracker: (query: SlaTrackerQuery) => ['sla-tracker', query] as const,
};

export const fetchSla = (id: number, signal?: AbortSignal, base = TICKETS_BASE) =>
  api.get(`${base}/${id}/sla`, ticketSlaSchema, { signal }).then((r) => r.data);

/** Pending with the reason the SLA clocks pause for. */
export const waitTicket = (id: number, reason: string, base = TICKETS_BASE) =>
  api.post(`${base}/${id}/wait`, { reason }, ticketSchema);

export const externalKeys = {
  list: (query: ExternalTicketQuery) => ['external-tickets', query] as const,
  one: (id: number) => ['external-tickets', 'one', id] as const,
  all: ['external-tickets'] as const,
};

export const fetchExternalTickets = (query: ExternalTicketQuery, signal?: AbortSignal) =>
  api.get(EXTERNAL_TICKETS_BASE, externalTicketListSchema, { signal, query }).then((r) => r.data);

export const fetchExternalTicket = (id: number, signal?: AbortSignal) =>
  api.get(`${EXTERNAL_TICKETS_BASE}/${id}`, ticketSchema, { signal }).then((r) => r.data);

export const moveExternalTicket = (id: number, to: string) =>
  api.post(`${EXTERNAL_TICKETS_BASE}/${id}/transition`, { to }, ticketSchema);

export const fetchSlaTracker = (query: SlaTrackerQuery, signal?: AbortSignal) =>
  api.get('/sla-tracker', slaTrackerSchema, { signal, query }).then((r) => r.data);

export const fetchPublicCenter = (token: string, signal?: AbortSignal) =>
  api
    .get('/public/ticket-center', publicTicketCenterSchema, {
      signal,
      query: { token },
      endSessionOnExpiry: false,
    })
    .then((r) => r.data);

export const openPublicTicket = (body: PublicTicketOpen) =>
  api.post('/public/ticket-center', body, publicTicketOpenedSchema, { endSessionOnExpiry: false });

/** A store's QR link to the public ticket center (made by the API with APP_URL). */
export const createStoreTicketLink = (storeId: number) =>
  api.post('/ticket-center/store-links', { store_id: storeId }, storeTicketLinkSchema);
