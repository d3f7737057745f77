import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import {
  activations,
  activationStatusMachine,
  customers,
  sales,
  saleStatusMachine,
} from '@portal/contract/resources/sales';
import { formatCents, statusLabel } from '../../platform/resources/DocumentPanels.tsx';
import { failureMessage } from '../../platform/resources/outcome.ts';
import { parseRouteId, withId } from '../../platform/resources/paths.ts';
import { fetchList, fetchRow, type ResourceRow } from '../../platform/resources/resource-api.ts';
import { hasPermission } from '../auth/session.ts';
import { saleConfirmationPath, salesPaths } from './paths.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const day = (value: unknown) =>
  typeof value === 'string'
    ? new Date(value).toLocaleDateString('en-US', { dateStyle: 'medium' })
    : '';

function History(props: {
  title: string;
  rows: ResourceRow[];
  line: (row: ResourceRow) => string;
  to: (row: ResourceRow) => string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {props.title}
      </Typography>
      {props.rows.length === 0 ? (
        <Typography color="text.secondary">None yet.</Typography>
      ) : (
        <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {props.rows.map((row) => (
            <li key={row.id}>
              <Button
                component={RouterLink}
                to={props.to(row)}
                sx={{ textAlign: 'left', textTransform: 'none' }}
              >
                {props.line(row)}
              </Button>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** SPEC.md /customers/{id}: the customer, their purchases (receipts) and their lines and devices. */
export function CustomerViewPage() {
  const id = parseRouteId(useParams().id);
  const customer = useQuery({
    queryKey: ['customer', id],
    queryFn: () => fetchRow(customers, id ?? 0),
    enabled: id !== null,
  });
  const filter = { customer_id: String(id) };
  const purchases = useQuery({
    queryKey: ['customer-sales', id],
    queryFn: () => fetchList(sales, { page: 0, perPage: 100, sort: '-id', filter }),
    enabled: id !== null && hasPermission('read_sales'),
  });
  const lines = useQuery({
    queryKey: ['customer-activations', id],
    queryFn: () => fetchList(activations, { page: 0, perPage: 100, sort: '-id', filter }),
    enabled: id !== null && hasPermission('read_activations'),
  });
  if (id === null) return <Alert severity="error">Customer not found</Alert>;
  if (customer.isError)
    return <Alert severity="error">{failureMessage(customer.error, 'Customer not found')}</Alert>;
  const row = customer.data;
  return (
    <Stack spacing={2} sx={{ minWidth: 0, maxWidth: 900 }}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap">
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {row ? `${text(row.first_name)} ${text(row.last_name)}` : 'Customer'}
        </Typography>
        {hasPermission('write_customers') && (
          <Button
            component={RouterLink}
            to={withId(salesPaths.customers.edit, id)}
            variant="outlined"
          >
            Edit
          </Button>
        )}
        {hasPermission('write_sales') && (
          <Button component={RouterLink} to={salesPaths.sales.create} variant="contained">
            New sale
          </Button>
        )}
      </Stack>
      {row && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography>Phone: {text(row.phone)}</Typography>
          {text(row.email) && (
            <Typography sx={{ overflowWrap: 'anywhere' }}>Email: {text(row.email)}</Typography>
          )}
          {text(row.zip) && <Typography>ZIP: {text(row.zip)}</Typography>}
          {text(row.store_name) && <Typography>Home store: {text(row.store_name)}</Typography>}
          {text(row.notes) && <Typography>Notes: {text(row.notes)}</Typography>}
        </Paper>
      )}
      <History
        title="Purchase history"
        rows={purchases.data?.results ?? []}
        to={(sale) => saleConfirmationPath(sale.id)}
        line={(sale) =>
          `#${String(sale.id)} · ${day(sale.created_at)} · ${formatCents(sale.total_cents) ?? ''} · ${statusLabel(saleStatusMachine, text(sale.status))}`
        }
      />
      <History
        title="Lines and devices"
        rows={lines.data?.results ?? []}
        to={(line) => withId(salesPaths.activations.view, line.id)}
        line={(line) =>
          `${text(line.phone_number)} · ${text(line.carrier)} ${text(line.plan)} · ${statusLabel(activationStatusMachine, text(line.status))}`
        }
      />
    </Stack>
  );
}
