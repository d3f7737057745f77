import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { z } from 'zod';
import {
  purchaseOrderEmailSchema,
  purchaseOrders,
  sendableStatuses,
  type PurchaseOrderEmail,
} from '@portal/contract/resources/purchasing';
import { api } from '../../platform/api.ts';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import type { DataColumn } from '../../platform/data-table/table-types.ts';
import { formatDate } from '../../platform/resources/columns.tsx';
import { parseRouteId, withId } from '../../platform/resources/paths.ts';
import { resourceKeys } from '../../platform/resources/query-keys.ts';
import type { ResourceRow } from '../../platform/resources/resource-api.ts';
import { useInvalidateResource, useResourceRow } from '../../platform/resources/use-resource.ts';
import { notify } from '../../platform/toasts.ts';
import { hasPermission } from '../auth/session.ts';
import { purchasingPaths as paths } from './paths.ts';

const emailList = z.array(purchaseOrderEmailSchema);
const emailsKey = (id: number) => [...resourceKeys(purchaseOrders.name).detail(id), 'emails'];

const when = (value: string) =>
  `${formatDate(value) ?? value} ${new Date(value).toLocaleTimeString()}`;

/** "Send to supplier" (or Resend): mails the order and refreshes the order and its emails. */
export function SendToSupplierButton({ row }: { row: ResourceRow }) {
  const queryClient = useQueryClient();
  const invalidateOrder = useInvalidateResource(purchaseOrders);
  const send = useMutation({
    mutationFn: () =>
      api.post(`${purchaseOrders.path}/${row.id}/send-to-supplier`, {}, purchaseOrderEmailSchema),
    onSuccess: (reply) => notify.success(reply.message),
    onError: (error) => notify.danger(error.message),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: emailsKey(row.id) });
      await invalidateOrder();
    },
  });
  const status = String(row.status);
  if (!hasPermission('write_purchase_orders') || !sendableStatuses.some((s) => s === status))
    return null;
  return (
    <Button
      variant="contained"
      disabled={send.isPending}
      onClick={() => send.mutate()}
      sx={{ justifySelf: 'start' }}
    >
      {status === 'approved' ? 'Send to supplier' : 'Resend to supplier'}
    </Button>
  );
}

/** The mails of one order, newest first: to, subject, when, by whom, whether it went. */
export function OrderEmailsTable({ id }: { id: number }) {
  const emails = useQuery({
    queryKey: emailsKey(id),
    queryFn: async ({ signal }) =>
      (await api.get(`${purchaseOrders.path}/${id}/emails`, emailList, { signal })).data,
  });
  const columns = useMemo(
    (): DataColumn<PurchaseOrderEmail>[] => [
      { id: 'sent_at', header: 'When', value: (mail) => when(mail.sent_at) },
      { id: 'to', header: 'To', value: (mail) => mail.to },
      { id: 'subject', header: 'Subject', value: (mail) => mail.subject },
      { id: 'sent_by', header: 'By', value: (mail) => mail.sent_by_name ?? '' },
      {
        id: 'status',
        header: 'Status',
        value: (mail) => (mail.status === 'sent' ? 'Sent' : `Failed: ${mail.error ?? ''}`),
      },
    ],
    [],
  );
  return (
    <>
      {emails.isError && <Alert severity="error">{emails.error.message}</Alert>}
      <DataTable
        label="Emails to the supplier"
        reportName={`Purchase order ${id} emails`}
        columns={columns}
        rows={emails.data ?? []}
        getRowId={(mail) => String(mail.id)}
        loading={emails.isPending}
        emptyMessage="Nothing was mailed to the supplier yet."
      />
    </>
  );
}

/** The purchase order view's Supplier mail tab. */
export function OrderEmailsTab({ row }: { row: ResourceRow }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <SendToSupplierButton row={row} />
      <OrderEmailsTable id={row.id} />
    </Box>
  );
}

/** SPEC.md /inventory/purchase-order/:id/emails: what was mailed to the supplier for an order. */
export function PurchaseOrderEmailsPage() {
  const id = parseRouteId(useParams().id);
  const order = useResourceRow(purchaseOrders, id);
  if (id === null || order.isError)
    return <Alert severity="error">{order.error?.message ?? 'Purchase Order not found'}</Alert>;
  const reference =
    order.data && typeof order.data.reference === 'string' ? order.data.reference : '';
  return (
    <Stack spacing={2}>
      <Button
        component={RouterLink}
        to={withId(paths.purchaseOrders.view ?? paths.purchaseOrders.list, id)}
        startIcon={<ArrowBackIcon />}
        sx={{ alignSelf: 'start' }}
      >
        Purchase order #{id}
      </Button>
      <Typography variant="h5" component="h1">
        Emails of purchase order #{id}
        {reference ? ` (${reference})` : ''}
      </Typography>
      {order.data && <SendToSupplierButton row={order.data} />}
      <OrderEmailsTable id={id} />
    </Stack>
  );
}
