import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { publicTicketOpenSchema } from '@portal/contract/resources/tickets';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ApiError, FALLBACK_ERROR_MESSAGE } from '../../platform/api.ts';
import { useContractForm } from '../../platform/ui/contract-form.ts';
import { FormStack, FormTextField, Honeypot } from '../../platform/ui/form.tsx';
import { AuthCard } from '../auth/AuthCard.tsx';
import { fetchPublicCenter, openPublicTicket } from './tickets-api.ts';

type Values = z.output<typeof publicTicketOpenSchema>;

const refusal = (error: unknown): string => {
  if (error instanceof ApiError && error.status === 410)
    return 'This link has expired. Ask the store for a new one.';
  if (error instanceof ApiError && error.status === 403)
    return 'This link has been revoked. Ask the store for a new one.';
  if (error instanceof ApiError && error.status === 404) return 'This ticket link is not valid.';
  return error instanceof Error ? error.message : FALLBACK_ERROR_MESSAGE;
};

/**
 * /public/ticket-center?token={store link} (no session): a guest opens a ticket for the store of
 * the link (e.g. a QR code in the store); it lands in the company's ticket center, and the guest
 * gets the ticket's own page to follow it. The `website` field is a honeypot hidden from people.
 */
export function PublicTicketCenterPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const center = useQuery({
    queryKey: ['public-ticket-center', token],
    queryFn: ({ signal }) => fetchPublicCenter(token, signal),
    enabled: token.length > 0,
    retry: false,
    meta: { errorToast: false },
  });
  const form = useContractForm(publicTicketOpenSchema, {
    guard: false,
    defaultValues: {
      token,
      name: '',
      email: '',
      type_id: null,
      subject: '',
      detail: '',
      website: '',
    },
  });
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = form;
  const send = useMutation({
    mutationFn: (values: Values) => openPublicTicket({ ...values, token }),
    onError: (error) => form.serverErrors(error),
  });
  const opened = send.data?.data;

  return (
    <AuthCard title="Ticket Center">
      {!token && <Alert severity="error">This ticket link is not valid.</Alert>}
      {center.isError && <Alert severity="error">{refusal(center.error)}</Alert>}
      {center.data && opened && (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Alert severity="success">{send.data?.message}</Alert>
          {opened.ticket_id !== null && (
            <Typography>
              Your ticket number is <strong>#{opened.ticket_id}</strong>.
            </Typography>
          )}
          {opened.ticket_id !== null && opened.view_token && (
            <Link
              component={RouterLink}
              to={`/public/ticket-view?ticket=${opened.ticket_id}&token=${encodeURIComponent(opened.view_token)}`}
            >
              Follow your ticket
            </Link>
          )}
        </Box>
      )}
      {center.data && !opened && (
        <FormStack onSubmit={(event) => void handleSubmit((values) => send.mutate(values))(event)}>
          <Typography color="text.secondary">
            Tell {center.data.company_name} what needs attention at {center.data.store_name}.
          </Typography>
          {send.isError && <Alert severity="error">{refusal(send.error)}</Alert>}
          <FormTextField registration={register('name')} error={errors.name} label="Name" />
          <FormTextField
            registration={register('email')}
            error={errors.email}
            label="Email"
            type="email"
            autoComplete="email"
          />
          {center.data.types.length > 0 && (
            <Controller
              control={control}
              name="type_id"
              render={({ field }) => (
                <TextField
                  select
                  fullWidth
                  label="Type"
                  value={
                    field.value === null || field.value === undefined ? '' : String(field.value)
                  }
                  onChange={(event) =>
                    field.onChange(event.target.value ? Number(event.target.value) : null)
                  }
                  error={Boolean(errors.type_id)}
                  helperText={errors.type_id?.message}
                >
                  <MenuItem value="">Not sure</MenuItem>
                  {center.data.types.map((type) => (
                    <MenuItem key={type.id} value={String(type.id)}>
                      {type.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
          <FormTextField
            registration={register('subject')}
            error={errors.subject}
            label="Subject"
          />
          <FormTextField
            registration={register('detail')}
            error={errors.detail}
            label="Details"
            multiline
            minRows={4}
          />
          <Honeypot registration={register('website')} />
          <Button type="submit" variant="contained" size="large" loading={send.isPending}>
            Open ticket
          </Button>
        </FormStack>
      )}
    </AuthCard>
  );
}
