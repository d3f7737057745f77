import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { productSerialSchema, type SerialRejection } from '@portal/contract/inventory';
import { CameraScanDialog } from '../../platform/SerialScanner.tsx';
import { api } from '../../platform/api.ts';
import { formatCents } from '../../platform/resources/DocumentPanels.tsx';

const when = (iso: string) => new Date(iso).toLocaleString('en-US');

// The buying side's screens (features/purchasing/paths.ts) for a rejection's receipt and order.
const receiptView = (id: number) => `/inventory-purchase-order-receipt/view/${id}`;
const purchaseOrderView = (id: number) => `/inventory-purchase-orders/view/${id}`;

/** One rejection on receipt: which receipt of which order, the product and the reason. */
function Rejection({ rejection }: { rejection: SerialRejection }) {
  return (
    <Alert severity="warning">
      Rejected on{' '}
      <Link component={RouterLink} to={receiptView(rejection.receipt_id)}>
        receipt #{rejection.receipt_id}
      </Link>{' '}
      of purchase order{' '}
      <Link component={RouterLink} to={purchaseOrderView(rejection.purchase_order_id)}>
        PO-{rejection.purchase_order_id}
      </Link>{' '}
      ({rejection.product_name}) on {when(rejection.rejected_at)}
      {rejection.reason ? `: ${rejection.reason}` : ''}. Set aside for the supplier, it did not
      enter stock.
    </Alert>
  );
}

/**
 * /product-serials: where a serial (IMEI) is now and every move it made (GET /product-serials),
 * and each time it was rejected on a purchase order receipt; ?serial= opens with its answer.
 */
export function ProductSerialPage() {
  const [params, setParams] = useSearchParams();
  const serial = params.get('serial')?.trim() ?? '';
  const [text, setText] = useState(serial);
  const [cameraOpen, setCameraOpen] = useState(false);
  const found = useQuery({
    queryKey: ['product-serials', serial],
    enabled: serial.length > 0,
    retry: false,
    queryFn: async () =>
      (await api.get('/product-serials', productSerialSchema, { query: { serial } })).data,
  });
  const lookUp = () => {
    const value = text.trim();
    if (value) setParams({ serial: value });
  };
  const data = found.data;
  return (
    <Stack spacing={2} sx={{ maxWidth: 1000 }}>
      <Typography variant="h5" component="h1">
        Product Serials
      </Typography>
      <Stack
        component="form"
        direction="row"
        spacing={1}
        alignItems="flex-start"
        onSubmit={(event) => {
          event.preventDefault();
          lookUp();
        }}
      >
        <TextField
          label="Serial or IMEI"
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoFocus
          autoComplete="off"
          helperText="Type or scan a serial and press Enter"
          // Fills the row up to a comfortable width, and shrinks beside the button on a phone.
          sx={{ flex: 1, minWidth: 0, maxWidth: 420 }}
        />
        <Button type="submit" variant="contained" sx={{ mt: 1 }}>
          Look up
        </Button>
        <Tooltip title="Scan with camera">
          <IconButton
            aria-label="Scan with camera"
            onClick={() => setCameraOpen(true)}
            sx={{ mt: 1 }}
          >
            <QrCodeScannerIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      <CameraScanDialog
        open={cameraOpen}
        onClose={() => setCameraOpen(false)}
        onDetected={(code) => {
          // One serial is looked up: the first code read closes the dialog and opens its answer.
          setText(code);
          setParams({ serial: code });
          setCameraOpen(false);
          return 'done';
        }}
      />
      {found.error && <Alert severity="error">{found.error.message}</Alert>}
      {data && (
        <Stack spacing={2} aria-label={`Serial ${serial}`}>
          {data.rejections.map((rejection) => (
            <Rejection key={rejection.receipt_id} rejection={rejection} />
          ))}
          {data.item ? (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="subtitle1">
                {data.item.product_name}: {data.item.serial}
              </Typography>
              <Typography>
                At {data.item.location_name} ({data.item.location_kind.replace('_', ' ')}),{' '}
                {data.item.condition}; cost {formatCents(data.item.cost_cents)}
              </Typography>
            </Paper>
          ) : (
            <Typography color="text.secondary">This serial was never in stock.</Typography>
          )}
          {data.history.length > 0 && (
            <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="History">
                <TableHead>
                  <TableRow>
                    <TableCell>When</TableCell>
                    <TableCell>From</TableCell>
                    <TableCell>To</TableCell>
                    <TableCell>Reason</TableCell>
                    <TableCell>By</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.history.map((move) => (
                    <TableRow key={move.id}>
                      <TableCell>{when(move.created_at)}</TableCell>
                      <TableCell>{move.from_name ?? ''}</TableCell>
                      <TableCell>{move.to_name ?? ''}</TableCell>
                      <TableCell>{move.reason}</TableCell>
                      <TableCell>{move.user_name ?? ''}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Paper>
          )}
        </Stack>
      )}
    </Stack>
  );
}
