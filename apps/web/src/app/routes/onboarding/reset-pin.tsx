import { Anchor } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Me } from '@ipos/contracts';
import { FormCard } from '../../../components/layout/form-card';
import { toast } from '../../../components/toast';
import { meQueryKey } from '../../../features/accounts/api/get-me';
import { RequireSignIn } from '../../../features/identity/components/require-sign-in';
import { resolveReturnTo } from '../../../features/identity/session';
import { ResetPinForm } from '../../../features/accounts/components/pin/reset-pin-form';
import { readStored, removeStored, storageKeys } from '../../../lib/storage';
import { TIMEOUT_PIN_PATH } from '../../route-table';

/**
 * `/onboarding/reset-pin`: a forgotten or locked PIN replaced with the password. The password proves
 * more than a PIN, so a timed-out session is unlocked by it too.
 */
function ResetPinScreen() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const returnTo = resolveReturnTo(search);
  const hasTimedOut = readStored(storageKeys.hasTimedOut) === 'true';

  return (
    <FormCard title="Reset your PIN" description="Enter the password you sign in with, then choose a new PIN.">
      <ResetPinForm
        onReset={() => {
          queryClient.setQueryData<Me>(meQueryKey, (old) => (old ? { ...old, hasPin: true, isPinLocked: false } : old));
          removeStored(storageKeys.hasTimedOut);
          removeStored(storageKeys.redirectPath);
          toast.show({ type: 'success', message: 'Your new PIN is set.' });
          void navigate(returnTo, { replace: true });
        }}
      />
      <Anchor
        component={Link}
        to={hasTimedOut ? `${TIMEOUT_PIN_PATH}?redirect=${encodeURIComponent(returnTo)}` : returnTo}
        ta="center"
        size="sm"
        fw={600}
      >
        {hasTimedOut ? 'Back to PIN entry' : 'Cancel'}
      </Anchor>
    </FormCard>
  );
}

export function ResetPinRoute() {
  return (
    <RequireSignIn>
      <ResetPinScreen />
    </RequireSignIn>
  );
}

export { ResetPinRoute as Component };
