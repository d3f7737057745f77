import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ContactUsEntry } from '@portal/contract/contact';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import type { DataColumn } from '../../platform/data-table/table-types.ts';
import { RequirePermission } from '../auth/RequirePermission.tsx';
import { fetchContactMessages } from './contact-api.ts';

const TITLE = 'Contact Us Messages';
const when = (value: string) =>
  new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const columns: readonly DataColumn<ContactUsEntry>[] = [
  { id: 'created_at', header: 'Received', value: (row) => when(row.created_at), filter: false },
  { id: 'name', header: 'Name', value: (row) => row.name },
  { id: 'email', header: 'Email', value: (row) => row.email },
  { id: 'phone', header: 'Phone', value: (row) => row.phone },
  { id: 'message', header: 'Message', value: (row) => row.message },
  {
    id: 'landed_as',
    header: 'Landed as',
    value: (row) => (row.landed_as === 'ticket' ? `Ticket #${row.ticket_id ?? ''}` : 'Lead'),
  },
];

function ContactMessages() {
  const messages = useQuery({
    queryKey: ['contact-us-messages'],
    queryFn: ({ signal }) => fetchContactMessages(signal),
  });
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {TITLE}
      </Typography>
      <DataTable
        label={TITLE}
        reportName={TITLE}
        columns={columns}
        rows={messages.data ?? []}
        getRowId={(row) => String(row.id)}
        loading={messages.isFetching}
        emptyMessage="Sorry we could not find any results"
      />
    </Stack>
  );
}

/** /contact-us-messages: what visitors sent through /contact-us (read_contact_us). */
export function ContactMessagesPage() {
  return (
    <RequirePermission permission="read_contact_us">
      <ContactMessages />
    </RequirePermission>
  );
}
