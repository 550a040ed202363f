import { useState } from 'react';
import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Profile } from '@ipos/contracts';
import { toast } from '../../../components/toast';
import { ChangePasswordForm } from './password/change-password-form';

/**
 * The profile's password and PIN: change the password in place; change, reset or create the PIN on
 * its onboarding page, which comes back to `returnTo`.
 */
export function PasswordAndPin({ profile, returnTo }: { profile: Profile; returnTo: string }) {
  const [changingPassword, setChangingPassword] = useState(false);
  const back = `?redirect=${encodeURIComponent(returnTo)}`;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Text fw={600}>Password</Text>
          <Text size="sm" c="dimmed">
            {profile.hasPassword
              ? 'What you sign in with on a new device.'
              : 'You sign in through another service; there is no iPos password to change.'}
          </Text>
        </div>
        {profile.hasPassword ? (
          <Button variant="default" onClick={() => setChangingPassword(true)}>
            Change password
          </Button>
        ) : null}
      </Group>
      <Group justify="space-between" wrap="wrap">
        <div>
          <Text fw={600}>PIN</Text>
          <Text size="sm" c="dimmed">
            {profile.hasPin ? 'Unlocks iPos after a break.' : 'You have no PIN yet; iPos asks for one after a break.'}
          </Text>
        </div>
        <Group gap="sm">
          {profile.hasPin ? (
            <>
              <Button component={Link} to={`/onboarding/new-pin${back}`} variant="default">
                Change PIN
              </Button>
              <Anchor component={Link} to={`/onboarding/reset-pin${back}`} size="sm">
                Forgot your PIN?
              </Anchor>
            </>
          ) : (
            <Button component={Link} to={`/onboarding/create-pin${back}`} variant="default">
              Create a PIN
            </Button>
          )}
        </Group>
      </Group>
      <Modal opened={changingPassword} onClose={() => setChangingPassword(false)} title="Change your password">
        <ChangePasswordForm
          onChanged={() => {
            setChangingPassword(false);
            toast.show({ type: 'success', message: 'Your password is changed.' });
          }}
        />
      </Modal>
    </Stack>
  );
}
