import {
  acknowledgementSchema,
  boardBulletinSchema,
  bulletinSendDetailSchema,
  bulletinSendSchema,
  bulletinVersionSchema,
  communicationSettingsSchema,
  ratesSchema,
  type CommunicationSettings,
} from '@portal/contract/communications';
import { listDataSchema } from '@portal/contract/envelope';
import { api } from '../../platform/api.ts';

export const communicationKeys = {
  board: ['communications', 'board'] as const,
  rates: (bulletinId: number | null) => ['communications', 'rates', bulletinId] as const,
  versions: (id: number) => ['communications', 'versions', id] as const,
  settings: ['communications', 'settings'] as const,
  send: (id: number) => ['communications', 'send', id] as const,
};

/** One page of what the bulletins sent (GET /communications/notifications). */
export const fetchSends = async (
  query: {
    page: number;
    perPage: number;
    search?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
  signal?: AbortSignal,
) =>
  (
    await api.get('/communications/notifications', listDataSchema(bulletinSendSchema), {
      signal,
      query: { ...query },
    })
  ).data;

export const fetchSendDetail = async (id: number, signal?: AbortSignal) =>
  (await api.get(`/communications/notifications/${id}`, bulletinSendDetailSchema, { signal })).data;

export const fetchCommunicationSettings = (signal?: AbortSignal) =>
  api.get('/communications/settings', communicationSettingsSchema, { signal }).then((r) => r.data);

export const saveCommunicationSettings = (body: CommunicationSettings) =>
  api.put('/communications/settings', body, communicationSettingsSchema);

export const fetchBoard = (signal?: AbortSignal) =>
  api
    .get('/bulletin-board', listDataSchema(boardBulletinSchema), { signal })
    .then((r) => r.data.results);

export const acknowledgeBulletin = (id: number, version: number, answers: number[]) =>
  api.post(`/bulletins/${id}/acknowledge`, { version, answers }, acknowledgementSchema);

export const fetchRates = (bulletinId: number | null, signal?: AbortSignal) =>
  api
    .get('/bulletin-rates', ratesSchema, {
      signal,
      query: bulletinId === null ? {} : { bulletin_id: bulletinId },
    })
    .then((r) => r.data);

export const fetchVersions = (id: number, signal?: AbortSignal) =>
  api
    .get(`/bulletins/${id}/versions`, listDataSchema(bulletinVersionSchema), { signal })
    .then((r) => r.data.results);
