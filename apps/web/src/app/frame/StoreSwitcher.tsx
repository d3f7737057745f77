import StorefrontIcon from '@mui/icons-material/Storefront';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SessionUser } from '@portal/contract/auth';
import { storageKeys } from '@portal/contract/storage-keys';
import { useIsMutating } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState, useSyncExternalStore } from 'react';
import { readStored, subscribeStored } from '../../platform/storage.ts';
import { useLazyPopup } from './lazy-popup.ts';
import { switchStoreMutationKey } from './store-groups.ts';

const loadMenu = () => import('./StoreMenu.tsx');
const StoreMenu = lazy(async () => ({ default: (await loadMenu()).StoreMenu }));

const subscribeStoreName = (onChange: () => void) =>
  subscribeStored(storageKeys.storeName, onChange);
const readStoreName = () => readStored(storageKeys.storeName);

/**
 * The store switcher (SPEC.md section 2): opens the user's stores (StoreMenu). Picking another makes
 * it the user's current store on the server, then here.
 */
export function StoreSwitcher({ user }: { user: SessionUser }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const storeName = useSyncExternalStore(subscribeStoreName, readStoreName) ?? user.store?.name;
  const popup = useLazyPopup(loadMenu, anchor !== null);
  // The switch itself is the menu's (StoreMenu): the button shows it under way.
  const switching = useIsMutating({ mutationKey: switchStoreMutationKey }) > 0;
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
        loading={switching}
        loadingPosition="start"
        onClick={(event) => setAnchor(event.currentTarget)}
        {...popup.intent}
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
      {popup.mounted && (
        <Suspense fallback={null}>
          <StoreMenu id={menuId} anchor={anchor} user={user} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
