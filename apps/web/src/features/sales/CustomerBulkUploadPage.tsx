import { customers } from '@portal/contract/resources/sales';
import { BulkCsvPage, engineBulk } from '../../platform/resources/BulkCsvPage.tsx';

const bulk = engineBulk(customers.path, 'create');

/** SPEC.md /customers/bulkupload: a CSV of customers, checked first, saved all or nothing. */
export function CustomerBulkUploadPage() {
  return (
    <BulkCsvPage
      title="Customers bulk upload"
      columns={bulk.template}
      help="A phone or email already on file is refused by line; nothing is saved unless every line is right."
      send={bulk.send}
      action="Upload"
      failed="Customers not created"
    />
  );
}
