import { HOME_SCREEN_FETCH_SIZE } from '@portal/contract/constants';
import { listDataSchema } from '@portal/contract/envelope';
import { requiredFieldSchema } from '@portal/contract/resources/navigation';
import { api } from '../platform/api.ts';

export const homeScreenQueryKey = ['required-fields', 'home-screen'] as const;

/** The title of the company's first required field of type Home Screen (SPEC.md section 2). */
export async function fetchHomeScreenTitle(signal?: AbortSignal): Promise<string | null> {
  const reply = await api.get('/required-fields', listDataSchema(requiredFieldSchema), {
    signal,
    query: { 'filter[type]': 'Home Screen', sort: 'order', perPage: HOME_SCREEN_FETCH_SIZE },
  });
  return reply.data.results[0]?.title ?? null;
}
