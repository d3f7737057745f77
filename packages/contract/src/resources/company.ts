import { z } from 'zod';
import { defineResource, resourceMessages } from '../resource.ts';
import { id, isoDateTime, name, optionalText } from '../fields.ts';
import { storedFileAddress, UPLOADS_PATH } from '../uploads.ts';

/** Where a company file lives: an https address, or a file uploaded to this API. */
export const assetUrl = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (value) =>
      value.startsWith(`/api${UPLOADS_PATH}/`) ||
      z.url({ protocol: /^https$/ }).safeParse(value).success,
    { message: `Enter an https:// address or an uploaded file (/api${UPLOADS_PATH}/...)` },
  )
  .transform(storedFileAddress);

export const companyAssetKinds = ['logo', 'image', 'icon', 'document'] as const;

export const companyAssetSchema = z.object({
  id,
  company_id: id,
  name: z.string(),
  kind: z.enum(companyAssetKinds),
  url: z.string(),
  created_at: isoDateTime,
});
export type CompanyAsset = z.infer<typeof companyAssetSchema>;
const companyAssetWritable = z.strictObject({
  name,
  kind: z.enum(companyAssetKinds),
  url: assetUrl,
});

export const companyAssets = defineResource({
  name: 'company_assets',
  path: '/company-assets',
  label: { one: 'Company Asset', many: 'Company Assets' },
  row: companyAssetSchema,
  create: companyAssetWritable,
  update: companyAssetWritable.partial(),
  messages: resourceMessages('Company asset', 'added'),
  deleteMode: 'remove',
  searchFields: ['name'],
  queryFields: ['id', 'name', 'kind', 'company_id', 'created_at'],
  defaultSort: 'name',
});

/** The wireless carriers the portal knows: one global list, read by every company. */
export const carrierSchema = z.object({
  id,
  name: z.string(),
  code: z.string(),
  is_active: z.boolean(),
});
export type Carrier = z.infer<typeof carrierSchema>;

/** A carrier a company sells for (GET /company-carriers?related=carrier). */
export const companyCarrierSchema = z.object({
  id,
  company_id: id,
  carrier_id: id,
  account_number: z.string().nullable(),
  created_at: isoDateTime,
});
export type CompanyCarrier = z.infer<typeof companyCarrierSchema>;
const companyCarrierWritable = z.strictObject({
  carrier_id: id,
  account_number: optionalText(60),
});

export const companyCarriers = defineResource({
  name: 'company_carriers',
  path: '/company-carriers',
  label: { one: 'Company Carrier', many: 'Company Carriers' },
  row: companyCarrierSchema,
  create: companyCarrierWritable,
  update: companyCarrierWritable.partial(),
  messages: resourceMessages('Company carrier', 'added'),
  deleteMode: 'remove',
  searchFields: ['account_number'],
  queryFields: ['id', 'carrier_id', 'account_number', 'company_id', 'created_at'],
  defaultSort: 'id',
});
