import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FieldErrors, Reply } from '@portal/contract/envelope';
import {
  EMPLOYEES_PATH,
  employeeCreateSchema,
  employeeMessages,
  employeeUpdateSchema,
  type Employee,
} from '@portal/contract/hr-employees';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../platform/api.ts';
import { notify } from '../../platform/toasts.ts';
import { FileButton } from '../../platform/ui/FileButton.tsx';
import { useUnsavedChangesGuard } from '../../platform/ui/unsaved-changes.tsx';
import { EmployeeRecords } from './EmployeeRecords.tsx';
import { employeeKeys, employeesApi } from './employees-api.ts';

interface FormState {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  role_id: string;
  current_store: string;
  pay_type: 'hourly' | 'salaried';
  supervisor_id: string;
  hire_date: string;
  profile_photo: string | null;
}

const fromEmployee = (employee: Employee | undefined): FormState => ({
  first_name: employee?.first_name ?? '',
  last_name: employee?.last_name ?? '',
  email: employee?.email ?? '',
  password: '',
  role_id: employee ? String(employee.role_id) : '',
  current_store: employee?.current_store ? String(employee.current_store) : '',
  pay_type: employee?.pay_type ?? 'hourly',
  supervisor_id: employee?.supervisor_id ? String(employee.supervisor_id) : '',
  hire_date: employee?.hire_date ?? '',
  profile_photo: employee?.profile_photo ?? null,
});

const idOrNull = (text: string) => (text ? Number(text) : null);

