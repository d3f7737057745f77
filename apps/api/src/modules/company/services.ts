import { and, asc, eq, sql } from 'drizzle-orm';
import { tenantScope } from '../../db/columns.ts';
import type { ResourceReference } from '@portal/contract/resource';
import {
  ASSET_MOVE_ACTION,
  carrierSchema,
  companyAssetMessages,
  companyAssets as companyAssetResource,
  companyCarriers as companyCarrierResource,
  type Carrier,
  type MoveAssetBody,
} from '@portal/contract/resources/company';
import type { Database, Executor } from '../../platform/database.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { recordHistory } from '../../platform/resources/history.ts';
import { attachReferences, checkReferences } from '../../platform/resources/references.ts';
import { createResourceService } from '../../platform/resources/service.ts';
import { queueFileDeletion } from '../../platform/uploads.ts';
import { carriers, companyAssets, companyCarriers } from './schema.ts';

const isEquipment = (kind: unknown) => kind === 'equipment';
/** The asset's store, named as the contract declares it. */
const storeReference: ResourceReference = companyAssetResource.references?.store_id ?? {
  resource: 'stores',
  as: 'store_name',
};

/** A file needs its address; equipment needs the store that keeps it (400 on the field). */
function assertComplete(kind: unknown, url: unknown, storeId: unknown) {
  if (!isEquipment(kind) && !url)
    throw AppError.badRequest(companyAssetMessages.urlRequired, {
      url: [companyAssetMessages.urlRequired],
    });
  if (isEquipment(kind) && !storeId)
    throw AppError.badRequest(companyAssetMessages.storeRequired, {
      store_id: [companyAssetMessages.storeRequired],
    });
}

/**
 * Company assets: files (logos, documents) and equipment per store (/asset-tracker). The store of
 * a piece of equipment changes only by a move (moveAsset); a replaced or deleted asset's uploaded
 * files are queued for deletion with the change.
 */
export const companyAssetService = createResourceService({
  definition: companyAssetResource,
  table: companyAssets,
  tenantColumn: 'company_id',
  hooks: {
    beforeCreate: async (input) => {
      assertComplete(input.kind, input.url, input.store_id);
      return isEquipment(input.kind)
        ? { ...input, url: input.url ?? null }
        : { ...input, store_id: null };
    },
    beforeUpdate: async (input, existing, _ctx, tx) => {
      const kind = input.kind ?? existing.kind;
      if (isEquipment(kind) !== isEquipment(existing.kind)) {
        const message = 'A file cannot become equipment, nor equipment a file: add a new asset';
        throw AppError.badRequest(message, { kind: [message] });
      }
      assertComplete(kind, input.url === undefined ? existing.url : input.url, existing.store_id);
      const replaced = (['url', 'photo_url'] as const).filter(
        (field) => input[field] !== undefined && input[field] !== existing[field],
      );
      await queueFileDeletion(
        tx,
        replaced.map((field) => existing[field]),
      );
      return { ...input };
    },
    beforeRemove: async (row, _ctx, tx) => queueFileDeletion(tx, [row.url, row.photo_url]),
  },
});

/**
 * Moves a piece of equipment to another store of the caller's company, in one transaction: the row
 * locked, the store checked (another company's: 400 on store_id), the row changed and the move
 * written to the asset's history (who, when, from and to by name and id, the note).
 */
export async function moveAsset(
  db: Database,
  ctx: RequestContext,
  id: number,
  body: MoveAssetBody,
) {
  await db.transaction(async (tx) => {
    const [asset] = await tx
      .select({ id: companyAssets.id, kind: companyAssets.kind, store_id: companyAssets.store_id })
      .from(companyAssets)
      .where(and(tenantScope(companyAssets, ctx.companyId), eq(companyAssets.id, id)))
      .for('update');
    if (!asset) throw AppError.notFound(companyAssetResource.label.one);
    if (!isEquipment(asset.kind)) throw AppError.conflict(companyAssetMessages.onlyEquipment);
    await checkReferences(tx, ctx.companyId, [{ store_id: body.store_id }], {
      store_id: storeReference,
    });
    if (asset.store_id === body.store_id)
      throw AppError.badRequest(companyAssetMessages.sameStore, {
        store_id: [companyAssetMessages.sameStore],
      });
    await tx
      .update(companyAssets)
      .set({ store_id: body.store_id, updated_at: sql`now()` })
      .where(and(tenantScope(companyAssets, ctx.companyId), eq(companyAssets.id, id)));
    // The stores by name, as the engine names references (one query).
    const ends: Record<string, unknown>[] = [
      { store_id: asset.store_id },
      { store_id: body.store_id },
    ];
    await attachReferences(tx, ctx, ends, { store_id: storeReference });
    const [fromName, toName] = ends.map((end) =>
      typeof end.store_name === 'string' ? end.store_name : null,
    );
    await recordHistory(tx, ctx, {
      companyId: ctx.companyId,
      resource: companyAssetResource.name,
      recordId: id,
      action: ASSET_MOVE_ACTION,
      from: fromName ?? null,
      to: toName ?? null,
      note: body.note ?? null,
      before: { store_id: asset.store_id, store_name: fromName ?? null },
      after: { store_id: body.store_id, store_name: toName ?? null },
    });
  });
  return companyAssetService.get(db, ctx, id);
}

export const companyCarrierService = createResourceService({
  definition: companyCarrierResource,
  table: companyCarriers,
  tenantColumn: 'company_id',
  relations: {
    carrier: { table: carriers, definition: { row: carrierSchema }, column: 'carrier_id' },
  },
});

/** The global carrier list, active ones by name (what a company may link to). */
export function activeCarriers(db: Executor): Promise<Carrier[]> {
  return db.select().from(carriers).where(eq(carriers.is_active, true)).orderBy(asc(carriers.name));
}
