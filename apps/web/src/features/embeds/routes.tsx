import { lotusResources } from '@portal/contract/lotus';
import { defineFeature } from '../../platform/feature.ts';
import { lazyScreen } from '../../platform/lazy-screen.ts';
import { RequirePermission } from '../auth/RequirePermission.tsx';

const EmbedPage = lazyScreen(() => import('./EmbedPage.tsx'), 'EmbedPage');
const LotusResourcePage = lazyScreen(() => import('./EmbedPage.tsx'), 'LotusResourcePage');
const EmbedNewPage = lazyScreen(() => import('./EmbedNewPage.tsx'), 'EmbedNewPage');

/** Embedded pages: by slug, a new one, and the Lotus resources (issue 4). */
export const embedsFeature = defineFeature({
  name: 'embeds',
  signedInRoutes: [
    { path: '/e/:slug', element: <EmbedPage /> },
    {
      path: '/embed/new',
      element: (
        <RequirePermission permission="write_embeds">
          <EmbedNewPage />
        </RequirePermission>
      ),
    },
    ...lotusResources.map((resource) => ({ path: resource.route, element: <LotusResourcePage /> })),
  ],
});
