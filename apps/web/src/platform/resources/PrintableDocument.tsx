import PrintIcon from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatCents } from './DocumentPanels.tsx';

/** One priced line of a printable document (a sale's, a B2B invoice's). */
export interface PrintableLine {
  key: number;
  item: string;
  serial: string | null;
  quantity: number;
  unit_price_cents: number;
  tax_cents: number;
  total_cents: number;
}

/** A date and time as printed on documents ("Nov 28, 2026, 3:05 PM"); empty when missing. */
export const printedDate = (value: string | null) =>
  value ? new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '';

/** Print, the browser's print dialog for the page (a button of a printable page's title bar). */
export function PrintButton(props: { label: string }) {
  return (
    <Button startIcon={<PrintIcon />} variant="outlined" onClick={() => window.print()}>
      {props.label}
    </Button>
  );
}

/**
 * A page laid out for the printer (receipts, invoices): centred up to `width` pixels, a title bar
 * whose buttons never reach the paper (nor the title, unless `titleOnPaper`), then the page's
 * content; anything inside with the class `no-print` stays off the paper too.
 */
export function PrintablePage(props: {
  width: number;
  title: ReactNode;
  /** the title bar's buttons and links, off the paper (PrintButton among them) */
  actions?: ReactNode;
  titleOnPaper?: boolean;
  children: ReactNode;
}) {
  return (
    <Stack
      spacing={2}
      sx={{
        maxWidth: props.width,
        mx: 'auto',
        width: '100%',
        minWidth: 0,
        '@media print': { '& .no-print': { display: 'none' } },
      }}
    >
      <Stack
        direction="row"
        spacing={1}
        alignItems="center"
        flexWrap="wrap"
        useFlexGap
        className={props.titleOnPaper ? undefined : 'no-print'}
      >
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {props.title}
        </Typography>
        <Box className="no-print" sx={{ display: 'contents' }}>
          {props.actions}
        </Box>
      </Stack>
      {props.children}
    </Stack>
  );
}

/**
 * A read-only document laid out for the printer (the invoices of /ev-invoice/view/{id} and
 * /b2b-sales/print/{id}): a title bar with its links and Print (hidden on paper), who and where on
 * the left, dates and parties on the right, the lines with their tax, the totals (Total in bold),
 * the payments under them and a note.
 */
export function PrintableDocument(props: {
  title: string;
  /** links beside Print, off the paper */
  actions: ReactNode;
  /** the issuer's block: its first line as the heading */
  from: readonly ReactNode[];
  /** dates, customer, terms: right-aligned */
  details: readonly ReactNode[];
  lines: readonly PrintableLine[];
  totals: readonly (readonly [string, number])[];
  payments: readonly { label: string; amount_cents: number }[];
  note?: string | null;
}) {
  const [heading, ...from] = props.from;
  return (
    <PrintablePage
      width={880}
      title={props.title}
      actions={
        <>
          {props.actions}
          <PrintButton label="Print" />
        </>
      }
    >
      <Paper variant="outlined" sx={{ p: 2, overflowX: 'auto' }} aria-label="Invoice">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} justifyContent="space-between">
          <Stack spacing={0.5}>
            <Typography variant="h6" component="p">
              {heading}
            </Typography>
            {from.map((line, index) => (
              <Typography key={index} variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                {line}
              </Typography>
            ))}
          </Stack>
          <Stack spacing={0.5} sx={{ textAlign: { sm: 'right' } }}>
            {props.details.map((line, index) => (
              <Typography key={index} variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                {line}
              </Typography>
            ))}
          </Stack>
        </Stack>
        <Divider sx={{ my: 1.5 }} />
        <Table size="small" aria-label="Lines">
          <TableHead>
            <TableRow>
              <TableCell>Item</TableCell>
              <TableCell>IMEI / serial</TableCell>
              <TableCell align="right">Quantity</TableCell>
              <TableCell align="right">Unit price</TableCell>
              <TableCell align="right">Tax</TableCell>
              <TableCell align="right">Total</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {props.lines.map((line) => (
              <TableRow key={line.key}>
                <TableCell>{line.item}</TableCell>
                <TableCell>{line.serial ?? ''}</TableCell>
                <TableCell align="right">{line.quantity}</TableCell>
                <TableCell align="right">{formatCents(line.unit_price_cents)}</TableCell>
                <TableCell align="right">{formatCents(line.tax_cents)}</TableCell>
                <TableCell align="right">{formatCents(line.total_cents)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Stack spacing={0.5} sx={{ mt: 2, ml: 'auto', maxWidth: 320 }}>
          {props.totals.map(([label, amount]) => (
            <Stack key={label} direction="row" justifyContent="space-between">
              <Typography fontWeight={label === 'Total' ? 'bold' : undefined}>{label}</Typography>
              <Typography fontWeight={label === 'Total' ? 'bold' : undefined}>
                {formatCents(amount)}
              </Typography>
            </Stack>
          ))}
          {props.payments.map((payment, index) => (
            <Stack key={index} direction="row" justifyContent="space-between">
              <Typography variant="body2" color="text.secondary">
                {payment.label}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {formatCents(payment.amount_cents)}
              </Typography>
            </Stack>
          ))}
        </Stack>
        {props.note && (
          <Typography variant="body2" sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>
            {props.note}
          </Typography>
        )}
      </Paper>
    </PrintablePage>
  );
}
