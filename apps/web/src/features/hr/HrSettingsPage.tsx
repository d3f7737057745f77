import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  breakKinds,
  companyHrSettingsSchema,
  companyHrSettingsUpdateSchema,
  storeHrSettingsSchema,
  storeHrSettingsUpdateSchema,
  type BreakKind,
  type CompanyHrSettings,
  type StoreHrSettings,
} from '@portal/contract/hr';
import type { FieldErrors } from '@portal/contract/envelope';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { api, ApiError } from '../../platform/api.ts';
import { notify } from '../../platform/toasts.ts';
import { InheritSelect } from '../../platform/ui/InheritSelect.tsx';
import { hasPermission } from '../auth/session.ts';
import { FaceSettingsCard } from '../hr-face/FaceSettingsCard.tsx';

const settingsKeys = {
  company: ['hr', 'settings', 'company'] as const,
  store: (storeId: number) => ['hr', 'settings', 'store', storeId] as const,
  stores: ['hr', 'settings', 'stores'] as const,
};

const storeOptionSchema = z.object({
  results: z.array(z.object({ id: z.number(), name: z.string() })),
});

/** zod issues and server field errors, by field path. */
function issuesOf(error: z.ZodError): FieldErrors {
  const result: FieldErrors = {};
  for (const issue of error.issues)
    (result[issue.path.join('.') || 'form'] ??= []).push(issue.message);
  return result;
}
const serverErrors = (error: unknown): FieldErrors =>
  error instanceof ApiError ? error.fieldErrors : {};

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

