import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { scopeOptionsSchema } from '@portal/contract/oneview';
import {
  settingOverviewSchema,
  settingVariantKey,
  type SettingScope,
} from '@portal/contract/platform';
import {
  carriers,
  SALES_REMORSE_DAYS,
  SALES_RESTOCKING_FEE,
} from '@portal/contract/resources/sales';
import { api } from '../../platform/api.ts';
import { notify } from '../../platform/toasts.ts';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { FormStack, FormTextField } from '../../platform/ui/form.tsx';
import { FormFooter } from '../../platform/ui/settings-form.tsx';
import { parseScopeKey, scopeKey, ScopeSelect } from '../../platform/ui/ScopeSelect.tsx';
import { hasPermission } from '../auth/session.ts';

/** The rows of the screen: the general rule, then each carrier's. */
const rules = [
  { name: 'All carriers', carrier: null },
  ...carriers.map((carrier) => ({ name: carrier, carrier })),
] as const;

const keyOf = (setting: string, carrier: string | null) =>
  carrier ? (settingVariantKey(setting, carrier) ?? setting) : setting;

interface RuleValues {
  days: string;
  fee: string;
}
interface Values {
  rules: RuleValues[];
}
type Stored = Map<string, { scope: SettingScope; scope_id: number; value: unknown }[]>;

const keys = rules.flatMap((rule) => [
  keyOf(SALES_REMORSE_DAYS, rule.carrier),
  keyOf(SALES_RESTOCKING_FEE, rule.carrier),
]);

async function readRules(signal: AbortSignal): Promise<Stored> {
  const replies = await Promise.all(
    keys.map((key) => api.get(`/org-settings/${key}`, settingOverviewSchema, { signal })),
  );
  return new Map(replies.map((reply, index) => [keys[index] ?? '', reply.data.values]));
}

/** A level's value of one key as the field shows it: '' when the level does not set it. */
function fieldOf(stored: Stored, key: string, level: { scope: SettingScope; id: number }): string {
  const found = stored
    .get(key)
    ?.find((value) => value.scope === level.scope && value.scope_id === level.id);
  return typeof found?.value === 'number' ? String(found.value) : '';
}

const valuesAt = (stored: Stored, level: { scope: SettingScope; id: number }): Values => ({
  rules: rules.map((rule) => ({
    days: fieldOf(stored, keyOf(SALES_REMORSE_DAYS, rule.carrier), level),
    fee: fieldOf(stored, keyOf(SALES_RESTOCKING_FEE, rule.carrier), level),
  })),
});

/** A field's text as the value to store: null (not set here) when empty. */
function parsed(text: string, what: string, max: number, whole: boolean): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value < 0 || value > max || (whole && !Number.isInteger(value)))
    throw new Error(`${what}: enter ${whole ? 'whole days' : 'a percent'} from 0 to ${max}`);
  return value;
}

/**
 * /returns-refunds/settings: the return rules (issue 17 item 5), per carrier and in general, for
 * the company or one region, district or store (settings inherited down the org tree). A field left
 * empty is not set at that level: the carrier's rule of the nearest level that has one applies, at
 * one level a carrier's rule beats the general one, and the general one is the fallback.
 */
export function ReturnRulesPage() {
  const allowed = hasPermission('can_edit_own_company_settings');
  const queryClient = useQueryClient();
  const [levelKey, setLevelKey] = useState(scopeKey('company', null));
  const parsedLevel = parseScopeKey(levelKey);
  const level = { scope: parsedLevel?.level ?? 'company', id: parsedLevel?.id ?? 0 } as const;
  const scopes = useQuery({
    queryKey: ['sales', 'return-rules', 'scopes'],
    queryFn: ({ signal }) =>
      api.get('/oneview/scopes', scopeOptionsSchema, { signal }).then((r) => r.data),
    enabled: allowed,
  });
  const saved = useQuery({
    queryKey: ['sales', 'return-rules'],
    queryFn: ({ signal }) => readRules(signal),
    enabled: allowed,
  });
  const form = useForm<Values>({
    defaultValues: { rules: rules.map(() => ({ days: '', fee: '' })) },
  });
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (saved.data) form.reset(valuesAt(saved.data, level));
    // The level's values, when they load and when another level is chosen.
  }, [saved.data, form, level.scope, level.id]); // eslint-disable-line react-hooks/exhaustive-deps

  const save = useMutation({
    mutationFn: async (values: Values) => {
      if (!saved.data) return 0;
      const before = valuesAt(saved.data, level);
      const changes: { key: string; value: number | null }[] = [];
      rules.forEach((rule, index) => {
        const now = values.rules[index];
        const was = before.rules[index];
        if (!now || !was) return;
        if (now.days.trim() !== was.days)
          changes.push({
            key: keyOf(SALES_REMORSE_DAYS, rule.carrier),
            value: parsed(now.days, `${rule.name} return window`, 365, true),
          });
        if (now.fee.trim() !== was.fee)
          changes.push({
            key: keyOf(SALES_RESTOCKING_FEE, rule.carrier),
            value: parsed(now.fee, `${rule.name} restocking fee`, 100, false),
          });
      });
      for (const change of changes)
        await api.put(
          `/org-settings/${change.key}`,
          { scope: level.scope, scope_id: level.id, value: change.value },
          settingOverviewSchema,
        );
      return changes.length;
    },
    onMutate: () => setProblem(null),
    onSuccess: async (count) => {
      notify.success(count ? 'Return rules saved' : 'Nothing changed');
      await queryClient.invalidateQueries({ queryKey: ['sales', 'return-rules'] });
    },
    onError: (error) => setProblem(error.message),
  });

  if (!allowed) return <AccessDenied />;
  if (saved.isPending) return <CircularProgress aria-label="Loading return rules" />;
  if (saved.isError) return <Alert severity="error">{saved.error.message}</Alert>;
  return (
    <Stack spacing={2} sx={{ maxWidth: 900, minWidth: 0 }}>
      <Typography variant="h5" component="h1">
        Return Rules
      </Typography>
      <Typography variant="body2" color="text.secondary">
        The return window (days after the sale without a manager’s override) and the restocking fee
        of a buyers remorse return, per carrier. An empty field is not set at this level: the
        nearest level that sets a rule applies, and at one level a carrier’s rule comes before the
        rule for all carriers (14 days and no fee when nothing is set).
      </Typography>
      <ScopeSelect
        label="Level"
        value={levelKey}
        onChange={setLevelKey}
        options={scopes.data}
        sx={{ maxWidth: 420 }}
      />
      <FormStack onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <Stack spacing={2}>
          {rules.map((rule, index) => (
            <Box
              key={rule.name}
              role="group"
              aria-label={rule.name}
              sx={{
                display: 'grid',
                // On a phone the two fields stack, at full width, so their labels show whole.
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '160px 1fr 1fr' },
                gap: 2,
                alignItems: 'center',
              }}
            >
              <Typography sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, fontWeight: 500 }}>
                {rule.name}
              </Typography>
              <FormTextField
                registration={form.register(`rules.${index}.days`)}
                label="Return window (days)"
                required={false}
                htmlInput={{
                  inputMode: 'numeric',
                  'aria-label': `${rule.name} return window (days)`,
                }}
              />
              <FormTextField
                registration={form.register(`rules.${index}.fee`)}
                label="Restocking fee (%)"
                required={false}
                htmlInput={{
                  inputMode: 'decimal',
                  'aria-label': `${rule.name} restocking fee (%)`,
                }}
              />
            </Box>
          ))}
        </Stack>
        <FormFooter problems={problem} pending={save.isPending} />
      </FormStack>
    </Stack>
  );
}
