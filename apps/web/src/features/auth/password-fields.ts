import { zodResolver } from '@hookform/resolvers/zod';
import { authMessages } from '@portal/contract/auth';
import { password } from '@portal/contract/resources/users';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

export const PASSWORDS_DIFFER = 'The passwords do not match';

/** A new password typed twice; the server adds the common-password check. */
export const newPasswordForm = z
  .object({ password, confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    message: PASSWORDS_DIFFER,
    path: ['confirm'],
  });
export type NewPasswordForm = z.input<typeof newPasswordForm>;

/** The form of a new password typed twice (reset link, an admin setting a user's password). */
export const useNewPasswordForm = () =>
  useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordForm),
    defaultValues: { password: '', confirm: '' },
  });

/** Change password on /account: the current one, then the new one twice. */
export const changePasswordForm = z
  .object({
    current_password: z.string().min(1, 'Enter your current password'),
    new_password: password,
    confirm: z.string(),
  })
  .refine((values) => values.new_password === values.confirm, {
    message: PASSWORDS_DIFFER,
    path: ['confirm'],
  })
  .refine((values) => values.new_password !== values.current_password, {
    message: authMessages.passwordUnchanged,
    path: ['new_password'],
  });
export type ChangePasswordForm = z.input<typeof changePasswordForm>;
