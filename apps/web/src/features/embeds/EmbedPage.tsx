import { lotusEmbedSlug, lotusResources } from '@portal/contract/lotus';
import { useLocation, useParams } from 'react-router';
import { EmbedView } from './EmbedView.tsx';

/** /e/{slug}: an embed sidebar item's page (SPEC.md section 2). */
export function EmbedPage() {
  const { slug = '' } = useParams();
  return <EmbedView key={slug} slug={slug} />;
}

/** One of the All Lotus Resources pages (/engage, /iverify, ...): the company's embed for it. */
export function LotusResourcePage() {
  const { pathname } = useLocation();
  const resource = lotusResources.find((each) => each.route === pathname);
  const slug = resource ? lotusEmbedSlug(resource) : pathname.slice(1);
  return <EmbedView key={slug} slug={slug} fallbackTitle={resource?.name} />;
}
