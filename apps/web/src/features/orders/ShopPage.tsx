import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { listDataSchema } from '@portal/contract/envelope';
import type { ProductKind } from '@portal/contract/resources/catalog';
import { shopKinds, shopProductSchema, type ShopProduct } from '@portal/contract/shop';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { api } from '../../platform/api.ts';
import { formatCents } from '../../platform/resources/DocumentPanels.tsx';
import { notify } from '../../platform/toasts.ts';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { PageTitleBar } from '../../platform/ui/PageTitleBar.tsx';
import { hasPermission } from '../auth/session.ts';
import { addToCart, cartTotals, useCart } from './cart-store.ts';
import { StaticAccessoriesButton } from './StaticAccessoriesButton.tsx';

const PAGE_SIZE = 24;
const namedRows = listDataSchema(z.object({ id: z.number(), name: z.string() }));

/** A company list by name for a filter (manufacturers, categories). */
function useNamed(path: string) {
  return useQuery({
    queryKey: [path, 'names'],
    queryFn: async () =>
      (await api.get(path, namedRows, { query: { perPage: 500, sort: 'name' } })).data.results,
    staleTime: 60_000,
  });
}

/** Waits `ms` after the last change before handing the value on (typing in a search box). */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const percent = (bps: number) => `${(bps / 100).toFixed(bps % 100 === 0 ? 0 : 2)}%`;

function ProductCard({ product, kind }: { product: ShopProduct; kind: ProductKind }) {
  const [quantity, setQuantity] = useState('1');
  const amount = Number(quantity);
  const valid = Number.isInteger(amount) && amount >= 1;
  const maker = [product.manufacturer_name, product.category_name].filter(Boolean).join(' · ');
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-label={product.name}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}
    >
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {product.name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        SKU {product.sku}
        {maker ? ` · ${maker}` : ''}
      </Typography>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Typography variant="h6" component="p">
          {formatCents(product.price_cents)}
        </Typography>
        {product.tax_bps > 0 && (
          <Typography variant="body2" color="text.secondary">
            + {percent(product.tax_bps)} tax
          </Typography>
        )}
      </Stack>
      <Box>
        <Chip
          size="small"
          color={product.in_stock > 0 ? 'success' : 'default'}
          label={product.in_stock > 0 ? `${product.in_stock} in stock` : 'Out of stock'}
        />
      </Box>
      <Stack direction="row" spacing={1} alignItems="flex-start" sx={{ mt: 'auto', pt: 1 }}>
        <TextField
          type="number"
          size="small"
          label="Quantity"
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
          error={!valid}
          slotProps={{
            htmlInput: { min: 1, step: 1, 'aria-label': `Quantity of ${product.name}` },
          }}
          sx={{ width: 96, flexShrink: 0 }}
        />
        <Button
          variant="contained"
          startIcon={<AddShoppingCartIcon />}
          disabled={!valid}
          onClick={() => {
            addToCart(kind, product, amount);
            notify.success(`${product.name} added to the cart`);
            setQuantity('1');
          }}
          aria-label={`Add ${product.name} to the cart`}
          sx={{ flexGrow: 1, minWidth: 0 }}
        >
          Add to cart
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * /shop/products and /shop/accessories: the catalogue of one kind, searched by name or SKU and
 * filtered by manufacturer and category, with the warehouse's stock; Add to cart keeps the item in
 * this kind's cart in browser storage.
 */
export function ShopPage({ kind }: { kind: ProductKind }) {
  if (!hasPermission('write_orders')) return <AccessDenied />;
  return <Shop kind={kind} />;
}

function Shop({ kind }: { kind: ProductKind }) {
  const where = shopKinds[kind];
  const [search, setSearch] = useState('');
  const [manufacturer, setManufacturer] = useState('');
  const [category, setCategory] = useState('');
  const term = useDebounced(search.trim(), 300);
  const manufacturers = useNamed('/manufacturers');
  const categories = useNamed('/categories');
  const cart = cartTotals(useCart(kind));
  // The page counts within one search and filter: a new one starts at the first page.
  const filterKey = JSON.stringify([term, manufacturer, category]);
  const [paging, setPaging] = useState({ key: filterKey, page: 0 });
  const page = paging.key === filterKey ? paging.page : 0;
  const setPage = (next: number) => setPaging({ key: filterKey, page: next });
  const products = useQuery({
    queryKey: ['shop', kind, term, manufacturer, category, page],
    queryFn: async () =>
      (
        await api.get(where.shop, listDataSchema(shopProductSchema), {
          query: {
            search: term || undefined,
            manufacturer_id: manufacturer || undefined,
            category_id: category || undefined,
            page,
            perPage: PAGE_SIZE,
          },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
  const total = products.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const title = `Shop ${where.title}`;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PageTitleBar title={title}>
        {kind === 'accessory' && <StaticAccessoriesButton />}
        <Button
          component={RouterLink}
          to={kind === 'device' ? shopKinds.accessory.shop : shopKinds.device.shop}
        >
          {kind === 'device' ? 'Shop Accessories' : 'Shop Products'}
        </Button>
        <Button
          variant="outlined"
          component={RouterLink}
          to={where.cart}
          startIcon={<ShoppingCartIcon />}
        >
          Cart ({cart.count})
        </Button>
      </PageTitleBar>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField
          size="small"
          label="Search"
          placeholder="Name or SKU"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          type="search"
          sx={{ flexGrow: 1 }}
        />
        <TextField
          select
          size="small"
          label="Manufacturer"
          value={manufacturer}
          onChange={(event) => setManufacturer(event.target.value)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">
            <em>All manufacturers</em>
          </MenuItem>
          {(manufacturers.data ?? []).map((row) => (
            <MenuItem key={row.id} value={String(row.id)}>
              {row.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Category"
          value={category}
          onChange={(event) => setCategory(event.target.value)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">
            <em>All categories</em>
          </MenuItem>
          {(categories.data ?? []).map((row) => (
            <MenuItem key={row.id} value={String(row.id)}>
              {row.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Box sx={{ height: 4 }}>{products.isFetching && <LinearProgress aria-label="Loading" />}</Box>
      {products.error && <Alert severity="error">{products.error.message}</Alert>}
      {products.data && total === 0 && (
        <Alert severity="info">Sorry we could not find any results</Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))',
        }}
      >
        {(products.data?.results ?? []).map((product) => (
          <ProductCard key={product.id} product={product} kind={kind} />
        ))}
      </Box>
      {pages > 1 && (
        <Stack direction="row" spacing={1} alignItems="center" justifyContent="center">
          <Button disabled={page === 0} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <Typography variant="body2">
            Page {page + 1} of {pages}
          </Typography>
          <Button disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </Stack>
      )}
    </Box>
  );
}

export const ShopProductsPage = () => <ShopPage kind="device" />;
export const ShopAccessoriesPage = () => <ShopPage kind="accessory" />;
