import { Alert } from '@mantine/core';
import { useServerUnreachable } from '../../lib/online';

/**
 * On the landing page with the network or the server gone: the app itself opened from the device,
 * but signing in talks to the identity provider, so say so calmly instead of letting the button fail.
 */
export function OfflineSignInNotice({ probe }: { probe?: () => Promise<boolean> }) {
  const isUnreachable = useServerUnreachable(probe);
  if (!isUnreachable) return null;
  return (
    <Alert variant="light" color="gray" role="status" title="You're offline">
      Sign in needs the network. Once this device is back online, sign in again.
    </Alert>
  );
}
