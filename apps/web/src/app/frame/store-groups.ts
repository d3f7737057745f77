import { UNNAMED_DISTRICT } from '@portal/contract/constants';
import type { MyStore } from '@portal/contract/shell';

export interface StoreGroup {
  district: string;
  stores: MyStore[];
}

/** SPEC.md section 3: stores grouped by district name, with "unnamed district" when none. */
export function groupStoresByDistrict(stores: readonly MyStore[]): StoreGroup[] {
  const groups = new Map<string, MyStore[]>();
  for (const store of stores) {
    const district = store.district?.name || UNNAMED_DISTRICT;
    groups.set(district, [...(groups.get(district) ?? []), store]);
  }
  return [...groups.entries()]
    .map(([district, members]) => ({
      district,
      stores: [...members].sort((a, b) => a.name.localeCompare(b.name)),
    }))
    .sort((a, b) => a.district.localeCompare(b.district));
}

/** The store switch (StoreMenu's), watched by the switcher's button to show it under way. */
export const switchStoreMutationKey = ['shell', 'switch-store'] as const;
