import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { z } from 'zod';
import { emailSchema } from '@ipos/contracts';
import { SubmitButton } from '../../../components/form/submit-button';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useForgotPassword } from '../api/forgot-password';

const schema = z.object({ email: emailSchema });

/**
 * Asks for a reset link. The answer is the same whether or not the email has an account, so nobody
 * can learn from this page who uses iPos.
 */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const form = useZodForm({ schema, initialValues: { email: '' } });
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = form.onSubmit(async ({ email }) => {
    try {
      await forgot.mutateAsync(email);
      setSentTo(email);
    } catch (error) {
      form.reportApiError(error, 'Could not send the link');
    }
  });

  if (sentTo) {
    return (
      <Stack gap="md">
        <Alert variant="light" color="ipos" title="Check your email" role="status">
          If an account uses that email, we have sent a link to reset its password to <strong>{sentTo}</strong>. The
          link works once, for 30 minutes.
        </Alert>
        <Text size="sm">Nothing after a few minutes? Check the spam folder, or ask again.</Text>
        <Button variant="default" onClick={() => setSentTo(null)}>
          Ask again
        </Button>
        <Anchor component={Link} to="/" ta="center" fw={600}>
          Back to sign in
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Forgot password">
      <Stack gap="md">
        <TextInput label="Email" type="email" autoComplete="email" required data-autofocus {...form.field('email')} />
        <SubmitButton loading={form.isSubmitting}>Send reset link</SubmitButton>
        <Anchor component={Link} to="/" ta="center" fw={600}>
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}
