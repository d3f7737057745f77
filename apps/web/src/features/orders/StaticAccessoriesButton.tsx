import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import Button from '@mui/material/Button';
import {
  replenishmentMessages,
  shopStaticAccessorySchema,
} from '@portal/contract/resources/replenishment';
import { orderableStoreSchema } from '@portal/contract/shop';
import { storageKeys } from '@portal/contract/storage-keys';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../platform/api.ts';
import { readStored } from '../../platform/storage.ts';
import { notify } from '../../platform/toasts.ts';
import { addToCart } from './cart-store.ts';

/**
 * /shop/accessories: puts the store's static accessories (SPEC.md /static-accessories) in the
 * accessories cart at their standard quantities, for the current store when the user may order
 * for it, else the first they may (the cart's own choice of store).
 */
export function StaticAccessoriesButton() {
  const stores = useQuery({
    queryKey: ['orders', 'stores-can-order-for'],
    queryFn: async () =>
      (await api.get('/orders/stores-can-order-for', z.array(orderableStoreSchema))).data,
    staleTime: 60_000,
  });
  const current = readStored(storageKeys.storeId);
  const store = stores.data?.find((row) => String(row.id) === current) ?? stores.data?.[0] ?? null;
  const add = useMutation({
    mutationFn: async (storeId: number) =>
      (
        await api.get('/shop/static-accessories', z.array(shopStaticAccessorySchema), {
          query: { store_id: storeId },
        })
      ).data,
    onSuccess: (items) => {
      for (const item of items) addToCart('accessory', item, item.quantity);
      notify.success(replenishmentMessages.staticAdded(items.length));
    },
    onError: (error) => notify.danger(error.message || 'Static accessories not added'),
  });
  if (!store) return null;
  return (
    <Button
      variant="outlined"
      startIcon={<PlaylistAddIcon />}
      disabled={add.isPending}
      onClick={() => add.mutate(store.id)}
    >
      Add static accessories
    </Button>
  );
}
