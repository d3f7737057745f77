import { and, eq, sql } from 'drizzle-orm';
import { activations as activationResource, salesMessages } from '@portal/contract/resources/sales';
import type { RequestContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { recordHistory } from '../../platform/resources/history.ts';
import { createResourceService, type Row } from '../../platform/resources/service.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import { tenantScope } from '../../db/columns.ts';
import { sellStoreUnits } from '../inventory/api.ts';
import { activations } from './schema.ts';
import { activationItemsOf, assertCompanions } from './dependencies.ts';
import { assertMaySell } from './settings.ts';

let box: SecretBox | undefined;
/** The app's secret box, handed over by the descriptor's `connect` (platform/secrets.ts). */
export const useSecretBox = (secrets: SecretBox) => {
  box = secrets;
};
function seal(pin: string) {
  if (!box) throw new Error('sales: no secret box (the module was not connected)');
  return box.seal(pin);
}

const portFields = {
  port_account_number: null,
  port_pin_sealed: null,
  port_billing_zip: null,
  port_account_holder: null,
} as const;

/** Erases a held transfer PIN (the port completed, or it was kept long enough), audited. */
export async function erasePin(
  tx: Tx,
  ctx: Pick<RequestContext, 'companyId'> & { userId: number | null },
  id: number,
  why: string,
) {
  const erased = await tx
    .update(activations)
    .set({ port_pin_sealed: null, updated_at: sql`now()` })
    .where(
      and(
        tenantScope(activations, ctx.companyId),
        eq(activations.id, id),
        sql`${activations.port_pin_sealed} is not null`,
      ),
    )
    .returning({ id: activations.id });
  if (erased.length)
    await recordHistory(tx, ctx, {
      companyId: ctx.companyId,
      resource: activationResource.name,
      recordId: id,
      action: 'transfer_pin_erased',
      note: why,
    });
}

/**
 * A line activation: the device (IMEI) and the SIM (ICCID) leave the store's stock in the create's
 * transaction (each must be in this store and unsold); the port-in transfer PIN is sealed at rest,
 * never returned (`port_pin_on_file` says whether one is held) and erased when the line is active.
 */
export const activationService = createResourceService({
  definition: activationResource,
  table: activations,
  tenantColumn: 'company_id',
  computed: { port_pin_on_file: sql<boolean>`(${activations.port_pin_sealed} is not null)` },
  hooks: {
    beforeCreate: async (input, ctx, tx) => {
      await assertMaySell(tx, ctx, input.store_id);
      const units = await sellStoreUnits(
        tx,
        ctx,
        input.store_id,
        [
          { serial: input.imei, field: 'imei' },
          { serial: input.iccid, field: 'iccid' },
        ],
        `Activation of ${input.phone_number}`,
      );
      const items = await activationItemsOf(tx, ctx, {
        ...input,
        imeiProduct: units.get(input.imei)?.product_id,
        iccidProduct: units.get(input.iccid)?.product_id,
      });
      await assertCompanions(tx, ctx, items, 'activation');
      const { port_pin: pin, ...rest } = input;
      return {
        ...rest,
        ...(input.port_in ? {} : portFields),
        port_pin_sealed: input.port_in && pin ? seal(pin) : null,
        created_by: ctx.userId,
      };
    },
    beforeUpdate: async (input, existing, ctx, tx) => {
      await assertMaySell(tx, ctx, Number(existing.store_id));
      if (input.plan !== undefined || input.features !== undefined) {
        const features = input.features === undefined ? existing.features : input.features;
        const items = await activationItemsOf(tx, ctx, {
          imei: String(existing.imei),
          iccid: String(existing.iccid),
          plan: input.plan ?? String(existing.plan),
          features: typeof features === 'string' ? features : null,
        });
        await assertCompanions(tx, ctx, items, 'activation');
      }
      const { port_pin: pin, ...rest } = input;
      const values: Record<string, unknown> = { ...rest };
      if (pin) values.port_pin_sealed = seal(pin);
      const portIn = input.port_in ?? Boolean(existing.port_in);
      if (!portIn) return { ...values, ...portFields };
      const merged = { ...existing, ...values };
      const pinHeld = Boolean(pin) || existing.port_pin_on_file === true;
      if (
        !merged.port_account_number ||
        !merged.port_billing_zip ||
        !merged.port_account_holder ||
        !pinHeld
      )
        throw AppError.badRequest(salesMessages.portFieldsRequired, {
          port_in: [salesMessages.portFieldsRequired],
        });
      return values;
    },
  },
  // The reply is built from `row` after this: it is kept in step with what was written.
  onTransition: async (row: Row, _from, ctx, tx) => {
    await erasePin(
      tx,
      ctx,
      row.id,
      row.status === 'active' ? 'The line is active' : 'The activation was canceled',
    );
    row.port_pin_on_file = false;
    if (row.status === 'canceled') {
      const [canceled] = await tx
        .update(activations)
        .set({ canceled_at: sql`now()` })
        .where(and(tenantScope(activations, ctx.companyId), eq(activations.id, row.id)))
        .returning({ canceled_at: activations.canceled_at });
      row.canceled_at = canceled?.canceled_at ?? null;
    }
  },
});
