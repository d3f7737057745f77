import {
  paymentMethodLabels,
  saleStatusMachine,
  type Sale,
} from '@portal/contract/resources/sales';
import { saveFile } from '../../platform/data-table/export-files.ts';
import { formatCents, statusLabel } from '../../platform/resources/DocumentPanels.tsx';

const money = (cents: number) => formatCents(cents) ?? '';

/**
 * The sale's receipt as a PDF file (issue 17: /sale-confirmation/{id} printable receipt): the same
 * content as the printed page. jsPDF and its table plugin, the data table's PDF export's, load only
 * when asked for.
 */
export async function downloadReceiptPdf(sale: Sale, when: string): Promise<void> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([
    import('jspdf'),
    import('jspdf-autotable'),
  ]);
  const doc = new jsPDF({ unit: 'pt', format: 'a5' });
  const left = 32;
  let y = 44;
  const line = (text: string, size = 10) => {
    doc.setFontSize(size);
    doc.text(text, left, y);
    y += size + 6;
  };
  line(sale.store_name ?? '', 15);
  line(`Receipt #${String(sale.id)} · ${statusLabel(saleStatusMachine, sale.status)}`);
  if (when) line(when);
  if (sale.customer_name) line(`Customer: ${sale.customer_name}`);
  if (sale.created_by_name) line(`Sold by: ${sale.created_by_name}`);
  const totals: [string, number][] = [
    ['Subtotal', sale.subtotal_cents],
    ['Tax', sale.tax_cents],
    ['Total', sale.total_cents],
    ...(sale.refunded_cents ? ([['Refunded', sale.refunded_cents]] as [string, number][]) : []),
  ];
  autoTable(doc, {
    startY: y + 4,
    head: [['Qty', 'Item', 'Amount']],
    body: [
      ...(sale.lines ?? []).map((l) => [
        String(l.quantity),
        `${l.product_name ?? ''}${l.returned ? ' (returned)' : ''}${l.serial ? `\nIMEI / serial ${l.serial}` : ''}`,
        money(l.total_cents),
      ]),
      ...totals.map(([label, cents]) => ['', label, money(cents)]),
      ...sale.payments.map((p) => [
        '',
        `Paid by ${paymentMethodLabels[p.method]}`,
        money(p.amount_cents),
      ]),
    ],
    styles: { fontSize: 9, cellPadding: 4 },
    headStyles: { fillColor: [5, 81, 163] },
    columnStyles: { 0: { cellWidth: 32 }, 2: { halign: 'right', cellWidth: 72 } },
    margin: { left, right: left },
  });
  saveFile(doc.output('blob'), `receipt-${String(sale.id)}.pdf`);
}
