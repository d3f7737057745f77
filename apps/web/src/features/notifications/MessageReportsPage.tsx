import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
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
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { api } from '../../platform/api.ts';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import { initialTableQuery } from '../../platform/data-table/table-query.ts';
import type { DataColumn, TableQuery } from '../../platform/data-table/table-types.ts';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { hasPermission } from '../auth/session.ts';

const PAGE_SIZE = 20;
const statusOptions = deliveryStatuses.map((status) => ({
  value: status,
  label: deliveryStatusLabels[status],
}));
const isStatus = (value: string | undefined): value is DeliveryStatus =>
  deliveryStatuses.some((status) => status === value);

const when = (value: string | null) => {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
};

interface Params {
  page: number;
  perPage: number;
  status?: DeliveryStatus | undefined;
  recipient?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

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
  const [query, setQuery] = useState<TableQuery>(() => ({
    ...initialTableQuery(),
    pageSize: PAGE_SIZE,
  }));
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const status = query.filters.status;
  const params: Params = {
    page: query.pageIndex,
    perPage: query.pageSize,
    status: isStatus(status) ? status : undefined,
    recipient: (query.filters.to ?? query.search).trim() || undefined,
    from: from || undefined,
    to: to || undefined,
  };
  const list = (values: Params, signal?: AbortSignal) =>
    api.get(path, listDataSchema(messageReportSchema), { signal, query: { ...values } });
  // The same rules the server applies (a half-typed date is not sent).
  const valid = messageReportQuerySchema.safeParse(params).success;
  const reports = useQuery({
    queryKey: ['message-reports', channel, params],
    queryFn: ({ signal }) => list(params, signal).then((reply) => reply.data),
    enabled: valid,
    placeholderData: (previous) => previous,
  });
  const columns = useMemo<readonly DataColumn<MessageReport>[]>(
    () => [
      {
        id: 'created_at',
        header: 'When',
        value: (row) => when(row.created_at),
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
        value: (row) => messageKindLabel(row.kind),
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
        value: (row) => when(row.sent_at),
        sortable: false,
        filter: false,
      },
      {
        id: 'delivered_at',
        header: 'Delivered',
        value: (row) => when(row.delivered_at),
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

  const fetchAll = async () => {
    const reply = await list({ ...params, page: 0, perPage: 5000 });
    return reply.data.results;
  };
  const setDay = (set: (value: string) => void) => (value: string) => {
    set(value);
    setQuery({ ...query, pageIndex: 0 });
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <DataTable
        label={title}
        reportName={title}
        columns={columns}
        rows={reports.data?.results ?? []}
        getRowId={(row) => String(row.id)}
        loading={reports.isFetching}
        server={{ query, onQueryChange: setQuery, total: reports.data?.total ?? 0, fetchAll }}
        emptyMessage="Sorry we could not find any results"
        toolbar={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <TextField
              type="date"
              size="small"
              label="From"
              value={from}
              onChange={(event) => setDay(setFrom)(event.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to || undefined } }}
            />
            <TextField
              type="date"
              size="small"
              label="To"
              value={to}
              onChange={(event) => setDay(setTo)(event.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined } }}
            />
          </Stack>
        }
      />
    </Stack>
  );
}
