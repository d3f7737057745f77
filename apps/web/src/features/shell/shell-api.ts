import {
  myStoreSchema,
  shellSettingsSchema,
  themePreferenceSchema,
  type CurrentStoreRequest,
  type ThemeMode,
} from '@portal/contract/shell';
import { z } from 'zod';
import { api } from '../../platform/api.ts';

export const shellQueryKeys = {
  settings: ['shell', 'settings'] as const,
  myStores: ['shell', 'my-stores'] as const,
};

/** GET /shell/settings: Home Screen title, menu settings and the user's theme. */
export async function fetchShellSettings(signal?: AbortSignal) {
  return (await api.get('/shell/settings', shellSettingsSchema, { signal })).data;
}

export async function saveThemeMode(theme_mode: ThemeMode): Promise<void> {
  await api.put('/shell/theme', { theme_mode }, themePreferenceSchema);
}

export async function fetchMyStores(signal?: AbortSignal) {
  return (await api.get('/me/stores', z.array(myStoreSchema), { signal })).data;
}

export async function switchCurrentStore(request: CurrentStoreRequest) {
  return api.patch('/me/current-store', request, myStoreSchema);
}
