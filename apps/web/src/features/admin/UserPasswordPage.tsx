import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { authMessages } from '@portal/contract/auth';
import { users } from '@portal/contract/resources/users';
import { useMutation } from '@tanstack/react-query';
import type { FieldPath } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { api, ApiError, ignoreData } from '../../platform/api.ts';
import { failureMessage, successMessage } from '../../platform/resources/outcome.ts';
import { parseRouteId } from '../../platform/resources/paths.ts';
import { rowLabel } from '../../platform/resources/row-commands.tsx';
import { RowLoadError } from '../../platform/resources/ResourceViewPage.tsx';
import { useResourceRow } from '../../platform/resources/use-resource.ts';
import { notify } from '../../platform/toasts.ts';
import { putServerErrors } from '../../platform/ui/contract-form.ts';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { FormStack, FormTextField } from '../../platform/ui/form.tsx';
import { FormSection } from '../../platform/ui/settings-form.tsx';
import { hasPermission } from '../auth/session.ts';
import { useNewPasswordForm, type NewPasswordForm } from '../auth/password-fields.ts';
import { adminPaths } from './paths.ts';

/**
 * An admin sets a user's password (POST /users/change-password-admin): that user's sessions end.
 * Password updated, or the server's message, else password not updated; then back to /users.
 */
export function UserPasswordPage() {
  const id = parseRouteId(useParams().id);
  const user = useResourceRow(users, id);
  if (!hasPermission('write_users')) return <AccessDenied />;
  let body;
  if (id === null) body = <RowLoadError error={new ApiError(404, '')} label={users.label.one} />;
  else if (user.isPending) body = <CircularProgress aria-label="Loading the user" />;
  else if (user.isError) body = <RowLoadError error={user.error} label={users.label.one} />;
  else
    body = (
      <FormSection title={`${rowLabel(user.data)} (${String(user.data.email)})`}>
        <PasswordForm userId={id} />
      </FormSection>
    );
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
      <Button
        component={RouterLink}
        to={adminPaths.users.list}
        startIcon={<ArrowBackIcon />}
        sx={{ justifySelf: 'start' }}
      >
        {users.label.many}
      </Button>
      <Typography variant="h5" component="h1">
        Set password
      </Typography>
      {body}
    </Box>
  );
}

function PasswordForm({ userId }: { userId: number }) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useNewPasswordForm();
  const save = useMutation({
    mutationFn: (values: NewPasswordForm) =>
      api.post(
        '/users/change-password-admin',
        { user_id: userId, password: values.password },
        ignoreData,
      ),
    onSuccess: (reply) => {
      notify.success(successMessage(reply, authMessages.passwordUpdated));
      void navigate(adminPaths.users.list);
    },
    onError: (error) => {
      putServerErrors(error, setError, ['password']);
      notify.danger(failureMessage(error, authMessages.passwordNotUpdated));
    },
  });
  const field = (name: FieldPath<NewPasswordForm>, label: string) => (
    <FormTextField
      registration={register(name)}
      error={errors[name]}
      id={`user-password-${name}`}
      label={label}
      type="password"
      autoComplete="new-password"
    />
  );
  return (
    <FormStack onSubmit={handleSubmit((values) => save.mutate(values))}>
      <Typography color="text.secondary">
        The user is signed out everywhere and signs in with the new password.
      </Typography>
      {field('password', 'New password')}
      {field('confirm', 'Confirm new password')}
      <Box>
        <Button type="submit" variant="contained" loading={save.isPending}>
          Set password
        </Button>
      </Box>
    </FormStack>
  );
}
