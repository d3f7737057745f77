import { b2bInvoices, b2bUpdateColumns, b2bUploadColumns } from '@portal/contract/resources/b2b';
import { ALL_OR_NOTHING, BulkCsvPage } from '../../platform/resources/BulkCsvPage.tsx';
import { useInvalidateResource } from '../../platform/resources/use-resource.ts';

const kinds = {
  upload: {
    title: 'B2B invoices bulk upload',
    columns: b2bUploadColumns,
    url: `${b2bInvoices.path}/bulk-upload`,
    help: 'One invoice line per row; rows of the same account, store and PO number make one draft invoice.',
    failed: 'B2B invoices not uploaded',
    action: 'Upload',
  },
  update: {
    title: 'B2B invoices bulk update',
    columns: b2bUpdateColumns,
    url: `${b2bInvoices.path}/bulk-update`,
    help: 'Each row names a draft invoice by id; an empty cell leaves the field as it is.',
    failed: 'B2B invoices not updated',
    action: 'Update',
  },
} as const;

/** SPEC.md /b2b-sales/invoices/bulk-upload and bulk-update: checked first, saved all or nothing. */
function B2BBulkPage({ kind }: { kind: keyof typeof kinds }) {
  const spec = kinds[kind];
  const invalidate = useInvalidateResource(b2bInvoices);
  return (
    <BulkCsvPage
      title={spec.title}
      columns={spec.columns}
      help={`${spec.help} ${ALL_OR_NOTHING}`}
      send={{ path: spec.url }}
      action={spec.action}
      failed={spec.failed}
      onSaved={invalidate}
    />
  );
}

export const B2BBulkUploadPage = () => <B2BBulkPage kind="upload" />;
export const B2BBulkUpdatePage = () => <B2BBulkPage kind="update" />;
