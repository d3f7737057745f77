// First: on /login it starts fetching the sign-in page before the rest of the entry runs.
import './features/auth/login-page-chunk.ts';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { visitFitsPrerenderedSignIn } from './features/auth/prerendered-sign-in.ts';
import { createEmotionCache } from './platform/emotion-cache.ts';
import { hidePageSpinnerAfterLoad } from './platform/page-spinner.ts';
import { showToastSavedForReload } from './platform/toasts.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
showToastSavedForReload();
// /login arrives with the sign-in form already drawn (apps/web/prerender). React takes that markup
// over when this visit starts in the state it was drawn in; otherwise the markup and its styles go
// before the emotion cache below could adopt them, and the page is drawn anew.
const hydrate = root.hasChildNodes() && visitFitsPrerenderedSignIn();
if (!hydrate) {
  root.replaceChildren();
  document.querySelectorAll('style[data-emotion]').forEach((style) => style.remove());
}
const app = (
  <StrictMode>
    <CacheProvider value={createEmotionCache()}>
      <App />
    </CacheProvider>
  </StrictMode>
);
if (hydrate) hydrateRoot(root, app);
else createRoot(root).render(app);
hidePageSpinnerAfterLoad();
