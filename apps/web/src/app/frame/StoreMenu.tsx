import CheckIcon from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { SessionUser } from '@portal/contract/auth';
import { storageKeys } from '@portal/contract/storage-keys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '../../features/auth/me.ts';
import {
  fetchMyStores,
  shellQueryKeys,
  switchCurrentStore,
} from '../../features/shell/shell-api.ts';
import { writeStored, writeStoredJson } from '../../platform/storage.ts';
import { notify } from '../../platform/toasts.ts';
import { groupStoresByDistrict, switchStoreMutationKey } from './store-groups.ts';

/**
 * The store switcher's menu (its own chunk, fetched on first use): the user's stores grouped by
 * district, asked for while it is open, the current one disabled. Picking another makes it the
 * user's current store on the server, then here.
 */
export function StoreMenu({
  id,
  anchor,
  user,
  onClose,
}: {
  id: string;
  anchor: HTMLElement | null;
  user: SessionUser;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const stores = useQuery({
    queryKey: shellQueryKeys.myStores,
    queryFn: ({ signal }) => fetchMyStores(signal),
    enabled: anchor !== null,
  });
  const switchStore = useMutation({
    mutationKey: switchStoreMutationKey,
    mutationFn: (storeId: number) =>
      switchCurrentStore({ id: user.id, current_store: storeId, company_id: user.company_id }),
    onSuccess: async (reply) => {
      // A check of who is signed in sent before the switch would answer the old store after it.
      await queryClient.cancelQueries({ queryKey: meQueryKey });
      const store = reply.data;
      writeStored(storageKeys.storeId, store.id);
      writeStored(storageKeys.storeName, store.name);
      writeStored(storageKeys.timezone, store.time_zone);
      const updated: SessionUser = {
        ...user,
        current_store: store.id,
        store: { id: store.id, unique_id: store.unique_id, name: store.name },
      };
      writeStoredJson(storageKeys.user, updated);
      queryClient.setQueryData(meQueryKey, updated);
      notify.success(reply.message);
    },
    onError: (error) => notify.danger(error.message),
  });
  const currentId = user.current_store;
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { maxHeight: 420, minWidth: 240 } } }}
    >
      {stores.isPending && <MenuItem disabled>Loading...</MenuItem>}
      {stores.isSuccess && stores.data.length === 0 && (
        <MenuItem disabled>You are not assigned to any store</MenuItem>
      )}
      {stores.isSuccess &&
        groupStoresByDistrict(stores.data).flatMap((group) => [
          <ListSubheader key={`district-${group.district}`}>{group.district}</ListSubheader>,
          ...group.stores.map((store) => (
            <MenuItem
              key={store.id}
              disabled={store.id === currentId}
              onClick={() => {
                onClose();
                switchStore.mutate(store.id);
              }}
            >
              <ListItemIcon>
                {store.id === currentId && <CheckIcon fontSize="small" />}
              </ListItemIcon>
              <ListItemText primary={store.name} secondary={store.unique_id} />
            </MenuItem>
          )),
        ])}
    </Menu>
  );
}
