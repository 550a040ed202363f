import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { z } from 'zod';
import { passwordSchema } from '@ipos/contracts';
import { useZodForm } from '../../../components/form/use-zod-form';
import { mustMatch } from '../../../components/form/must-match';
import { NewPasswordInput } from '../../../components/form/password-rules';
import { SubmitButton } from '../../../components/form/submit-button';
import { isApiError } from '../../../lib/api-client';
import { useResetPassword } from '../api/reset-password';

const schema = z.object({ newPassword: passwordSchema, confirmPassword: z.string() });
const initialValues = { newPassword: '', confirmPassword: '' };
const matchPasswords = mustMatch('newPassword', 'confirmPassword', 'The passwords do not match');

function LinkProblem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="md">
      <Alert variant="light" color="red" title={title} role="alert">
        {children}
      </Alert>
      <Button component={Link} to="/onboarding/forgot-password">
        Ask for a new link
      </Button>
    </Stack>
  );
}

/**
 * Sets a new password with the token of the mailed link. `signIn` is what follows success (the sign-in
 * button of the identity feature, composed by the route).
 */
export function ResetPasswordForm({ token, signIn }: { token: string | null; signIn: ReactNode }) {
  const reset = useResetPassword();
  const form = useZodForm({ schema, initialValues, validate: matchPasswords });
  const [outcome, setOutcome] = useState<'done' | 'invalid-link' | null>(null);

  const submit = form.onSubmit(async ({ newPassword }) => {
    if (!token) return;
    try {
      await reset.mutateAsync({ token, newPassword });
      setOutcome('done');
    } catch (error) {
      if (isApiError(error) && error.code === 'RESET_TOKEN_INVALID') {
        setOutcome('invalid-link');
        return;
      }
      form.reportApiError(error, 'Could not change the password');
    }
  });

  // The contract's token is 16–200 characters: anything else was cut or mistyped on the way here.
  if (!token || token.length < 16 || token.length > 200) {
    return (
      <LinkProblem title="This link is not complete">
        Open the link from the email again, in full, or ask for a new one.
      </LinkProblem>
    );
  }
  if (outcome === 'invalid-link') {
    return (
      <LinkProblem title="This link has expired or was already used">
        Each link works once, for 30 minutes. Ask for a new one and use it straight away.
      </LinkProblem>
    );
  }
  if (outcome === 'done') {
    return (
      <Stack gap="md">
        <Alert variant="light" color="ipos" title="Your password has been changed" role="status">
          Sign in with your new password.
        </Alert>
        {signIn}
      </Stack>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Reset password">
      <Stack gap="md">
        <NewPasswordInput label="New password" {...form.field('newPassword')} />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          required
          {...form.field('confirmPassword')}
        />
        <SubmitButton loading={form.isSubmitting}>Set new password</SubmitButton>
        <Anchor component={Link} to="/onboarding/forgot-password" ta="center" size="sm">
          Ask for a new link
        </Anchor>
      </Stack>
    </form>
  );
}
