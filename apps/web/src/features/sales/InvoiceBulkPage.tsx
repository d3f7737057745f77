import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink, useLocation } from 'react-router';
import {
  invoiceBulkKinds,
  invoiceFilePaths,
  invoiceFiles,
  type InvoiceBulkKind,
  type InvoiceFile,
} from '@portal/contract/resources/sale-invoices';
import { ALL_OR_NOTHING, BulkCsvPage, engineBulk } from '../../platform/resources/BulkCsvPage.tsx';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { hasPermission } from '../auth/session.ts';
import { invoiceBulkPath, invoiceBulkPageOf } from './invoice-paths.ts';
import { salesPaths } from './paths.ts';

const fileLabels: Record<InvoiceFile, string> = {
  invoices: 'Invoices',
  'accessory-items': 'Accessory items',
  'feature-items': 'Feature items',
};
const kindLabels: Record<InvoiceBulkKind, string> = {
  upload: 'upload',
  update: 'update',
  delete: 'delete',
};
const actionLabels: Record<InvoiceBulkKind, string> = {
  upload: 'Upload',
  update: 'Update',
  delete: 'Delete',
};

const help: Record<InvoiceFile, Record<InvoiceBulkKind, string>> = {
  invoices: {
    upload:
      'Sales from another POS: one line per item or payment, grouped by invoice_number. Give the store (by name), date (YYYY-MM-DD), employee_email and customer_phone (optional, a customer on file) on the first line of an invoice. Amounts are in cents; an empty tax_cents is charged at the store rate. Payments must add up to the invoice total.',
    update:
      'Changes the date, employee, customer or note of imported invoices by invoice_number; an empty cell leaves the field as it is.',
    delete:
      'Deletes imported invoices by invoice_number with their lines. An invoice with a return cannot be deleted.',
  },
  'accessory-items': {
    upload:
      'Adds accessory lines to imported invoices by invoice_number and sku (amounts in cents); the total grows and is paid with payment_method (empty: the first payment).',
    update:
      'Changes the quantity, unit price or tax of an accessory line by invoice_number and sku; the first payment follows the total.',
    delete:
      'Removes accessory lines by invoice_number and sku; an invoice keeps at least one line.',
  },
  'feature-items': {
    upload:
      'Adds feature lines (insurance, hotspot...) to imported invoices by invoice_number and sku (amounts in cents); the total grows and is paid with payment_method (empty: the first payment).',
    update:
      'Changes the quantity, unit price or tax of a feature line by invoice_number and sku; the first payment follows the total.',
    delete: 'Removes feature lines by invoice_number and sku; an invoice keeps at least one line.',
  },
};

/**
 * SPEC.md section 2 "Sales": the bulk upload, update and delete pages of invoices, accessory items
 * and feature items. A CSV file (chosen or pasted) is checked first or sent; nothing is saved
 * unless every line is right, and the problems are listed by line and column.
 */
export function InvoiceBulkPage() {
  const { file, kind } = invoiceBulkPageOf(useLocation().pathname);
  return <InvoiceBulkForm key={`${file}-${kind}`} file={file} kind={kind} />;
}

function InvoiceBulkForm({ file, kind }: { file: InvoiceFile; kind: InvoiceBulkKind }) {
  if (!hasPermission('write_sales')) return <AccessDenied />;
  const bulk = engineBulk(invoiceFilePaths[file], kind === 'upload' ? 'create' : kind);
  return (
    <BulkCsvPage
      title={`${fileLabels[file]} bulk ${kindLabels[kind]}`}
      maxWidth={960}
      header={
        <>
          <Tabs value={file} variant="scrollable" aria-label="Bulk file">
            {invoiceFiles.map((each) => (
              <Tab
                key={each}
                value={each}
                label={fileLabels[each]}
                component={RouterLink}
                to={invoiceBulkPath(each, kind)}
              />
            ))}
          </Tabs>
          <Tabs value={kind} aria-label="Bulk action">
            {invoiceBulkKinds.map((each) => (
              <Tab
                key={each}
                value={each}
                label={`Bulk ${kindLabels[each]}`}
                component={RouterLink}
                to={invoiceBulkPath(file, each)}
              />
            ))}
          </Tabs>
        </>
      }
      columns={{ ...bulk.template, kind }}
      help={`${help[file][kind]} ${ALL_OR_NOTHING}`}
      templateFile={`${file}-bulk-${kind}.csv`}
      send={bulk.send}
      action={actionLabels[kind]}
      danger={kind === 'delete'}
      failed="Nothing was saved"
      links={
        <Button component={RouterLink} to={salesPaths.sales.list}>
          Invoices
        </Button>
      }
    />
  );
}
