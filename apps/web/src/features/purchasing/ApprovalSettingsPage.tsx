import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { settingOverviewSchema } from '@portal/contract/platform';
import {
  accessLevelLabels,
  APPROVAL_LIMIT_SETTING,
  APPROVAL_TIERS_SETTING,
  approvalTiersSchema,
  DEFAULT_APPROVAL_LIMIT_CENTS,
} from '@portal/contract/resources/purchasing';
import { api } from '../../platform/api.ts';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { formatCents } from '../../platform/resources/DocumentPanels.tsx';
import { notify } from '../../platform/toasts.ts';
import { FormStack, FormTextField } from '../../platform/ui/form.tsx';
import { FormSection, FormFooter } from '../../platform/ui/settings-form.tsx';
import { hasPermission } from '../auth/session.ts';

interface TierValues {
  from_cents: string;
  min_access_level: string;
  label: string;
}
interface Values {
  limit_cents: string;
  tiers: TierValues[];
}

const companyValue = (overview: { values: { scope: string; value: unknown }[] }) =>
  overview.values.find((value) => value.scope === 'company')?.value;

async function readSettings(signal: AbortSignal): Promise<Values> {
  const [limit, tiers] = await Promise.all([
    api.get(`/org-settings/${APPROVAL_LIMIT_SETTING}`, settingOverviewSchema, { signal }),
    api.get(`/org-settings/${APPROVAL_TIERS_SETTING}`, settingOverviewSchema, { signal }),
  ]);
  const savedLimit = companyValue(limit.data);
  const savedTiers = approvalTiersSchema.safeParse(companyValue(tiers.data) ?? []);
  return {
    limit_cents: String(typeof savedLimit === 'number' ? savedLimit : DEFAULT_APPROVAL_LIMIT_CENTS),
    tiers: (savedTiers.success ? savedTiers.data : []).map((tier) => ({
      from_cents: String(tier.from_cents),
      min_access_level: String(tier.min_access_level),
      label: tier.label,
    })),
  };
}

const toPut = (value: unknown) => ({ scope: 'company', scope_id: 0, value });

/**
 * /inventory/purchase-order/approval-settings: the company's approval limit and its tiers. With
 * tiers, an order above a tier's amount needs an approver of at least the tier's rank (the lowest
 * tier's amount is then the limit); nobody approves their own order unless of the top tier's rank.
 */
export function ApprovalSettingsPage() {
  const allowed = hasPermission('can_edit_own_company_settings');
  const queryClient = useQueryClient();
  const saved = useQuery({
    queryKey: ['purchasing', 'approval-settings'],
    queryFn: ({ signal }) => readSettings(signal),
    enabled: allowed,
  });
  const form = useForm<Values>({ defaultValues: { limit_cents: '', tiers: [] } });
  const tiers = useFieldArray({ control: form.control, name: 'tiers' });
  const limitNow = Number(useWatch({ control: form.control, name: 'limit_cents' }));
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (saved.data) form.reset(saved.data);
  }, [saved.data, form]);

  const save = useMutation({
    mutationFn: async (values: Values) => {
      const limit = Number(values.limit_cents);
      if (!Number.isInteger(limit) || limit < 0)
        throw new Error('Enter the limit in whole cents (500000 is $5,000.00)');
      const parsed = approvalTiersSchema.safeParse(
        values.tiers.map((tier) => ({
          from_cents: Number(tier.from_cents),
          min_access_level: Number(tier.min_access_level),
          label: tier.label,
        })),
      );
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Check the tiers');
      await api.put(`/org-settings/${APPROVAL_LIMIT_SETTING}`, toPut(limit), settingOverviewSchema);
      return api.put(
        `/org-settings/${APPROVAL_TIERS_SETTING}`,
        toPut(parsed.data.length ? parsed.data : null),
        settingOverviewSchema,
      );
    },
    onMutate: () => setProblem(null),
    onSuccess: async (reply) => {
      notify.success(reply.message);
      await queryClient.invalidateQueries({ queryKey: ['purchasing', 'approval-settings'] });
    },
    onError: (error) => setProblem(error.message),
  });

  if (!allowed) return <AccessDenied />;
  if (saved.isPending) return <CircularProgress aria-label="Loading approval settings" />;
  if (saved.isError) return <Alert severity="error">{saved.error.message}</Alert>;
  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      <Typography variant="h5" component="h1">
        Purchase Order Approvals
      </Typography>
      <FormStack onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <FormSection title="Approval limit">
          <FormTextField
            registration={form.register('limit_cents')}
            label="Orders above this amount (cents) need approval"
            helperText={`${Number.isFinite(limitNow) ? (formatCents(limitNow) ?? '') : ''}: used when no tiers are set`}
            htmlInput={{ inputMode: 'numeric' }}
          />
        </FormSection>
        <FormSection title="Approval tiers">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            An order above a tier’s amount needs an approver of that tier’s rank or higher (the
            highest tier it is above applies). With tiers, the lowest tier’s amount replaces the
            limit. Nobody approves an order they wrote, except at the top tier’s rank.
          </Typography>
          <Stack spacing={2}>
            {tiers.fields.map((field, index) => (
              <Box
                key={field.id}
                role="group"
                aria-label={`Tier ${index + 1}`}
                sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr 1fr auto', gap: 2 }}
              >
                <FormTextField
                  registration={form.register(`tiers.${index}.from_cents`)}
                  label="Above (cents)"
                  htmlInput={{ inputMode: 'numeric' }}
                />
                <Controller
                  control={form.control}
                  name={`tiers.${index}.min_access_level`}
                  render={({ field: select }) => (
                    <FormControl fullWidth>
                      <InputLabel id={`tier-${field.id}-rank`}>Who may approve</InputLabel>
                      <Select
                        labelId={`tier-${field.id}-rank`}
                        label="Who may approve"
                        value={select.value}
                        onChange={(event) => select.onChange(event.target.value)}
                      >
                        {Object.entries(accessLevelLabels).map(([level, label]) => (
                          <MenuItem key={level} value={level}>
                            {label} or higher
                          </MenuItem>
                        ))}
                      </Select>
                    </FormControl>
                  )}
                />
                <FormTextField
                  registration={form.register(`tiers.${index}.label`)}
                  label="Tier name"
                  placeholder="District manager"
                />
                <Button onClick={() => tiers.remove(index)} aria-label={`Remove tier ${index + 1}`}>
                  Remove
                </Button>
              </Box>
            ))}
            <Button
              variant="outlined"
              sx={{ alignSelf: 'start' }}
              onClick={() => tiers.append({ from_cents: '', min_access_level: '3', label: '' })}
            >
              Add tier
            </Button>
          </Stack>
        </FormSection>
        <FormFooter problems={problem} pending={save.isPending} />
      </FormStack>
    </Stack>
  );
}
