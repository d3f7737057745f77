import { listDataSchema } from '@portal/contract/envelope';
import {
  deliveryProviderLabels,
  deliveryStatuses,
  deliveryStatusLabels,
  MAIL_REPORTS_PATH,
  MESSAGE_REPORTS_PERMISSION,
  messageKindLabel,
  messageReportQuerySchema,
  messageReportSchema,
  SMS_REPORTS_PATH,
  type DeliveryStatus,
  type MessageReport,
} from '@portal/contract/message-reports';
import { useMemo } from 'react';
import { api } from '../../platform/api.ts';
import {
  dateTime,
  DayRangeLog,
  type DayRangeParams,
} from '../../platform/data-table/DayRangeLog.tsx';
import type { DataColumn, TableQuery } from '../../platform/data-table/table-types.ts';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { hasPermission } from '../auth/session.ts';

const statusOptions = deliveryStatuses.map((status) => ({
  value: status,
  label: deliveryStatusLabels[status],
}));
const isStatus = (value: string | undefined): value is DeliveryStatus =>
  deliveryStatuses.some((status) => status === value);

interface Filters {
  status?: DeliveryStatus | undefined;
  recipient?: string | undefined;
}
const filtersOf = (query: TableQuery): Filters => {
  const status = query.filters.status;
  return {
    status: isStatus(status) ? status : undefined,
    recipient: (query.filters.to ?? query.search).trim() || undefined,
  };
};
const valid = (params: DayRangeParams<Filters>) =>
  messageReportQuerySchema.safeParse(params).success;

type Channel = 'mail' | 'sms';
const channels = {
  mail: { title: 'Mail Reports', path: MAIL_REPORTS_PATH },
  sms: { title: 'SMS Reports', path: SMS_REPORTS_PATH },
} as const;

/** /mail-reports: the company's mail (notifications, reset links, sign-in codes) and its fate. */
export function MailReportsPage() {
  return <MessageReportsPage channel="mail" />;
}

/** /sms-reports: the company's SMS, through the provider or the outbox, and their fate. */
export function SmsReportsPage() {
  return <MessageReportsPage channel="sms" />;
}

/**
 * The delivery log of one channel (GET /mail-reports or /sms-reports), newest first, for the
 * company's admins: to whom, what, when, through what, its status and error. Filters: status and
 * recipient (columns; search looks in the recipient), and a day range; CSV and PDF export.
 */
function MessageReportsPage({ channel }: { channel: Channel }) {
  if (!hasPermission(MESSAGE_REPORTS_PERMISSION)) return <AccessDenied />;
  return <MessageReports key={channel} channel={channel} />;
}

function MessageReports({ channel }: { channel: Channel }) {
  const { title, path } = channels[channel];
  const list = async (values: DayRangeParams<Filters>, signal?: AbortSignal) =>
    (await api.get(path, listDataSchema(messageReportSchema), { signal, query: { ...values } }))
      .data;
  const columns = useMemo<readonly DataColumn<MessageReport>[]>(
    () => [
      {
        id: 'created_at',
        header: 'When',
        value: (row) => dateTime(row.created_at),
        sortable: false,
        filter: false,
      },
      { id: 'to', header: 'Recipient', value: (row) => row.to, sortable: false },
      {
        id: 'user_name',
        header: 'Name',
        value: (row) => row.user_name,
        sortable: false,
        filter: false,
      },
      {
        id: 'kind',
        header: 'Kind',
        // A purchase order's mail names its order (PO-12), as the order's own pages do.
        value: (row) =>
          row.source?.type === 'purchase_order'
            ? `${messageKindLabel(row.kind)} PO-${row.source.id}`
            : messageKindLabel(row.kind),
        sortable: false,
        filter: false,
      },
      ...(channel === 'mail'
        ? [
            {
              id: 'subject',
              header: 'Subject',
              value: (row: MessageReport) => row.subject,
              sortable: false,
              filter: false as const,
            },
          ]
        : []),
      {
        id: 'summary',
        header: channel === 'mail' ? 'Message' : 'Text',
        value: (row) => row.summary,
        sortable: false,
        filter: false,
      },
      {
        id: 'status',
        header: 'Status',
        value: (row) => deliveryStatusLabels[row.status],
        filterKey: (row) => row.status,
        filter: { options: statusOptions },
        sortable: false,
      },
      {
        id: 'provider',
        header: 'Provider',
        value: (row) =>
          row.provider ? (deliveryProviderLabels[row.provider] ?? row.provider) : null,
        sortable: false,
        filter: false,
      },
      {
        id: 'attempts',
        header: 'Attempts',
        value: (row) => row.attempts,
        sortable: false,
        filter: false,
        align: 'right',
      },
      {
        id: 'sent_at',
        header: 'Sent',
        value: (row) => dateTime(row.sent_at),
        sortable: false,
        filter: false,
      },
      {
        id: 'delivered_at',
        header: 'Delivered',
        value: (row) => dateTime(row.delivered_at),
        sortable: false,
        filter: false,
        hidden: channel === 'mail',
      },
      {
        id: 'last_error',
        header: 'Error',
        value: (row) => row.last_error,
        sortable: false,
        filter: false,
      },
    ],
    [channel],
  );

  return (
    <DayRangeLog
      title={title}
      columns={columns}
      queryKey={['message-reports', channel]}
      filtersOf={filtersOf}
      valid={valid}
      fetch={list}
    />
  );
}
