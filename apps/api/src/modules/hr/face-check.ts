import { and, eq, isNull } from 'drizzle-orm';
import { faceModes, type FaceMode } from '@portal/contract/hr-face';
import type { Database, Executor } from '../../platform/database.ts';
import {
  checkPunchFace,
  type FacePolicy,
  type PunchFaceInput,
  type PunchFaceResult,
} from '../hr-face/api.ts';
import { storeById } from '../organisation/api.ts';
import { hrCompanySettings, hrStoreSettings, hrTimecards } from './schema.ts';
import { tenantScope } from '../../db/columns.ts';

// The time clock's face check: the policy comes from the HR settings (this module), the check
// itself from hr-face, which knows nothing of timecards or settings.

const isFaceMode = (value: string | null | undefined): value is FaceMode =>
  Boolean(value) && (faceModes as readonly string[]).includes(value as string);

/** A store's face policy: its own where set, else the company's (default: not required, block). */
export async function facePolicyOf(
  db: Executor,
  companyId: number,
  storeId: number,
): Promise<FacePolicy> {
  const store = storeById(db, companyId, storeId);
  const [row] = await db
    .select({
      store_required: hrStoreSettings.face_check_required,
      store_mode: hrStoreSettings.face_check_mode,
      company_required: hrCompanySettings.face_check_required,
      company_mode: hrCompanySettings.face_check_mode,
    })
    .from(store)
    .leftJoin(
      hrStoreSettings,
      and(tenantScope(hrStoreSettings, store.company_id), eq(hrStoreSettings.store_id, store.id)),
    )
    .leftJoin(hrCompanySettings, tenantScope(hrCompanySettings, store.company_id));
  if (!row) return { required: false, mode: 'block' };
  const mode = isFaceMode(row.store_mode)
    ? row.store_mode
    : isFaceMode(row.company_mode)
      ? row.company_mode
      : 'block';
  return { required: row.store_required ?? row.company_required ?? false, mode };
}

/** The face check of a punch at a store, under that store's policy (web clock and kiosk). */
export async function checkStorePunchFace(
  db: Database,
  input: Omit<PunchFaceInput, 'policy'>,
): Promise<PunchFaceResult> {
  return checkPunchFace(db, {
    ...input,
    policy: await facePolicyOf(db, input.companyId, input.storeId),
  });
}

/**
 * The face check of a clock-out or a break: at the store of the user's open timecard. With no open
 * timecard there is nothing to check (the punch itself answers: a retried clock-out, a refusal).
 */
export async function checkOpenTimecardFace(
  db: Database,
  input: Omit<PunchFaceInput, 'storeId' | 'timecardId' | 'policy'>,
): Promise<PunchFaceResult> {
  const [open] = await db
    .select({ id: hrTimecards.id, store_id: hrTimecards.store_id })
    .from(hrTimecards)
    .where(
      and(
        tenantScope(hrTimecards, input.companyId),
        eq(hrTimecards.user_id, input.userId),
        isNull(hrTimecards.clock_out),
      ),
    );
  if (!open) return { flag: null, checkId: null, distance: null };
  return checkStorePunchFace(db, { ...input, storeId: open.store_id, timecardId: open.id });
}
