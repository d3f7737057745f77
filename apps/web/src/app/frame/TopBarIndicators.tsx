import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { storageKeys } from '@portal/contract/storage-keys';
import { lazy, Suspense, useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { readStored, subscribeStored } from '../../platform/storage.ts';
import { cartItemCount } from './cart-count.ts';
import { LazyTooltip } from '../../platform/ui/LazyTooltip.tsx';
import { useLazyPopup } from './lazy-popup.ts';

const loadPopover = () => import('@mui/material/Popover');
const Popover = lazy(loadPopover);

const subscribeCart = (onChange: () => void) => subscribeStored(storageKeys.cartItems, onChange);
const readCart = () => readStored(storageKeys.cartItems);
// Accessories are kept under their own key (SPEC.md section 3); the icon counts both carts.
const subscribeAccessories = (onChange: () => void) =>
  subscribeStored(storageKeys.cartAccessories, onChange);
const readAccessories = () => readStored(storageKeys.cartAccessories);

function parseCart(text: string | null): unknown {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed;
  } catch {
    return [];
  }
}

function IndicatorButton({
  label,
  icon,
  count,
  children,
}: {
  label: string;
  icon: ReactNode;
  /** null: no count is known, so no badge. */
  count: number | null;
  children: ReactNode;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  const popup = useLazyPopup(loadPopover, anchor !== null);
  return (
    <>
      <LazyTooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          aria-controls={anchor ? popoverId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          {...popup.intent}
        >
          <Badge badgeContent={count ?? 0} color="secondary" invisible={!count} max={99}>
            {icon}
          </Badge>
        </IconButton>
      </LazyTooltip>
      {popup.mounted && (
        <Suspense fallback={null}>
          <Popover
            id={popoverId}
            open={anchor !== null}
            anchorEl={anchor}
            onClose={() => setAnchor(null)}
            // A link inside (the carts) navigates: the popover closes with it.
            onClick={() => setAnchor(null)}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            transformOrigin={{ vertical: 'top', horizontal: 'right' }}
            slotProps={{
              paper: { role: 'dialog', 'aria-label': label, sx: { p: 2, maxWidth: 280 } },
            }}
          >
            {children}
          </Popover>
        </Suspense>
      )}
    </>
  );
}

/** The cart icon, counting the items kept in cart_items (SPEC.md section 3). */
export function CartIndicator() {
  const products = cartItemCount(parseCart(useSyncExternalStore(subscribeCart, readCart)));
  const accessories = cartItemCount(
    parseCart(useSyncExternalStore(subscribeAccessories, readAccessories)),
  );
  const count = products + accessories;
  const label = count === 1 ? 'Cart: 1 item' : `Cart: ${count} items`;
  return (
    <IndicatorButton label={label} icon={<ShoppingCartIcon />} count={count}>
      <Typography>{count === 0 ? 'Your cart is empty.' : label}</Typography>
      <Button component={RouterLink} to="/cart" size="small" sx={{ display: 'block' }}>
        Cart ({products})
      </Button>
      <Button component={RouterLink} to="/cart/accessories" size="small" sx={{ display: 'block' }}>
        Accessories Cart ({accessories})
      </Button>
    </IndicatorButton>
  );
}
