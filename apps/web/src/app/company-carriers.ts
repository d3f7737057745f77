import { storageKeys } from '@portal/contract/storage-keys';
import { api, deferredParser } from '../platform/api.ts';
import { writeStoredJson } from '../platform/storage.ts';

/** SPEC.md section 9: carriers are fetched 9999 at a time. */
export const CARRIERS_FETCH_SIZE = 9999;

/** companyCarriers.path of contract/resources/company.ts (test/unit/frame-parsers.test.ts checks it). */
export const COMPANY_CARRIERS_PATH = '/company-carriers';

export const companyCarriersQueryKey = ['company-carriers', 'home-screen'] as const;

const companyCarriersParser = deferredParser(
  async () => (await import('./company-carrier-schemas.ts')).companyCarriersListSchema,
);

/**
 * The home-screen load's carriers (SPEC.md section 7): the company's carriers with their carrier,
 * kept in browser storage for the screens that list them. The redirect that asks for them is part
 * of the signed-in frame's first load, so their schema (and zod) comes with the request.
 */
export async function loadCompanyCarriers(signal?: AbortSignal) {
  const reply = await api.get(COMPANY_CARRIERS_PATH, companyCarriersParser, {
    signal,
    query: { related: 'carrier', perPage: CARRIERS_FETCH_SIZE },
  });
  writeStoredJson(storageKeys.companyCarriers, reply.data.results);
  return reply.data.results;
}
