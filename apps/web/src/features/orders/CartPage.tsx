import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ProductKind } from '@portal/contract/resources/catalog';
import { orderSchema } from '@portal/contract/resources/orders';
import { dollars } from '@portal/contract/resources/sales';
import { orderableStoreSchema, shopKinds, type CartItem } from '@portal/contract/shop';
import { storageKeys } from '@portal/contract/storage-keys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { z } from 'zod';
import { api } from '../../platform/api.ts';
import { resourceKeys } from '../../platform/resources/query-keys.ts';
import { readStored } from '../../platform/storage.ts';
import { notify } from '../../platform/toasts.ts';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { PageTitleBar } from '../../platform/ui/PageTitleBar.tsx';
import { hasPermission } from '../auth/session.ts';
import { cartTotals, clearCart, removeFromCart, setCartQuantity, useCart } from './cart-store.ts';

/** One cart line: its quantity can change (tax and total follow) or it can go. */
function CartLine({ item, kind }: { item: CartItem; kind: ProductKind }) {
  // What is typed, kept while it is not a quantity (an empty box while retyping).
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <Box
      role="group"
      aria-label={item.name}
      sx={{
        display: 'grid',
        gap: 1,
        alignItems: 'center',
        gridTemplateColumns: { xs: '1fr auto', sm: 'minmax(0, 1fr) 96px 110px 110px auto' },
        py: 1.5,
      }}
    >
      <Box sx={{ minWidth: 0, gridColumn: { xs: '1 / 2', sm: 'auto' } }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.name}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {item.sku} · {dollars(item.price)} each
        </Typography>
      </Box>
      <IconButton
        aria-label={`Remove ${item.name}`}
        onClick={() => removeFromCart(kind, item.id)}
        sx={{ gridColumn: { xs: '2 / 3', sm: '5 / 6' }, gridRow: { xs: '1', sm: 'auto' } }}
      >
        <DeleteOutlineIcon />
      </IconButton>
      <TextField
        type="number"
        size="small"
        label="Quantity"
        value={typed ?? String(item.quantity)}
        onChange={(event) => {
          const value = event.target.value;
          const quantity = Number(value);
          if (value !== '' && Number.isInteger(quantity) && quantity >= 1) {
            setTyped(null);
            setCartQuantity(kind, item.id, quantity);
          } else setTyped(value);
        }}
        onBlur={() => setTyped(null)}
        slotProps={{ htmlInput: { min: 1, step: 1, 'aria-label': `Quantity of ${item.name}` } }}
        sx={{
          gridRow: { xs: '2', sm: '1' },
          gridColumn: { xs: '1 / 2', sm: '2 / 3' },
          maxWidth: 110,
        }}
      />
      <Typography
        variant="body2"
        sx={{ gridRow: { xs: '3', sm: '1' }, gridColumn: { xs: '1 / 3', sm: '3 / 4' } }}
      >
        Tax {dollars(item.tax)}
      </Typography>
      <Typography
        sx={{
          fontWeight: 600,
          textAlign: { sm: 'right' },
          gridRow: { xs: '2', sm: '1' },
          gridColumn: { xs: '2 / 3', sm: '4 / 5' },
        }}
        aria-label={`Total of ${item.name}`}
      >
        {dollars(item.total)}
      </Typography>
    </Box>
  );
}

/**
 * /cart and /cart/accessories: the cart kept in browser storage. Checkout sends the products and
 * quantities for one of the stores the user may order for; the server prices the order and makes
 * it in one go, the cart is emptied and the user lands on /orders.
 */
export function CartPage({ kind }: { kind: ProductKind }) {
  if (!hasPermission('write_orders')) return <AccessDenied />;
  return <Cart kind={kind} />;
}

