import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { adjustmentReasons } from '@portal/contract/resources/catalog';
import {
  inventoryStock,
  stockUpdateColumns,
  stockUploadColumns,
} from '@portal/contract/resources/stock';
import { ALL_OR_NOTHING, BulkCsvPage } from '../../platform/resources/BulkCsvPage.tsx';
import { useInvalidateResource, useResourceList } from '../../platform/resources/use-resource.ts';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { hasPermission } from '../auth/session.ts';
import { stockPaths as paths } from './paths.ts';

const kinds = {
  upload: {
    title: 'Stock bulk upload',
    columns: stockUploadColumns,
    path: '/inventory-stock/bulk-upload',
    example: 'sku,location,quantity,cost,reorder_point\nCASE-001,Main Warehouse,24,4.50,10\n',
    help: 'Each line adds its quantity to the SKU at the warehouse (named as on the Warehouses screen) with the reason below, and sets the cost (dollars) and reorder point where given; a missing stock record is made.',
  },
  update: {
    title: 'Stock bulk update',
    columns: stockUpdateColumns,
    path: '/inventory-stock/bulk-update',
    example:
      'sku,location,reorder_point,reorder_quantity,cost\nCASE-001,Main Warehouse,12,24,4.75\n',
    help: 'Each line changes the reorder point, reorder quantity and cost (dollars) of an existing stock record; an empty cell leaves that field as it is. On hand changes only by movements.',
  },
} as const;

/** /inventory/stock/bulk-upload and bulk-update: a CSV file, checked first, saved all or nothing. */
function StockBulkPage({ kind }: { kind: keyof typeof kinds }) {
  const page = kinds[kind];
  const [reasonId, setReasonId] = useState('');
  const invalidate = useInvalidateResource(inventoryStock);
  const reasons = useResourceList(adjustmentReasons, {
    page: 0,
    perPage: 1000,
    sort: 'name',
  });
  if (!hasPermission('write_inventory_stock')) return <AccessDenied />;
  return (
    <BulkCsvPage
      title={page.title}
      columns={page.columns}
      help={`${page.help} ${ALL_OR_NOTHING}`}
      placeholder={page.example}
      send={{ path: page.path }}
      body={kind === 'upload' ? { reason_id: Number(reasonId) } : undefined}
      ready={kind === 'update' || reasonId !== ''}
      action={kind === 'upload' ? 'Upload' : 'Update'}
      failed="Stock not saved"
      onSaved={invalidate}
      fields={
        kind === 'upload' && (
          <TextField
            select
            label="Reason"
            value={reasonId}
            onChange={(event) => setReasonId(event.target.value)}
            sx={{ maxWidth: 360 }}
            helperText="Recorded with every quantity the file adds"
          >
            {(reasons.data?.results ?? []).map((reason) => (
              <MenuItem key={reason.id} value={String(reason.id)}>
                {String(reason.name)}
              </MenuItem>
            ))}
          </TextField>
        )
      }
      links={
        <Button component={RouterLink} to={paths.records.list}>
          Stock
        </Button>
      }
    />
  );
}

export function StockBulkUploadPage() {
  return <StockBulkPage kind="upload" />;
}

export function StockBulkUpdatePage() {
  return <StockBulkPage kind="update" />;
}
