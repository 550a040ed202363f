import { Anchor, Group, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormCard } from '../../../components/layout/form-card';
import { toast } from '../../../components/toast';
import { meQueryOptions } from '../../../features/accounts/api/get-me';
import { useAuth } from '../../../features/identity/auth-context';
import { useSignOutQuestion } from '../../../features/identity/components/sign-out-question';
import { resolveReturnTo } from '../../../features/identity/session';
import { VerifyPinForm } from '../../../features/accounts/components/pin/verify-pin-form';
import { removeStored, storageKeys } from '../../../lib/storage';
import { LANDING_PATH } from '../../route-table';

const withRedirect = (path: string, returnTo: string) => `${path}?redirect=${encodeURIComponent(returnTo)}`;

/** How long the "PIN locked" notice stays on the sign-in page: long enough to read it there. */
const LOCKED_NOTICE_MS = 10_000;

/**
 * Unlocks the session with the PIN: TimeoutEnterPin (after inactivity) and the onboarding enter-pin.
 * A verified PIN ends the timed-out state and returns to the target (the `redirect` query, else the
 * stored redirect path, else the dashboard); the fifth wrong PIN ends the session here and sends the
 * person to a full sign-in, which also unlocks the PIN.
 */
export function PinUnlockScreen({ title, description }: { title: string; description: string }) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const returnTo = resolveReturnTo(search);
  const me = useQuery({ ...meQueryOptions(), retry: false });
  // A sale left in progress at the locked till is kept; signing out asks first all the same.
  const signOut = useSignOutQuestion(me.data?.account.id, () => void auth.signOut());

  const unlocked = () => {
    removeStored(storageKeys.hasTimedOut);
    removeStored(storageKeys.redirectPath);
    void navigate(returnTo, { replace: true });
  };

  /** A full sign-in is the only way on: the session ends here and the sign-in page explains why. */
  const toSignIn = async (notice?: { title: string; message: string }) => {
    if (notice) toast.show({ type: 'error', duration: LOCKED_NOTICE_MS, ...notice });
    await auth.endSessionHere();
    queryClient.clear();
    void navigate(withRedirect(LANDING_PATH, returnTo), { replace: true });
  };

  const name = me.data?.account.name;
  return (
    <FormCard title={title} description={description}>
      {name && (
        <Text ta="center" size="sm" data-testid="locked-account">
          Signed in as <strong>{name}</strong>
        </Text>
      )}
      <VerifyPinForm
        onVerified={unlocked}
        onLocked={() =>
          void toSignIn({
            title: 'Your PIN is locked',
            message: 'Too many wrong PINs. Sign in again with your password to unlock it.',
          })
        }
        onNotSet={() => void navigate(withRedirect('/onboarding/create-pin', returnTo), { replace: true })}
        onSessionEnded={() => void toSignIn({ title: 'Your session has ended', message: 'Sign in again to continue.' })}
      />
      <Group justify="space-between">
        <Anchor component={Link} to={withRedirect('/onboarding/reset-pin', returnTo)} size="sm" fw={600}>
          Forgot PIN?
        </Anchor>
        <Anchor component="button" type="button" size="sm" fw={600} onClick={signOut.request}>
          Sign out
        </Anchor>
      </Group>
      {signOut.question}
    </FormCard>
  );
}
