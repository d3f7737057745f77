import createCache from '@emotion/cache';

/**
 * The emotion cache of the app's styles (MUI's). The sign-in page's prerender (apps/web/prerender)
 * writes its styles under the same key, and a cache made here adopts them when React takes over
 * that page, so no style is inserted twice and no class name changes.
 */
export const createEmotionCache = () => createCache({ key: 'mui' });
