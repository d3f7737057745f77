import {
  NOTIFICATION_PREFERENCES_PATH,
  notificationListSchema,
  notificationPreferencesSchema,
  NOTIFICATIONS_PATH,
  notificationSchema,
  unreadCountSchema,
  type PutNotificationPreferences,
} from '@portal/contract/notifications';
import { api } from '../../platform/api.ts';

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  list: (perPage: number) => ['notifications', 'list', perPage] as const,
  one: (id: number) => ['notifications', 'one', id] as const,
  preferences: ['notification-preferences'] as const,
};

export const fetchUnread = (signal?: AbortSignal) =>
  api
    .get(`${NOTIFICATIONS_PATH}/unread-count`, unreadCountSchema, { signal })
    .then((reply) => reply.data.unread);

export const fetchNotifications = (perPage: number, signal?: AbortSignal) =>
  api
    .get(NOTIFICATIONS_PATH, notificationListSchema, { signal, query: { perPage } })
    .then((reply) => reply.data);

export const fetchNotification = (id: number, signal?: AbortSignal) =>
  api.get(`${NOTIFICATIONS_PATH}/${id}`, notificationSchema, { signal }).then((r) => r.data);

export const markRead = (id: number) =>
  api.post(`${NOTIFICATIONS_PATH}/${id}/read`, {}, notificationSchema);

export const markAllRead = () => api.post(`${NOTIFICATIONS_PATH}/read-all`, {}, unreadCountSchema);

export const fetchPreferences = (signal?: AbortSignal) =>
  api
    .get(NOTIFICATION_PREFERENCES_PATH, notificationPreferencesSchema, { signal })
    .then((r) => r.data);

export const savePreferences = (body: PutNotificationPreferences) =>
  api.put(NOTIFICATION_PREFERENCES_PATH, body, notificationPreferencesSchema);