function Cart({ kind }: { kind: ProductKind }) {
  const where = shopKinds[kind];
  const other = shopKinds[kind === 'device' ? 'accessory' : 'device'];
  const items = useCart(kind);
  const totals = cartTotals(items);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [storeId, setStoreId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const stores = useQuery({
    queryKey: ['orders', 'stores-can-order-for'],
    queryFn: async () =>
      (await api.get('/orders/stores-can-order-for', z.array(orderableStoreSchema))).data,
    staleTime: 60_000,
  });
  // The current store (the store switcher's) when the user may order for it.
  const current = readStored(storageKeys.storeId);
  const fallback =
    stores.data?.find((store) => String(store.id) === current) ?? stores.data?.[0] ?? null;
  const chosen = storeId ?? (fallback ? String(fallback.id) : '');
  const checkout = useMutation({
    mutationFn: () =>
      api.post(
        '/orders/checkout',
        {
          store_id: Number(chosen),
          kind,
          note: note.trim() || null,
          lines: items.map((item) => ({ product_id: item.id, quantity: item.quantity })),
        },
        orderSchema,
      ),
    onSuccess: async (reply) => {
      clearCart(kind);
      notify.success(reply.message || 'Order created');
      await queryClient.invalidateQueries({ queryKey: resourceKeys('orders').all });
      void navigate('/orders');
    },
  });
  const title = kind === 'device' ? 'Cart' : 'Accessories Cart';

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)', maxWidth: 960 }}>
      <PageTitleBar title={title}>
        <Button component={RouterLink} to={where.shop}>
          Continue shopping
        </Button>
        <Button component={RouterLink} to={other.cart}>
          {kind === 'device' ? 'Accessories Cart' : 'Cart'}
        </Button>
      </PageTitleBar>
      {items.length === 0 ? (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" component={RouterLink} to={where.shop}>
              Shop {where.title}
            </Button>
          }
        >
          Your cart is empty.
        </Alert>
      ) : (
        <>
          <Paper variant="outlined" sx={{ px: 2 }}>
            {items.map((item, index) => (
              <Box key={item.id}>
                {index > 0 && <Divider />}
                <CartLine item={item} kind={kind} />
              </Box>
            ))}
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }} aria-label="Cart summary" role="region">
            <Stack spacing={0.5}>
              {(
                [
                  ['Items', String(totals.count)],
                  ['Subtotal', dollars(totals.subtotal)],
                  ['Tax', dollars(totals.tax)],
                  ['Total', dollars(totals.total)],
                ] as const
              ).map(([label, value]) => (
                <Stack key={label} direction="row" justifyContent="space-between">
                  <Typography sx={label === 'Total' ? { fontWeight: 700 } : undefined}>
                    {label}
                  </Typography>
                  <Typography
                    sx={label === 'Total' ? { fontWeight: 700 } : undefined}
                    aria-label={`Cart ${label.toLowerCase()}`}
                  >
                    {value}
                  </Typography>
                </Stack>
              ))}
            </Stack>
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={2}>
              <TextField
                select
                size="small"
                label="Store"
                value={chosen}
                onChange={(event) => setStoreId(event.target.value)}
                helperText={
                  stores.data && stores.data.length === 0
                    ? 'You may not order for any store'
                    : 'The store the order is for'
                }
              >
                {(stores.data ?? []).map((store) => (
                  <MenuItem key={store.id} value={String(store.id)}>
                    {store.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label="Note"
                multiline
                minRows={2}
                value={note}
                onChange={(event) => setNote(event.target.value)}
                slotProps={{ htmlInput: { maxLength: 1000 } }}
              />
              <Typography variant="body2" color="text.secondary">
                The warehouse prices the order when it is placed.
              </Typography>
              {checkout.isError && (
                // Why the order was not placed (a line over what the warehouse has names the
                // product and the available count); it stays until the next try.
                <Alert severity="error">{checkout.error.message || 'Order not created'}</Alert>
              )}
              <Box>
                <Button
                  variant="contained"
                  disabled={!chosen || checkout.isPending}
                  onClick={() => checkout.mutate()}
                >
                  Checkout
                </Button>
              </Box>
            </Stack>
          </Paper>
        </>
      )}
    </Box>
  );
}

export const ProductsCartPage = () => <CartPage kind="device" />;
export const AccessoriesCartPage = () => <CartPage kind="accessory" />;
