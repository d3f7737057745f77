import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { storageKeys } from '@portal/contract/storage-keys';
import { useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import { readStored, subscribeStored } from '../../platform/storage.ts';
import { cartItemCount } from './cart-count.ts';

const subscribeCart = (onChange: () => void) => subscribeStored(storageKeys.cartItems, onChange);
const readCart = () => readStored(storageKeys.cartItems);

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
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          aria-controls={anchor ? popoverId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge badgeContent={count ?? 0} color="secondary" invisible={!count} max={99}>
            {icon}
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': label, sx: { p: 2, maxWidth: 280 } } }}
      >
        {children}
      </Popover>
    </>
  );
}

/** The cart icon, counting the items kept in cart_items (SPEC.md section 3). */
export function CartIndicator() {
  const count = cartItemCount(parseCart(useSyncExternalStore(subscribeCart, readCart)));
  const label = count === 1 ? 'Cart: 1 item' : `Cart: ${count} items`;
  return (
    <IndicatorButton label={label} icon={<ShoppingCartIcon />} count={count}>
      <Typography>{count === 0 ? 'Your cart is empty.' : label}</Typography>
    </IndicatorButton>
  );
}
