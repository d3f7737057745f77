import { embeds, embedSchema, type Embed } from '@portal/contract/resources/navigation';
import { api } from '../../platform/api.ts';

export const embedQueryKey = (slug: string) => ['embeds', 'slug', slug] as const;

/** GET /embeds/slug/{slug}: the company's embed with that slug (404 when there is none). */
export async function fetchEmbedBySlug(slug: string, signal?: AbortSignal): Promise<Embed> {
  return (await api.get(`/embeds/slug/${encodeURIComponent(slug)}`, embedSchema, { signal })).data;
}

export function createEmbed(values: { slug: string; title: string; url: string }) {
  return api.post(embeds.path, values, embedSchema);
}
