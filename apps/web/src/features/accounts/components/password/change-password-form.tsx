import { PasswordInput, Stack } from '@mantine/core';
import { z } from 'zod';
import { passwordSchema } from '@ipos/contracts';
import { mustMatch } from '../../../../components/form/must-match';
import { PasswordRules } from '../../../../components/form/password-rules';
import { SubmitButton } from '../../../../components/form/submit-button';
import { useZodForm } from '../../../../components/form/use-zod-form';
import { useChangePassword } from '../../api/password';

const schema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password'),
  newPassword: passwordSchema,
});
type Values = { currentPassword: string; newPassword: string; confirmPassword: string };
const toInput = ({ currentPassword, newPassword }: Values) => ({ currentPassword, newPassword });
const sameTwice = mustMatch('newPassword', 'confirmPassword', 'The two passwords are not the same');
const rules = (values: Values) => ({
  ...sameTwice(values),
  ...(values.newPassword && values.newPassword === values.currentPassword
    ? { newPassword: 'Choose a password different from the current one' }
    : {}),
});

/**
 * A new password, proving the current one (POST /api/v1/me/password); the contract's rules shown as
 * they are met, as when the default password is replaced.
 */
export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const change = useChangePassword();
  const form = useZodForm({
    schema,
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    toInput,
    validate: rules,
  });

  const submit = form.onSubmit(async (body) => {
    try {
      await change.mutateAsync(body);
      onChanged();
    } catch (error) {
      form.reportApiError(error, 'Could not change the password');
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Change your password">
      <Stack gap="md">
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          withAsterisk={false}
          data-autofocus
          {...form.field('currentPassword')}
        />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          withAsterisk={false}
          aria-describedby="change-password-rules"
          {...form.field('newPassword')}
        />
        <PasswordRules id="change-password-rules" value={form.values.newPassword} />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          withAsterisk={false}
          {...form.field('confirmPassword')}
        />
        <SubmitButton loading={form.isSubmitting}>Change password</SubmitButton>
      </Stack>
    </form>
  );
}
