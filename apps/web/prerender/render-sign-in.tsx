// Loaded by the build (sign-in-plugin.ts) in Node: the sign-in page as HTML, with its styles.
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from '../src/app/AppProviders.tsx';
import { RootLayout } from '../src/app/RootLayout.tsx';
import { LoginPage } from '../src/features/auth/LoginPage.tsx';
import { LOGIN_PATH } from '../src/platform/api.ts';
import { createEmotionCache } from '../src/platform/emotion-cache.ts';

/**
 * /login as a new visitor first sees it (signed out, light theme, nothing typed), inside the same
 * providers and root layout as the app (main.tsx, app/router.tsx), so the markup is what the
 * browser's first render draws and React can take it over. `styles` holds the style elements of
 * just the styles that markup uses.
 */
export async function renderSignInPage(): Promise<{ markup: string; styles: string }> {
  const handler = createStaticHandler([
    { element: <RootLayout />, children: [{ path: LOGIN_PATH, element: <LoginPage /> }] },
  ]);
  const context = await handler.query(new Request(`http://localhost${LOGIN_PATH}`));
  if (context instanceof Response) throw new Error(`${LOGIN_PATH} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const cache = createEmotionCache();
  const emotion = createEmotionServer(cache);
  const markup = renderToString(
    <CacheProvider value={cache}>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </CacheProvider>,
  );
  // A component that threw or suspended leaves its boundary to be drawn in the browser: the page
  // would not be prerendered at all.
  if (markup.includes('<!--$!-->')) {
    const reason = /data-msg="([^"]*)"/.exec(markup)?.[1] ?? 'see React DOM server';
    throw new Error(`the sign-in page did not render in Node: ${reason}`);
  }
  return {
    markup,
    styles: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(markup)),
  };
}
