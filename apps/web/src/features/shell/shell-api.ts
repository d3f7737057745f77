import type { CurrentStoreRequest, ThemeMode } from '@portal/contract/shell';
import { api, deferredParser } from '../../platform/api.ts';

// The frame calls these before its first paint: their schemas (and zod) are fetched beside the
// request, not with the frame's JavaScript.
const shellSettingsParser = deferredParser(
  async () => (await import('@portal/contract/shell')).shellSettingsSchema,
);
const themePreferenceParser = deferredParser(
  async () => (await import('@portal/contract/shell')).themePreferenceSchema,
);
const myStoreParser = deferredParser(
  async () => (await import('@portal/contract/shell')).myStoreSchema,
);
const myStoresParser = deferredParser(
  async () => (await import('./shell-schemas.ts')).myStoresSchema,
);

export const shellQueryKeys = {
  settings: ['shell', 'settings'] as const,
  myStores: ['shell', 'my-stores'] as const,
};

/** GET /shell/settings: Home Screen title, menu settings and the user's theme. */
export async function fetchShellSettings(signal?: AbortSignal) {
  return (await api.get('/shell/settings', shellSettingsParser, { signal })).data;
}

export async function saveThemeMode(theme_mode: ThemeMode): Promise<void> {
  await api.put('/shell/theme', { theme_mode }, themePreferenceParser);
}

export async function fetchMyStores(signal?: AbortSignal) {
  return (await api.get('/me/stores', myStoresParser, { signal })).data;
}

export async function switchCurrentStore(request: CurrentStoreRequest) {
  return api.patch('/me/current-store', request, myStoreParser);
}
