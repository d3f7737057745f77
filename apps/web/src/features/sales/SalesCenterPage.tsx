import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { salesCenterSchema } from '@portal/contract/resources/sales';
import { storageKeys } from '@portal/contract/storage-keys';
import { api } from '../../platform/api.ts';
import { formatCents } from '../../platform/resources/DocumentPanels.tsx';
import { failureMessage } from '../../platform/resources/outcome.ts';
import { readStored } from '../../platform/storage.ts';
import { hasPermission } from '../auth/session.ts';
import { saleConfirmationPath, salesPaths } from './paths.ts';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: '1 1 140px', minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p">
        {value}
      </Typography>
    </Paper>
  );
}

const quickActions = [
  { label: 'New sale', to: salesPaths.sales.create, permission: 'write_sales' },
  { label: 'New activation', to: salesPaths.activations.create, permission: 'write_activations' },
  { label: 'Returns & Refunds', to: salesPaths.returns.list, permission: 'read_sale_returns' },
  { label: 'Customers', to: salesPaths.customers.list, permission: 'read_customers' },
  { label: 'Invoices', to: salesPaths.sales.list, permission: 'read_sales' },
] as const;

/** SPEC.md /sales-center: today at my store, quick actions, my held sales. */
export function SalesCenterPage() {
  const storeId = Number(readStored(storageKeys.storeId));
  const query = useQuery({
    queryKey: ['sales-center', storeId],
    queryFn: async () =>
      (await api.get('/sales-center', salesCenterSchema, { query: { store_id: storeId } })).data,
    enabled: Number.isInteger(storeId) && storeId > 0,
  });
  const day = query.data;
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography variant="h5" component="h1">
        Sales Center{day ? `: ${day.store_name}` : ''}
      </Typography>
      <Stack direction="row" gap={1} flexWrap="wrap">
        {quickActions
          .filter((action) => hasPermission(action.permission))
          .map((action) => (
            <Button key={action.to} component={RouterLink} to={action.to} variant="outlined">
              {action.label}
            </Button>
          ))}
      </Stack>
      {!(storeId > 0) && <Alert severity="info">Choose a store to see its day.</Alert>}
      {query.isError && (
        <Alert severity="error">{failureMessage(query.error, 'Server error')}</Alert>
      )}
      {day && (
        <>
          <Typography variant="body2" color="text.secondary">
            Today, {day.date}
            {day.require_clock_in ? ' · clock in to ring up sales' : ''}
          </Typography>
          <Stack direction="row" gap={2} flexWrap="wrap" aria-label="Today">
            <Figure label="Sales" value={String(day.sales_count)} />
            <Figure label="Revenue" value={formatCents(day.revenue_cents) ?? ''} />
            <Figure label="Activations" value={String(day.activations)} />
            <Figure
              label="Accessory attach rate"
              value={
                day.attach_rate === null ? '–' : `${String(Math.round(day.attach_rate * 100))}%`
              }
            />
          </Stack>
          <Typography variant="h6" component="h2">
            My held sales
          </Typography>
          {day.held.length === 0 ? (
            <Typography color="text.secondary">No held sales.</Typography>
          ) : (
            <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {day.held.map((sale) => (
                <Paper component="li" key={sale.id} variant="outlined" sx={{ p: 1.5 }}>
                  <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap">
                    <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                      #{sale.id} · {sale.customer_name ?? 'Walk-in'} ·{' '}
                      {formatCents(sale.total_cents)}
                    </Typography>
                    <Button component={RouterLink} to={saleConfirmationPath(sale.id)} size="small">
                      Take payment
                    </Button>
                    <Button
                      component={RouterLink}
                      to={salesPaths.sales.edit.replace(':id', String(sale.id))}
                      size="small"
                    >
                      Edit
                    </Button>
                  </Stack>
                </Paper>
              ))}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
