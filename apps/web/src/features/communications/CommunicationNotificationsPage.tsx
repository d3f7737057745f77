import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  bulletinSendQuerySchema,
  type BulletinSend,
  type BulletinSendRecipient,
  type ChannelCounts,
} from '@portal/contract/communications';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import {
  dateTime,
  DayRangeLog,
  type DayRangeParams,
} from '../../platform/data-table/DayRangeLog.tsx';
import type { DataColumn, TableQuery } from '../../platform/data-table/table-types.ts';
import { parseRouteId } from '../../platform/resources/paths.ts';
import { RequirePermission } from '../auth/RequirePermission.tsx';
import { communicationKeys, fetchSendDetail, fetchSends } from './communications-api.ts';
import { communicationPaths } from './paths.ts';

interface Filters {
  search?: string | undefined;
}
const filtersOf = (query: TableQuery): Filters => ({
  search: (query.filters.title ?? query.search).trim() || undefined,
});
const valid = (params: DayRangeParams<Filters>) =>
  bulletinSendQuerySchema.safeParse(params).success;

/** "3 of 12" for a channel that sent something, "off" for one not chosen, else nothing. */
const of = (part: number, counts: ChannelCounts, on: boolean) =>
  counts.total ? `${part} of ${counts.total}` : on ? '0' : 'Off';
const number = (id: string, header: string, value: (row: BulletinSend) => number | string) =>
  ({
    id,
    header,
    value,
    sortable: false,
    filter: false,
    align: 'right',
  }) satisfies DataColumn<BulletinSend>;

const detailPath = (id: number) => communicationPaths.notifications.replace(':id', String(id));

/**
 * /communications/notifications: what each bulletin sent when published (and at material edits),
 * newest first: whom it reaches, how many notices in the app were read, mails and SMS sent,
 * delivered or failed, and how many acknowledged; a title opens the person-by-person view.
 */
export function CommunicationNotificationsPage() {
  const columns = useMemo<readonly DataColumn<BulletinSend>[]>(
    () => [
      {
        id: 'version_at',
        header: 'Published',
        value: (row) => dateTime(row.version_at),
        sortable: false,
        filter: false,
      },
      {
        id: 'title',
        header: 'Bulletin',
        value: (row) => row.title,
        cell: (row) => (
          <Link component={RouterLink} to={detailPath(row.id)}>
            {row.title}
          </Link>
        ),
        sortable: false,
      },
      number('version', 'Version', (row) => row.version),
      number('recipients', 'Recipients', (row) => row.recipients),
      number('in_app_read', 'Read in app', (row) =>
        of(row.in_app.read, row.in_app, row.channels.in_app),
      ),
      number('mail_sent', 'Mail sent', (row) => of(row.mail.sent, row.mail, row.channels.mail)),
      number('mail_failed', 'Mail failed', (row) => row.mail.failed),
      number('sms_sent', 'SMS sent', (row) => of(row.sms.sent, row.sms, row.channels.sms)),
      number('sms_delivered', 'SMS delivered', (row) => row.sms.delivered),
      number('sms_failed', 'SMS failed', (row) => row.sms.failed),
      number('acknowledged', 'Acknowledged', (row) => `${row.acknowledged} of ${row.recipients}`),
      number('escalated', 'Escalated', (row) => row.escalated),
    ],
    [],
  );
  return (
    <RequirePermission permission="read_bulletins">
      <DayRangeLog
        title="Communication Notifications"
        columns={columns}
        queryKey={['communications', 'sends']}
        filtersOf={filtersOf}
        valid={valid}
        fetch={fetchSends}
      />
    </RequirePermission>
  );
}

const stateLabels: Record<string, string> = {
  unread: 'Unread',
  read: 'Read',
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
};
const stateOf = (value: string | null) => (value === null ? null : (stateLabels[value] ?? value));
const peopleColumns: readonly DataColumn<BulletinSendRecipient>[] = [
  { id: 'name', header: 'Name', value: (row) => row.name },
  { id: 'in_app', header: 'In app', value: (row) => stateOf(row.in_app) },
  { id: 'mail', header: 'Mail', value: (row) => stateOf(row.mail) },
  { id: 'sms', header: 'SMS', value: (row) => stateOf(row.sms) },
  {
    id: 'acknowledged_at',
    header: 'Acknowledged',
    value: (row) => dateTime(row.acknowledged_at) ?? 'No',
  },
  { id: 'escalated', header: 'Escalated', value: (row) => (row.escalated ? 'Yes' : 'No') },
];

/** /communications/notifications/{id}: one bulletin's sending, person by person. */
export function CommunicationNotificationDetailPage() {
  const id = parseRouteId(useParams().id);
  const detail = useQuery({
    queryKey: communicationKeys.send(id ?? 0),
    queryFn: ({ signal }) => fetchSendDetail(id ?? 0, signal),
    enabled: id !== null,
  });
  const data = detail.data;
  return (
    <RequirePermission permission="read_bulletins">
      <Stack spacing={2}>
        <Button
          component={RouterLink}
          to={communicationPaths.notificationsList}
          sx={{ alignSelf: 'start' }}
        >
          Back to Communication Notifications
        </Button>
        {detail.isError && <Alert severity="error">{detail.error.message}</Alert>}
        {data && (
          <>
            <Typography variant="h5" component="h1">
              {data.title}
            </Typography>
            <Typography color="text.secondary">
              Version {data.version}, published {dateTime(data.version_at)}: {data.acknowledged} of{' '}
              {data.recipients} acknowledged; in the app {data.in_app.read} of {data.in_app.total}{' '}
              read; mail {data.mail.sent} of {data.mail.total} sent; SMS {data.sms.sent} of{' '}
              {data.sms.total} sent.
            </Typography>
            <DataTable
              label="Recipients"
              reportName={`Bulletin ${data.id} recipients`}
              columns={peopleColumns}
              rows={data.people}
              getRowId={(row) => String(row.id)}
              emptyMessage="Sorry we could not find any results"
            />
          </>
        )}
      </Stack>
    </RequirePermission>
  );
}
