import CheckIcon from '@mui/icons-material/Check';
import StorefrontIcon from '@mui/icons-material/Storefront';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { SessionUser } from '@portal/contract/auth';
import { storageKeys } from '@portal/contract/storage-keys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, useSyncExternalStore } from 'react';
import { meQueryKey } from '../../features/auth/me.ts';
import {
  readStored,
  subscribeStored,
  writeStored,
  writeStoredJson,
} from '../../platform/storage.ts';
import { notify } from '../../platform/toasts.ts';
import {
  fetchMyStores,
  shellQueryKeys,
  switchCurrentStore,
} from '../../features/shell/shell-api.ts';
import { groupStoresByDistrict } from './store-groups.ts';

const subscribeStoreName = (onChange: () => void) =>
  subscribeStored(storageKeys.storeName, onChange);
const readStoreName = () => readStored(storageKeys.storeName);

/**
 * The store switcher (SPEC.md section 2): the user's stores grouped by district, the current one
 * disabled. Picking another makes it the user's current store on the server, then here.
 */
export function StoreSwitcher({ user }: { user: SessionUser }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const queryClient = useQueryClient();
  const storeName = useSyncExternalStore(subscribeStoreName, readStoreName) ?? user.store?.name;
  const stores = useQuery({
    queryKey: shellQueryKeys.myStores,
    queryFn: ({ signal }) => fetchMyStores(signal),
    enabled: anchor !== null,
  });
  const switchStore = useMutation({
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
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        color="inherit"
        startIcon={<StorefrontIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        aria-label={`Store: ${storeName ?? 'none'}. Change store`}
        loading={switchStore.isPending}
        loadingPosition="start"
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{
          textTransform: 'none',
          minWidth: 0,
          '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } },
        }}
      >
        <Box
          component="span"
          sx={{
            display: { xs: 'none', sm: 'inline' },
            maxWidth: 180,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {storeName ?? 'No store'}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
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
                  close();
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
    </>
  );
}