function EmployeeForm({ employee }: { employee?: Employee }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(() => fromEmployee(employee));
  const [initial] = useState(form);
  const guard = useUnsavedChangesGuard(JSON.stringify(form) !== JSON.stringify(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const roles = useQuery({
    queryKey: employeeKeys.roles,
    queryFn: ({ signal }) => employeesApi.roles(signal).then((r) => r.data.results),
  });
  const stores = useQuery({
    queryKey: employeeKeys.stores,
    queryFn: ({ signal }) => employeesApi.stores(signal).then((r) => r.data.results),
  });
  const supervisors = useQuery({
    queryKey: employeeKeys.supervisors,
    queryFn: ({ signal }) => employeesApi.supervisors(signal).then((r) => r.data),
  });
  const upload = useMutation({
    mutationFn: (file: File) => employeesApi.uploadPhoto(file),
    onSuccess: (url) => {
      setForm((current) => ({ ...current, profile_photo: url }));
      notify.success(employeeMessages.photoUploaded);
    },
    onError: (error) => notify.danger(error.message),
  });
  const save = useMutation({
    mutationFn: (run: () => Promise<Reply<Employee>>) => run(),
    onSuccess: (reply) => {
      notify.success(reply.message);
      void queryClient.invalidateQueries({ queryKey: employeeKeys.all });
      guard.allowLeave();
      void navigate(EMPLOYEES_PATH);
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(error.fieldErrors);
      notify.danger(
        error.message || (employee ? employeeMessages.notUpdated : employeeMessages.notCreated),
      );
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      first_name: form.first_name,
      last_name: form.last_name,
      email: form.email,
      role_id: idOrNull(form.role_id) ?? undefined,
      current_store: idOrNull(form.current_store),
      pay_type: form.pay_type,
      supervisor_id: idOrNull(form.supervisor_id),
      hire_date: form.hire_date || null,
      profile_photo: form.profile_photo,
      ...(employee ? {} : { password: form.password }),
    };
    const showIssues = (error: z.ZodError) => {
      const found: FieldErrors = {};
      for (const issue of error.issues) (found[issue.path.join('.')] ??= []).push(issue.message);
      setErrors(found);
    };
    if (employee) {
      const parsed = employeeUpdateSchema.safeParse(body);
      if (!parsed.success) return showIssues(parsed.error);
      setErrors({});
      save.mutate(() => employeesApi.update(employee.id, parsed.data));
    } else {
      const parsed = employeeCreateSchema.safeParse(body);
      if (!parsed.success) return showIssues(parsed.error);
      setErrors({});
      save.mutate(() => employeesApi.create(parsed.data));
    }
  };
  const field = (name: keyof FormState, label: string, extra: { type?: string } = {}) => (
    <TextField
      label={label}
      value={form[name] ?? ''}
      onChange={(event) => setForm({ ...form, [name]: event.target.value })}
      error={Boolean(errors[name])}
      helperText={errors[name]?.[0]}
      fullWidth
      {...extra}
      slotProps={extra.type === 'date' ? { inputLabel: { shrink: true } } : undefined}
    />
  );
  const select = (
    name: 'role_id' | 'current_store' | 'supervisor_id',
    label: string,
    options: { value: number; label: string }[],
    allowNone: boolean,
  ) => (
    <TextField
      select
      label={label}
      value={form[name]}
      onChange={(event) => setForm({ ...form, [name]: event.target.value })}
      error={Boolean(errors[name])}
      helperText={errors[name]?.[0]}
      fullWidth
    >
      {allowNone && <MenuItem value="">None</MenuItem>}
      {options.map((option) => (
        <MenuItem key={option.value} value={String(option.value)}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Card component="form" onSubmit={submit} noValidate sx={{ maxWidth: 720 }}>
      {guard.dialog}
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} alignItems="center">
            <Avatar
              src={form.profile_photo ?? undefined}
              alt="Profile picture"
              sx={{ width: 64, height: 64 }}
            >
              {form.first_name.slice(0, 1)}
            </Avatar>
            <FileButton
              label="Upload picture"
              accept="image/jpeg,image/png,image/webp,image/gif"
              inputLabel="Profile picture file"
              onFile={(file) => upload.mutate(file)}
              loading={upload.isPending}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('first_name', 'First name')}
            {field('last_name', 'Last name')}
          </Stack>
          {field('email', 'Email', { type: 'email' })}
          {!employee && field('password', 'Password', { type: 'password' })}
          {select(
            'role_id',
            'Role',
            (roles.data ?? []).map((r) => ({ value: r.id, label: r.name })),
            false,
          )}
          {select(
            'current_store',
            'Store',
            (stores.data ?? []).map((s) => ({ value: s.id, label: s.name })),
            true,
          )}
          <TextField
            select
            label="Pay type"
            value={form.pay_type}
            onChange={(event) =>
              setForm({
                ...form,
                pay_type: event.target.value === 'salaried' ? 'salaried' : 'hourly',
              })
            }
            fullWidth
          >
            <MenuItem value="hourly">Hourly</MenuItem>
            <MenuItem value="salaried">Salaried</MenuItem>
          </TextField>
          {select(
            'supervisor_id',
            'Supervisor',
            (supervisors.data ?? []).filter((s) => s.value !== employee?.id),
            true,
          )}
          {field('hire_date', 'Hire date', { type: 'date' })}
          <Stack direction="row" spacing={1} justifyContent="flex-end">
            <Button onClick={() => void navigate(EMPLOYEES_PATH)}>Cancel</Button>
            <Button type="submit" variant="contained" loading={save.isPending}>
              Save
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** /employees/new and /employees/edit/{id}: one screen for both. */
export function EmployeeFormPage() {
  const { id } = useParams();
  const employeeId = id && /^\d+$/.test(id) ? Number(id) : null;
  const existing = useQuery({
    queryKey: employeeKeys.one(employeeId ?? 0),
    queryFn: ({ signal }) => employeesApi.get(employeeId ?? 0, signal).then((r) => r.data),
    enabled: employeeId !== null,
  });
  const editing = id !== undefined;
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {editing ? 'Edit Employee' : 'New Employee'}
      </Typography>
      {!editing && <EmployeeForm />}
      {editing && existing.data && <EmployeeForm key={existing.data.id} employee={existing.data} />}
      {editing && existing.data && (
        <EmployeeRecords userId={existing.data.id} ownStore={existing.data.current_store} />
      )}
      {editing && (employeeId === null || existing.isError) && (
        <Typography color="error">This employee could not be found.</Typography>
      )}
    </Stack>
  );
}
