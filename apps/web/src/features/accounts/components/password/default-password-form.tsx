import { PasswordInput, Stack } from '@mantine/core';
import { z } from 'zod';
import { passwordSchema } from '@ipos/contracts';
import { mustMatch } from '../../../../components/form/must-match';
import { PasswordRules } from '../../../../components/form/password-rules';
import { SubmitButton } from '../../../../components/form/submit-button';
import { useZodForm } from '../../../../components/form/use-zod-form';
import { isApiError } from '../../../../lib/api-client';
import { useReplaceDefaultPassword } from '../../api/password';

const schema = z.object({ newPassword: passwordSchema });
type Values = { newPassword: string; confirmPassword: string };
const toInput = ({ newPassword }: Values) => ({ newPassword });
const sameTwice = mustMatch('newPassword', 'confirmPassword', 'The two passwords are not the same');

/**
 * Replaces the password a manager gave the account (forced right after the first sign-in). The
 * contract's password rules are shown as they are met.
 */
export function DefaultPasswordForm({ onReplaced }: { onReplaced: () => void }) {
  const replace = useReplaceDefaultPassword();
  const form = useZodForm({
    schema,
    initialValues: { newPassword: '', confirmPassword: '' },
    toInput,
    validate: sameTwice,
  });

  const submit = form.onSubmit(async ({ newPassword }) => {
    try {
      await replace.mutateAsync(newPassword);
      onReplaced();
    } catch (error) {
      // Replaced meanwhile (another tab): the account has its own password already.
      if (isApiError(error) && error.code === 'NO_DEFAULT_PASSWORD') return onReplaced();
      form.reportApiError(error, 'Could not change the password');
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Choose your password">
      <Stack gap="md">
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          withAsterisk={false}
          data-autofocus
          autoFocus
          aria-describedby="new-password-rules"
          {...form.field('newPassword')}
        />
        <PasswordRules id="new-password-rules" value={form.values.newPassword} />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          required
          withAsterisk={false}
          {...form.field('confirmPassword')}
        />
        <SubmitButton loading={form.isSubmitting}>Save password</SubmitButton>
      </Stack>
    </form>
  );
}