function CompanySettingsForm({
  current,
  canWrite,
}: {
  current: CompanyHrSettings;
  canWrite: boolean;
}) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    geolocation_restriction_required: current.geolocation_restriction_required,
    geofence_mode: current.geofence_mode,
    auto_clockout_grace_minutes: String(current.auto_clockout_grace_minutes),
    max_shift_hours: String(current.max_shift_hours),
    overtime_daily_minutes: String(current.overtime_daily_minutes),
    overtime_weekly_minutes: String(current.overtime_weekly_minutes),
    week_start_day: current.week_start_day,
    pay_period: current.pay_period,
    pay_period_anchor: current.pay_period_anchor,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation({
    mutationFn: (body: unknown) =>
      api.post('/hr-settings-companies', body, companyHrSettingsSchema),
    onSuccess: (reply) => {
      notify.success(reply.message);
      queryClient.setQueryData(settingsKeys.company, reply.data);
    },
    // SPEC.md section 8: a failure raises only an error state, no message.
    onError: (error) => setErrors(serverErrors(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = companyHrSettingsUpdateSchema.safeParse({
      ...form,
      auto_clockout_grace_minutes: numberOrNull(form.auto_clockout_grace_minutes) ?? undefined,
      max_shift_hours: numberOrNull(form.max_shift_hours) ?? undefined,
      overtime_daily_minutes: numberOrNull(form.overtime_daily_minutes) ?? undefined,
      overtime_weekly_minutes: numberOrNull(form.overtime_weekly_minutes) ?? undefined,
    });
    setErrors(parsed.success ? {} : issuesOf(parsed.error));
    if (parsed.success) save.mutate(parsed.data);
  };
  return (
    <Card component="form" onSubmit={submit} aria-labelledby="hr-company-settings" noValidate>
      <CardContent>
        <Stack spacing={2}>
          <Typography id="hr-company-settings" variant="h6" component="h2">
            Company HR settings
          </Typography>
          <FormControlLabel
            control={
              <Switch
                checked={form.geolocation_restriction_required}
                onChange={(event) =>
                  setForm({ ...form, geolocation_restriction_required: event.target.checked })
                }
              />
            }
            label="Location required for every punch"
          />
          <TextField
            select
            label="Geofence mode"
            value={form.geofence_mode}
            onChange={(event) =>
              setForm({ ...form, geofence_mode: event.target.value === 'block' ? 'block' : 'warn' })
            }
            helperText="Warn: accept and flag a punch outside the area. Block: refuse it."
          >
            <MenuItem value="warn">Warn</MenuItem>
            <MenuItem value="block">Block</MenuItem>
          </TextField>
          <TextField
            label="Auto clock-out grace (minutes)"
            type="number"
            value={form.auto_clockout_grace_minutes}
            onChange={(event) =>
              setForm({ ...form, auto_clockout_grace_minutes: event.target.value })
            }
            error={Boolean(errors.auto_clockout_grace_minutes)}
            helperText={
              errors.auto_clockout_grace_minutes?.[0] ??
              'Timecards left open this long after the schedule ends are clocked out.'
            }
          />
          <TextField
            label="Longest shift without a schedule (hours)"
            type="number"
            value={form.max_shift_hours}
            onChange={(event) => setForm({ ...form, max_shift_hours: event.target.value })}
            error={Boolean(errors.max_shift_hours)}
            helperText={errors.max_shift_hours?.[0]}
          />
          <TimesheetSettingsFields form={form} setForm={setForm} errors={errors} />
          <Stack direction="row" justifyContent="flex-end">
            <Button type="submit" variant="contained" disabled={!canWrite} loading={save.isPending}>
              Save company settings
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

const weekDays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const payPeriods = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'biweekly', label: 'Every two weeks' },
  { value: 'semimonthly', label: 'Twice a month (1st-15th, 16th-end)' },
] as const;

interface TimesheetSettingsForm {
  overtime_daily_minutes: string;
  overtime_weekly_minutes: string;
  week_start_day: number;
  pay_period: CompanyHrSettings['pay_period'];
  pay_period_anchor: string;
}

/** Overtime thresholds, the overtime week and the pay period (timesheets, payroll export). */
function TimesheetSettingsFields<F extends TimesheetSettingsForm>({
  form,
  setForm,
  errors,
}: {
  form: F;
  setForm: (form: F) => void;
  errors: FieldErrors;
}) {
  return (
    <>
      <TextField
        label="Daily overtime after (minutes, 0 = none)"
        type="number"
        value={form.overtime_daily_minutes}
        onChange={(event) => setForm({ ...form, overtime_daily_minutes: event.target.value })}
        error={Boolean(errors.overtime_daily_minutes)}
        helperText={errors.overtime_daily_minutes?.[0] ?? '480 = 8 hours a day'}
      />
      <TextField
        label="Weekly overtime after (minutes, 0 = none)"
        type="number"
        value={form.overtime_weekly_minutes}
        onChange={(event) => setForm({ ...form, overtime_weekly_minutes: event.target.value })}
        error={Boolean(errors.overtime_weekly_minutes)}
        helperText={
          errors.overtime_weekly_minutes?.[0] ??
          '2400 = 40 hours a week; daily overtime does not count towards it'
        }
      />
      <TextField
        select
        label="Overtime week starts on"
        value={String(form.week_start_day)}
        onChange={(event) => setForm({ ...form, week_start_day: Number(event.target.value) })}
      >
        {weekDays.map((day, index) => (
          <MenuItem key={day} value={String(index)}>
            {day}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Pay period"
        value={form.pay_period}
        onChange={(event) =>
          setForm({
            ...form,
            pay_period: payPeriods.find((p) => p.value === event.target.value)?.value ?? 'biweekly',
          })
        }
      >
        {payPeriods.map((p) => (
          <MenuItem key={p.value} value={p.value}>
            {p.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="First day of a pay period"
        type="date"
        value={form.pay_period_anchor}
        onChange={(event) => setForm({ ...form, pay_period_anchor: event.target.value })}
        error={Boolean(errors.pay_period_anchor)}
        helperText={errors.pay_period_anchor?.[0] ?? 'Weekly and two-weekly periods repeat from it'}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </>
  );
}

type Tri = 'inherit' | 'yes' | 'no';
interface BreakRow {
  offered: boolean;
  duration: string;
  is_paid: boolean;
  is_mandatory: boolean;
}

function StoreSettingsForm({ current, canWrite }: { current: StoreHrSettings; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const [policy, setPolicy] = useState({
    required: (current.geolocation_restriction_required === null
      ? 'inherit'
      : current.geolocation_restriction_required
        ? 'yes'
        : 'no') as Tri,
    mode: current.geofence_mode ?? 'inherit',
    latitude: current.geofence_latitude === null ? '' : String(current.geofence_latitude),
    longitude: current.geofence_longitude === null ? '' : String(current.geofence_longitude),
    radius: current.geofence_radius === null ? '' : String(current.geofence_radius),
  });
  const [breaks, setBreaks] = useState<Record<BreakKind, BreakRow>>(() => {
    const row = (kind: BreakKind): BreakRow => {
      const found = current.breaks.find((b) => b.short_description === kind);
      return {
        offered: Boolean(found),
        duration: found ? String(found.duration) : kind === 'Lunch Break' ? '30' : '15',
        is_paid: found?.is_paid ?? kind === 'Coffee Break',
        is_mandatory: found?.is_mandatory ?? false,
      };
    };
    return { 'Lunch Break': row('Lunch Break'), 'Coffee Break': row('Coffee Break') };
  });
  // Server and schema errors name a break by its place among the offered ones.
  const offered = breakKinds.filter((kind) => breaks[kind].offered);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation({
    mutationFn: (body: unknown) => api.post('/hr-settings-stores', body, storeHrSettingsSchema),
    onSuccess: (reply) => {
      notify.success(reply.message);
      queryClient.setQueryData(settingsKeys.store(current.store_id), reply.data);
    },
    onError: (error) => setErrors(serverErrors(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = storeHrSettingsUpdateSchema.safeParse({
      store_id: current.store_id,
      geolocation_restriction_required:
        policy.required === 'inherit' ? null : policy.required === 'yes',
      geofence_mode: policy.mode === 'inherit' ? null : policy.mode,
      geofence_latitude: numberOrNull(policy.latitude),
      geofence_longitude: numberOrNull(policy.longitude),
      geofence_radius: numberOrNull(policy.radius),
      breaks: offered.map((kind) => ({
        short_description: kind,
        duration: numberOrNull(breaks[kind].duration) ?? Number.NaN,
        is_paid: breaks[kind].is_paid,
        is_mandatory: breaks[kind].is_mandatory,
      })),
    });
    setErrors(parsed.success ? {} : issuesOf(parsed.error));
    if (parsed.success) save.mutate(parsed.data);
  };
  const error = (path: string) => errors[path]?.[0];
  const setBreak = (kind: BreakKind, change: Partial<BreakRow>) =>
    setBreaks({ ...breaks, [kind]: { ...breaks[kind], ...change } });

  return (
    <Card component="form" onSubmit={submit} aria-labelledby="hr-store-settings" noValidate>
      <CardContent>
        <Stack spacing={2}>
          <Typography id="hr-store-settings" variant="h6" component="h2">
            {current.store_name} ({current.time_zone})
          </Typography>
          <InheritSelect
            label="Location required"
            value={policy.required}
            options={[
              ['yes', 'Yes'],
              ['no', 'No'],
            ]}
            onChange={(required) => setPolicy({ ...policy, required })}
          />
          <InheritSelect
            label="Store geofence mode"
            value={policy.mode}
            options={[
              ['warn', 'Warn'],
              ['block', 'Block'],
            ]}
            onChange={(mode) => setPolicy({ ...policy, mode })}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Latitude"
              type="number"
              value={policy.latitude}
              onChange={(event) => setPolicy({ ...policy, latitude: event.target.value })}
              error={Boolean(error('geofence_latitude'))}
              helperText={error('geofence_latitude')}
            />
            <TextField
              label="Longitude"
              type="number"
              value={policy.longitude}
              onChange={(event) => setPolicy({ ...policy, longitude: event.target.value })}
              error={Boolean(error('geofence_longitude'))}
              helperText={error('geofence_longitude')}
            />
            <TextField
              label="Radius (m)"
              type="number"
              value={policy.radius}
              onChange={(event) => setPolicy({ ...policy, radius: event.target.value })}
              error={Boolean(error('geofence_radius'))}
              helperText={error('geofence_radius') ?? 'Leave all three empty for no geofence.'}
            />
          </Stack>
          <Typography variant="subtitle1" component="h3">
            Break settings
          </Typography>
          {breakKinds.map((kind) => (
            <Stack
              key={kind}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              alignItems={{ sm: 'center' }}
            >
              <FormControlLabel
                sx={{ minWidth: 170 }}
                control={
                  <Checkbox
                    checked={breaks[kind].offered}
                    onChange={(event) => setBreak(kind, { offered: event.target.checked })}
                  />
                }
                label={kind}
              />
              <TextField
                label={`${kind} duration (minutes)`}
                type="number"
                size="small"
                disabled={!breaks[kind].offered}
                value={breaks[kind].duration}
                onChange={(event) => setBreak(kind, { duration: event.target.value })}
                error={Boolean(error(`breaks.${offered.indexOf(kind)}.duration`))}
                helperText={error(`breaks.${offered.indexOf(kind)}.duration`)}
              />
              <FormControlLabel
                disabled={!breaks[kind].offered}
                control={
                  <Checkbox
                    checked={breaks[kind].is_paid}
                    onChange={(event) => setBreak(kind, { is_paid: event.target.checked })}
                  />
                }
                label="Paid"
              />
              <FormControlLabel
                disabled={!breaks[kind].offered}
                control={
                  <Checkbox
                    checked={breaks[kind].is_mandatory}
                    onChange={(event) => setBreak(kind, { is_mandatory: event.target.checked })}
                  />
                }
                label="Mandatory"
              />
            </Stack>
          ))}
          <Stack direction="row" justifyContent="flex-end">
            <Button type="submit" variant="contained" disabled={!canWrite} loading={save.isPending}>
              Save store settings
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** /hr/settings: the company's HR policies, and each store's geofence and break settings. */
export function HrSettingsPage() {
  const canWrite = hasPermission('write_hr_settings');
  const [storeId, setStoreId] = useState<number | null>(null);
  const company = useQuery({
    queryKey: settingsKeys.company,
    queryFn: ({ signal }) =>
      api.get('/hr-settings-companies', companyHrSettingsSchema, { signal }).then((r) => r.data),
  });
  const stores = useQuery({
    queryKey: settingsKeys.stores,
    queryFn: ({ signal }) =>
      api
        .get('/stores', storeOptionSchema, { signal, query: { perPage: 1000, sort: 'name' } })
        .then((r) => r.data.results),
  });
  const chosen = storeId ?? stores.data?.[0]?.id ?? null;
  const store = useQuery({
    queryKey: settingsKeys.store(chosen ?? 0),
    queryFn: ({ signal }) =>
      api
        .get('/hr-settings-stores', storeHrSettingsSchema, { signal, query: { store_id: chosen } })
        .then((r) => r.data),
    enabled: chosen !== null,
  });

  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <Typography variant="h5" component="h1">
        HR Settings
      </Typography>
      {company.data && (
        <CompanySettingsForm
          key={JSON.stringify(company.data)}
          current={company.data}
          canWrite={canWrite}
        />
      )}
      <TextField
        select
        label="Store"
        value={chosen ?? ''}
        onChange={(event) => setStoreId(Number(event.target.value))}
        sx={{ maxWidth: 400 }}
      >
        {(stores.data ?? []).map((option) => (
          <MenuItem key={option.id} value={option.id}>
            {option.name}
          </MenuItem>
        ))}
      </TextField>
      {store.data && (
        <StoreSettingsForm
          key={JSON.stringify(store.data)}
          current={store.data}
          canWrite={canWrite}
        />
      )}
      {company.data && store.data && (
        <FaceSettingsCard
          key={`${JSON.stringify(company.data)}${JSON.stringify(store.data)}`}
          company={company.data}
          store={store.data}
          canWrite={canWrite}
        />
      )}
    </Stack>
  );
}
