import { z } from 'zod';
import { defineResource, personReference, resourceMessages } from '../resource.ts';
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

/** `equipment`: a physical thing a store keeps (SPEC.md /asset-tracker); the rest are files. */
export const companyAssetKinds = ['logo', 'image', 'icon', 'document', 'equipment'] as const;
export type CompanyAssetKind = (typeof companyAssetKinds)[number];

/** The state a piece of equipment is in (/asset-tracker). */
export const assetConditions = ['new', 'good', 'fair', 'poor', 'broken'] as const;
export type AssetCondition = (typeof assetConditions)[number];

export const companyAssetMessages = {
  urlRequired: 'Enter an https:// address or upload the file',
  storeRequired: 'Choose the store that keeps this asset',
  moved: 'Asset moved',
  notMoved: 'Asset not moved',
  sameStore: 'The asset is already in this store',
  onlyEquipment: 'Only equipment moves between stores',
} as const;

export const companyAssetSchema = z.object({
  id,
  company_id: id,
  name: z.string(),
  kind: z.enum(companyAssetKinds),
  /** the file or address (files); null for equipment */
  url: z.string().nullable(),
  asset_type: z.string().nullable(),
  serial_number: z.string().nullable(),
  store_id: id.nullable(),
  store_name: z.string().nullable(),
  assigned_user_id: id.nullable(),
  assigned_user_name: z.string().nullable(),
  condition: z.enum(assetConditions).nullable(),
  photo_url: z.string().nullable(),
  created_at: isoDateTime,
});
export type CompanyAsset = z.infer<typeof companyAssetSchema>;
/** What both a new asset and a change may set; the store changes only by a move. */
const companyAssetFields = {
  name,
  kind: z.enum(companyAssetKinds),
  url: assetUrl.nullable().optional(),
  asset_type: optionalText(80),
  serial_number: optionalText(120),
  assigned_user_id: id.nullable().optional(),
  condition: z.enum(assetConditions).nullable().optional(),
  photo_url: assetUrl.nullable().optional(),
};
/** A new asset is equipment unless it says it is a file. */
const companyAssetCreate = z.strictObject({
  ...companyAssetFields,
  kind: z.enum(companyAssetKinds).default('equipment'),
  store_id: id.nullable().optional(),
});
const companyAssetUpdate = z.strictObject(companyAssetFields).partial();

/**
 * The body of POST /company-assets/{id}/move: the store it goes to, and why. The move is written
 * to the asset's history (GET /company-assets/{id}/history) as action `move`, from_status and
 * to_status the stores' names, before and after their ids, with the note.
 */
/** The history action of a move. */
export const ASSET_MOVE_ACTION = 'move';
export const moveAssetBody = z.strictObject({
  store_id: id,
  note: optionalText(1000),
});
export type MoveAssetBody = z.infer<typeof moveAssetBody>;

/**
 * Files and links a company keeps (logos, documents) and its equipment per store (/asset-tracker):
 * equipment moves between stores only by POST {path}/{id}/move, kept in the history with who,
 * when, the store before and after, and the note.
 */
export const companyAssets = defineResource({
  name: 'company_assets',
  path: '/company-assets',
  label: { one: 'Company Asset', many: 'Company Assets' },
  row: companyAssetSchema,
  create: companyAssetCreate,
  update: companyAssetUpdate,
  messages: resourceMessages('Company asset', 'added'),
  deleteMode: 'remove',
  searchFields: ['name', 'serial_number', 'asset_type'],
  queryFields: [
    'id',
    'name',
    'kind',
    'asset_type',
    'serial_number',
    'store_id',
    'assigned_user_id',
    'condition',
    'company_id',
    'created_at',
  ],
  defaultSort: 'name',
  history: true,
  references: {
    store_id: { resource: 'stores', as: 'store_name' },
    assigned_user_id: personReference('assigned_user_name'),
  },
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
