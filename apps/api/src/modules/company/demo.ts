import { ASSET_MOVE_ACTION, type AssetCondition } from '@portal/contract/resources/company';
import type { Tx } from '../../platform/database.ts';
import { recordHistory } from '../../platform/resources/history.ts';
import { orgTreeOf } from '../organisation/api.ts';
import { directory } from '../users/api.ts';
import { companyAssets } from './schema.ts';

/** The demo equipment: name, type, serial, store, assigned person (by name), condition. */
const demoEquipment: [string, string, string, string, string | null, AssetCondition][] = [
  ['Front counter POS', 'POS terminal', 'POS-TS-0001', 'Times Square', null, 'good'],
  ['Manager laptop', 'Laptop', 'LT-CA-2231', 'Charlotte Amalie', 'Mina Manager', 'good'],
  ['Display iPad', 'Tablet', 'IPD-CA-0412', 'Charlotte Amalie', 'Eli Employee', 'fair'],
  ['Receipt printer', 'Printer', 'PRN-BH-7781', 'Brooklyn Heights', null, 'poor'],
  ['Demo phone stand', 'Display', 'DSP-MM-0093', 'Magnificent Mile', null, 'new'],
  ['Spare POS', 'POS terminal', 'POS-SM-0007', 'Santa Monica', null, 'broken'],
];

/**
 * A few pieces of equipment across the demo stores (/asset-tracker), one of them already moved
 * once (Times Square to Charlotte Amalie, by the manager) so its history shows a move.
 */
export async function seedAssetDemo(tx: Tx, companyId: number) {
  const { stores: storeRows } = await orgTreeOf(tx, companyId);
  const people = await directory(tx, companyId);
  const storeOf = (name: string) => storeRows.find((store) => store.name === name)?.id ?? null;
  const rows = demoEquipment.flatMap(([name, type, serial, store, person, condition]) => {
    const storeId = storeOf(store);
    if (!storeId) return [];
    return [
      {
        company_id: companyId,
        name,
        kind: 'equipment',
        asset_type: type,
        serial_number: serial,
        store_id: storeId,
        assigned_user_id: people.find((someone) => someone.name === person)?.id ?? null,
        condition,
      },
    ];
  });
  if (!rows.length) return;
  const inserted = await tx
    .insert(companyAssets)
    .values(rows)
    .returning({ id: companyAssets.id, name: companyAssets.name });
  const laptop = inserted.find((row) => row.name === 'Manager laptop');
  const manager = people.find((person) => person.name === 'Mina Manager');
  const from = storeOf('Times Square');
  const to = storeOf('Charlotte Amalie');
  if (laptop && manager && from && to) {
    await recordHistory(
      tx,
      { userId: manager.id },
      {
        companyId,
        resource: 'company_assets',
        recordId: laptop.id,
        action: ASSET_MOVE_ACTION,
        from: 'Times Square',
        to: 'Charlotte Amalie',
        note: 'Moved with the store manager',
        before: { store_id: from, store_name: 'Times Square' },
        after: { store_id: to, store_name: 'Charlotte Amalie' },
      },
    );
  }
}
