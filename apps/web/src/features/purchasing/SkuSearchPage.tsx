import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { skuMatchSchema } from '@portal/contract/resources/purchasing';
import { api } from '../../platform/api.ts';
import { formatCents } from '../../platform/resources/DocumentPanels.tsx';

const matches = z.array(skuMatchSchema);

/** The text as typed, settled for a moment (one request per pause, not per key). */
function useSettled(value: string, ms = 250) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * /inventory/stock/sku-search: products by SKU prefix or by words of the name (the exact SKU
 * first), with what the warehouses hold.
 */
export function SkuSearchPage() {
  const [text, setText] = useState('');
  const q = useSettled(text.trim());
  const found = useQuery({
    queryKey: ['purchasing', 'sku-search', q],
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (await api.get('/inventory-stock/sku-search', matches, { signal, query: { q, limit: 50 } }))
        .data,
  });
  const rows = q ? (found.data ?? []) : [];
  return (
    <Stack spacing={2} sx={{ maxWidth: 1000 }}>
      <Typography variant="h5" component="h1">
        SKU Search
      </Typography>
      <TextField
        label="SKU or words of the name"
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoFocus
        autoComplete="off"
        helperText="A SKU prefix (APL-IP16) or words in any order (black charger)"
        sx={{ maxWidth: 480 }}
      />
      {found.error && <Alert severity="error">{found.error.message}</Alert>}
      {q && found.data && !rows.length && (
        <Typography color="text.secondary">No product matches “{q}”.</Typography>
      )}
      {rows.length > 0 && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Products found">
            <TableHead>
              <TableRow>
                <TableCell>SKU</TableCell>
                <TableCell>Name</TableCell>
                <TableCell>Serialized</TableCell>
                <TableCell align="right">Price</TableCell>
                <TableCell align="right">In the warehouses</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{row.sku}</TableCell>
                  <TableCell>{row.name}</TableCell>
                  <TableCell>{row.is_serialized ? 'Yes' : 'No'}</TableCell>
                  <TableCell align="right">{formatCents(row.price_cents)}</TableCell>
                  <TableCell align="right">{row.on_hand}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
