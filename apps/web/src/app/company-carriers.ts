import { listDataSchema } from '@portal/contract/envelope';
import {
  carrierSchema,
  companyCarrierSchema,
  companyCarriers,
} from '@portal/contract/resources/company';
import { storageKeys } from '@portal/contract/storage-keys';
import { z } from 'zod';
import { api } from '../platform/api.ts';
import { readStoredJson, writeStoredJson } from '../platform/storage.ts';

/** SPEC.md section 9: carriers are fetched 9999 at a time. */
export const CARRIERS_FETCH_SIZE = 9999;

export const companyCarrierWithCarrierSchema = companyCarrierSchema.extend({
  carrier: carrierSchema.nullable(),
});
export type CompanyCarrierWithCarrier = z.infer<typeof companyCarrierWithCarrierSchema>;

export const companyCarriersQueryKey = ['company-carriers', 'home-screen'] as const;

/**
 * The home-screen load's carriers (SPEC.md section 7): the company's carriers with their carrier,
 * kept in browser storage for the screens that list them.
 */
export async function loadCompanyCarriers(signal?: AbortSignal) {
  const reply = await api.get(
    companyCarriers.path,
    listDataSchema(companyCarrierWithCarrierSchema),
    {
      signal,
      query: { related: 'carrier', perPage: CARRIERS_FETCH_SIZE },
    },
  );
  writeStoredJson(storageKeys.companyCarriers, reply.data.results);
  return reply.data.results;
}

/** The carriers cached by the last home-screen load; empty when none are kept. */
export function cachedCompanyCarriers(): CompanyCarrierWithCarrier[] {
  const parsed = z
    .array(companyCarrierWithCarrierSchema)
    .safeParse(readStoredJson(storageKeys.companyCarriers));
  return parsed.success ? parsed.data : [];
}
