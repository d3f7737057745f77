import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { twoFactorStatusSchema } from '@portal/contract/auth';
import { OWN_COMPANY_SETTINGS_PATH } from '@portal/contract/resources/organisation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../platform/api.ts';
import { resourceKeys } from '../../platform/resources/query-keys.ts';
import { failureMessage, successMessage } from '../../platform/resources/outcome.ts';
import { rowParser } from '../../platform/resources/resource-api.ts';
import { referenceSources } from '../../platform/resources/ResourceListPage.tsx';
import { ResourceForm } from '../../platform/resources/ResourceFormPage.tsx';
import { RowLoadError } from '../../platform/resources/ResourceViewPage.tsx';
import { useReferenceData } from '../../platform/resources/use-resource.ts';
import { notify } from '../../platform/toasts.ts';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { FormSection } from '../../platform/ui/settings-form.tsx';
import { fetchTwoFactorStatus, twoFactorQueryKey } from '../auth/auth-api.ts';
import { hasPermission } from '../auth/session.ts';
import { useShellSettings } from '../shell/useShellSettings.ts';
import { MenuSettingsSection } from './MenuSettingsSection.tsx';
import { companyUi } from './organisation-screens.tsx';

const TITLE = 'Company Settings';
const ownCompany = { ...companyUi.resource, path: OWN_COMPANY_SETTINGS_PATH } as const;

/**
 * /my-company-settings (SPEC.md sections 2 and 6): a user with can_edit_own_company_settings edits
 * their own company (GET and PATCH /company-settings) with the company form, whatever their role;
 * Company updated, or the server's message, else Company not updated.
 */
export function MyCompanySettingsPage() {
  if (!hasPermission('can_edit_own_company_settings')) return <AccessDenied />;
  return <Settings />;
}

function Settings() {
  const company = useQuery({
    // Under the companies' keys: a company saved on any screen refreshes this one.
    queryKey: [...resourceKeys(companyUi.resource.name).all, 'own'],
    queryFn: async ({ signal }) =>
      (await api.get(OWN_COMPANY_SETTINGS_PATH, rowParser(ownCompany), { signal })).data,
  });
  const refs = useReferenceData(useMemo(() => referenceSources(companyUi), []));
  const shell = useShellSettings();

  let body;
  if (company.isPending) body = <CircularProgress aria-label={`Loading ${TITLE}`} />;
  else if (company.isError) body = <RowLoadError error={company.error} label={TITLE} />;
  else
    body = (
      <ResourceForm
        key={company.dataUpdatedAt}
        ui={companyUi}
        mode="edit"
        row={company.data}
        refs={refs}
        send={(values) => api.patch(OWN_COMPANY_SETTINGS_PATH, values, rowParser(ownCompany))}
      />
    );
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h5" component="h1">
        {TITLE}
      </Typography>
      {company.data && (
        <Typography color="text.secondary">
          The settings of {String(company.data.name)}: its name, time zone, theme colour, auto
          logout and logo.
        </Typography>
      )}
      {body}
      <CompanyTwoFactor />
      {shell.data && <MenuSettingsSection key={shell.dataUpdatedAt} menu={shell.data.menu} />}
    </Box>
  );
}

/** PUT /auth/2factor/company: every user of the company signs in with a second factor. */
function CompanyTwoFactor() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: twoFactorQueryKey, queryFn: fetchTwoFactorStatus });
  const change = useMutation({
    mutationFn: (required: boolean) =>
      api.put('/auth/2factor/company', { required }, twoFactorStatusSchema),
    onSuccess: (reply) => {
      queryClient.setQueryData(twoFactorQueryKey, reply.data);
      notify.success(successMessage(reply, companyUi.resource.messages.updated));
    },
    onError: (error) =>
      notify.danger(failureMessage(error, companyUi.resource.messages.notUpdated)),
  });
  return (
    <FormSection title="Sign-in security">
      <FormControlLabel
        control={
          <Switch
            checked={status.data?.companyRequired ?? false}
            disabled={!status.data || change.isPending}
            onChange={(event) => change.mutate(event.target.checked)}
          />
        }
        label="Require a second factor of every user (a code by email, or their authenticator app)"
      />
    </FormSection>
  );
}
