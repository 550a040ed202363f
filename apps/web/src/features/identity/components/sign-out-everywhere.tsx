import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { showApiError } from '../../../components/toast';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';
import { useAuth } from '../auth-context';

/**
 * "Sign out of every device", confirmed first: the API ends every session of the account (refresh
 * tokens, provider sessions, access tokens issued until now), then this browser forgets its own and
 * `onSignedOut` takes the person to the sign-in page.
 */
export function SignOutEverywhere({ onSignedOut }: { onSignedOut: () => void }) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const signOut = useSignOutEverywhere();
  const [confirming, setConfirming] = useState(false);

  const confirm = async () => {
    try {
      await signOut.mutateAsync();
    } catch (error) {
      showApiError(error, 'Could not sign out of every device');
      return;
    }
    // The provider's session is gone already: end this browser's without another trip there.
    await auth.endSessionHere();
    queryClient.clear();
    onSignedOut();
  };

  return (
    <>
      <Button color="red" variant="light" onClick={() => setConfirming(true)}>
        Sign out of every device
      </Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Sign out of every device?">
        <Stack gap="md">
          <Text size="sm">
            Every browser, till and tablet signed in as you is signed out, this one too. Anyone using your account will
            have to sign in again with your password. Sales already recorded are kept.
          </Text>
          <Text size="sm">Use this if you lost a device or think someone else knows your password.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={signOut.isPending}>
              Cancel
            </Button>
            <Button color="red" loading={signOut.isPending} onClick={() => void confirm()}>
              Sign out everywhere
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
