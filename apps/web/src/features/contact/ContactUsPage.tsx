import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { contactUsFormSchema } from '@portal/contract/contact';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { FALLBACK_ERROR_MESSAGE } from '../../platform/api.ts';
import { useContractForm } from '../../platform/ui/contract-form.ts';
import { FormStack, FormTextField, Honeypot } from '../../platform/ui/form.tsx';
import { AuthCard } from '../auth/AuthCard.tsx';
import { fetchPublicCompany, sendContactForm } from './contact-api.ts';

type Values = z.output<typeof contactUsFormSchema>;

/**
 * /contact-us (public, no session): name, email, phone and message for the company of the page
 * (`?company=<id>`, or the portal's first). The `website` field is a honeypot hidden from people.
 */
export function ContactUsPage() {
  const [params] = useSearchParams();
  const named = Number(params.get('company'));
  const company = useQuery({
    queryKey: ['public-company', named || null],
    queryFn: ({ signal }) => fetchPublicCompany(named > 0 ? named : null, signal),
    meta: { errorToast: false },
  });
  const form = useContractForm(contactUsFormSchema, {
    guard: false,
    defaultValues: { company_id: 0, name: '', email: '', phone: '', message: '', website: '' },
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = form;
  const send = useMutation({
    mutationFn: (values: Values) => sendContactForm(values),
    onSuccess: () => reset(),
    onError: (error) => form.serverErrors(error),
  });
  const submit = (values: Values) =>
    company.data && send.mutate({ ...values, company_id: company.data.company_id });

  return (
    <AuthCard title="Contact Us">
      <FormStack
        onSubmit={(event) => {
          if (company.data) form.setValue('company_id', company.data.company_id);
          void handleSubmit(submit)(event);
        }}
      >
        {company.data && (
          <Typography color="text.secondary">
            Send a message to {company.data.name}. We answer by email.
          </Typography>
        )}
        {company.isError && <Alert severity="error">{company.error.message}</Alert>}
        {send.isError && (
          <Alert severity="error">{send.error.message || FALLBACK_ERROR_MESSAGE}</Alert>
        )}
        {send.isSuccess && <Alert severity="success">{send.data.message}</Alert>}
        <FormTextField registration={register('name')} error={errors.name} label="Name" />
        <FormTextField
          registration={register('email')}
          error={errors.email}
          label="Email"
          type="email"
          autoComplete="email"
        />
        <FormTextField
          registration={register('phone')}
          error={errors.phone}
          label="Phone"
          type="tel"
          required={false}
        />
        <FormTextField
          registration={register('message')}
          error={errors.message}
          label="Message"
          multiline
          minRows={4}
        />
        <Honeypot registration={register('website')} />
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={send.isPending}
          disabled={!company.data}
        >
          Send
        </Button>
      </FormStack>
    </AuthCard>
  );
}
