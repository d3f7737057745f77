import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import {
  activations,
  activationSchema,
  activationStatusMachine,
} from '@portal/contract/resources/sales';
import { api } from '../../platform/api.ts';
import { statusLabel } from '../../platform/resources/DocumentPanels.tsx';
import { failureMessage } from '../../platform/resources/outcome.ts';
import { parseRouteId } from '../../platform/resources/paths.ts';
import {
  PrintablePage,
  PrintButton,
  printedDate,
} from '../../platform/resources/PrintableDocument.tsx';
import { salesPaths } from './paths.ts';

/** A phone number as printed: (340) 555-7002. */
const phone = (digits: string) =>
  /^\d{10}$/.test(digits)
    ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
    : digits;

/**
 * /activation/receipt/{id}: where a new activation lands, its printable receipt for the customer:
 * the line's number, carrier, plan and features, the device's IMEI and the SIM's ICCID, the store,
 * the customer and the port-in (never its PIN).
 */
export function ActivationReceiptPage() {
  const id = parseRouteId(useParams().id);
  const query = useQuery({
    queryKey: ['activation-receipt', id],
    queryFn: async () =>
      (await api.get(`${activations.path}/${String(id)}`, activationSchema)).data,
    enabled: id !== null,
  });
  if (id === null) return <Alert severity="error">Activation not found</Alert>;
  if (query.isPending) return <Typography>Loading...</Typography>;
  if (query.isError)
    return <Alert severity="error">{failureMessage(query.error, 'Activation not found')}</Alert>;
  const activation = query.data;
  const rows: [string, string | null][] = [
    ['Phone number', phone(activation.phone_number)],
    ['Carrier', activation.carrier],
    ['Plan', activation.plan],
    ['Features', activation.features],
    ['Device IMEI', activation.imei],
    ['SIM ICCID', activation.iccid],
    ['Customer', activation.customer_name],
    ['Store', activation.store_name],
    ['Port-in', activation.port_in ? `Account ${activation.port_account_number ?? ''}` : null],
    ['Dealer code', activation.dealer_code],
    ['Status', statusLabel(activationStatusMachine, activation.status)],
    ['Activated by', activation.created_by_name],
  ];
  return (
    <PrintablePage
      width={720}
      title="Activation receipt"
      titleOnPaper
      actions={
        <>
          <PrintButton label="Print receipt" />
          <Button
            component={RouterLink}
            to={salesPaths.activations.view.replace(':id', String(activation.id))}
          >
            View activation
          </Button>
        </>
      }
    >
      <Paper variant="outlined" sx={{ p: 2 }} aria-label="Receipt">
        <Typography variant="subtitle1" component="h2">
          Activation #{activation.id}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {printedDate(activation.created_at)}
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 9rem) minmax(0, 1fr)',
            columnGap: 2,
            rowGap: 1,
            m: 0,
            '& dd': { m: 0, overflowWrap: 'anywhere' },
            '& dt': { color: 'text.secondary' },
          }}
        >
          {rows
            .filter((row): row is [string, string] => Boolean(row[1]))
            .map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </Box>
            ))}
        </Box>
      </Paper>
    </PrintablePage>
  );
}
