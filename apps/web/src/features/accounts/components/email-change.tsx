import { useState } from 'react';
import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { startEmailChangeBodySchema, type Profile } from '@ipos/contracts';
import { useZodForm } from '../../../components/form/use-zod-form';
import { showApiError, toast } from '../../../components/toast';
import { useDisplayTimeZone } from '../../../lib/active-store';
import { formatDateTime } from '../../../lib/format';
import { useCancelEmailChange, useStartEmailChange } from '../api/profile';

function EmailChangeForm({ onDone }: { onDone: () => void }) {
  const start = useStartEmailChange();
  const form = useZodForm({
    schema: startEmailChangeBodySchema,
    initialValues: { newEmail: '', currentPassword: '' },
  });
  const submit = form.onSubmit(async (body) => {
    try {
      const profile = await start.mutateAsync(body);
      toast.show({
        type: 'success',
        title: 'Check your inbox',
        message: `We sent a confirmation link to ${profile.pendingEmail?.email ?? body.newEmail}.`,
      });
      onDone();
    } catch (error) {
      form.reportApiError(error, 'Could not start the email change');
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Change your email">
      <Stack gap="md">
        <TextInput
          {...form.field('newEmail')}
          label="New email"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          required
          data-autofocus
          autoFocus
        />
        <PasswordInput
          {...form.field('currentPassword')}
          label="Your password"
          description="To make sure it is you"
          autoComplete="current-password"
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={form.isSubmitting}>
            Send confirmation link
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The account's email: a change waits for the link mailed to the new address (shown as pending,
 * with a way to cancel it); until then the person signs in with the current one.
 */
export function EmailChange({ profile }: { profile: Profile }) {
  const [editing, setEditing] = useState(false);
  const cancel = useCancelEmailChange();
  const pending = profile.pendingEmail;
  const timeZone = useDisplayTimeZone();

  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" c="dimmed">
          You sign in with
        </Text>
        <Text fw={600}>{profile.email}</Text>
      </div>
      {pending ? (
        <Alert variant="light" color="yellow" title="Waiting for confirmation">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              We sent a link to <strong>{pending.email}</strong>. Open it while signed in to switch to that address (it
              works until {formatDateTime(pending.expiresAt, timeZone)}).
            </Text>
            <Button
              size="xs"
              variant="default"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: () => toast.show({ type: 'info', message: 'The email change is cancelled.' }),
                  onError: (error) => showApiError(error, 'Could not cancel the email change'),
                })
              }
            >
              Cancel the change
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {!profile.hasPassword ? (
        <Text size="sm" c="dimmed">
          Your email comes from the service you sign in with; change it there.
        </Text>
      ) : editing ? (
        <EmailChangeForm onDone={() => setEditing(false)} />
      ) : (
        <Group>
          <Button variant="default" onClick={() => setEditing(true)}>
            {pending ? 'Use another email' : 'Change email'}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
