import { listDataSchema } from '@portal/contract/envelope';
import { carrierSchema, companyCarrierSchema } from '@portal/contract/resources/company';
import { storageKeys } from '@portal/contract/storage-keys';
import { z } from 'zod';
import { readStoredJson } from '../platform/storage.ts';

/**
 * The schemas of the home-screen carriers (company-carriers.ts), apart so the home redirect loads
 * zod beside its request rather than with the frame.
 */
export const companyCarrierWithCarrierSchema = companyCarrierSchema.extend({
  carrier: carrierSchema.nullable(),
});
export type CompanyCarrierWithCarrier = z.infer<typeof companyCarrierWithCarrierSchema>;

export const companyCarriersListSchema = listDataSchema(companyCarrierWithCarrierSchema);

/** The carriers cached by the last home-screen load; empty when none are kept. */
export function cachedCompanyCarriers(): CompanyCarrierWithCarrier[] {
  const parsed = z
    .array(companyCarrierWithCarrierSchema)
    .safeParse(readStoredJson(storageKeys.companyCarriers));
  return parsed.success ? parsed.data : [];
}
