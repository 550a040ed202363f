import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { Me } from '@ipos/contracts';
import { FormCard } from '../../../components/layout/form-card';
import { FullPageLoader } from '../../../components/feedback/full-page-loader';
import { toast } from '../../../components/toast';
import { meQueryKey, meQueryOptions } from '../../../features/accounts/api/get-me';
import { RequireSignIn } from '../../../features/identity/components/require-sign-in';
import { resolveReturnTo } from '../../../features/identity/session';
import { CreatePinForm } from '../../../features/pin/components/create-pin-form';
import { removeStored, storageKeys } from '../../../lib/storage';
import { forcedFlowPath } from '../../session-bootstrap';

/**
 * `/onboarding/create-pin`: forced after sign-in while the account has no PIN. Once created, the
 * person continues to the return path.
 */
function CreatePinScreen() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const returnTo = resolveReturnTo(search);
  const me = useQuery(meQueryOptions());

  const goOn = (account: Me | undefined) => {
    removeStored(storageKeys.redirectPath);
    void navigate((account && forcedFlowPath(account, returnTo)) ?? returnTo, { replace: true });
  };

  // Reached with a PIN already (typed URL, another tab): nothing to do here.
  const hasPin = me.data?.hasPin === true;
  useEffect(() => {
    if (hasPin) goOn(me.data);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the account turns out to have a PIN
  }, [hasPin]);

  if (hasPin) return <FullPageLoader />;

  return (
    <FormCard
      title="Create your PIN"
      description="Your PIN unlocks iPos after a break, so nobody else can use your session."
    >
      <CreatePinForm
        onCreated={() => {
          const updated = queryClient.setQueryData<Me>(meQueryKey, (old) =>
            old ? { ...old, hasPin: true, isPinLocked: false } : old,
          );
          void queryClient.invalidateQueries({ queryKey: meQueryKey });
          toast.show({ type: 'success', message: 'Your PIN is set.' });
          goOn(updated);
        }}
      />
    </FormCard>
  );
}

export function CreatePinRoute() {
  return (
    <RequireSignIn>
      <CreatePinScreen />
    </RequireSignIn>
  );
}

export { CreatePinRoute as Component };
