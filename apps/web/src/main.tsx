// First: on /login it starts fetching the sign-in page before the rest of the entry runs.
import './features/auth/login-page-chunk.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { hidePageSpinnerAfterLoad } from './platform/page-spinner.ts';
import { showToastSavedForReload } from './platform/toasts.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
showToastSavedForReload();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
hidePageSpinnerAfterLoad();
