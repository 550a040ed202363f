import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { Me } from '@ipos/contracts';
import { FormCard } from '../../../components/layout/form-card';
import { FullPageLoader } from '../../../components/feedback/full-page-loader';
import { toast } from '../../../components/toast';
import { meQueryKey, meQueryOptions } from '../../../features/accounts/api/get-me';
import { DefaultPasswordForm } from '../../../features/identity/components/default-password-form';
import { RequireSignIn } from '../../../features/identity/components/require-sign-in';
import { resolveReturnTo } from '../../../features/identity/session';
import { removeStored, storageKeys } from '../../../lib/storage';
import { forcedFlowPath } from '../../session-bootstrap';

/**
 * `/onboarding/update-default-password`: forced right after sign-in while the account still has the
 * password it was given. Then on to creating a PIN when it has none, else to the return path.
 */
function UpdateDefaultPasswordScreen() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const returnTo = resolveReturnTo(search);
  const me = useQuery(meQueryOptions());

  const goOn = (account: Me | undefined) => {
    const next = account ? forcedFlowPath(account, returnTo) : null;
    if (!next) removeStored(storageKeys.redirectPath);
    void navigate(next ?? returnTo, { replace: true });
  };

  // Reached when the password is already the person's own: nothing to do here.
  const alreadyReplaced = me.data?.mustChangePassword === false;
  useEffect(() => {
    if (alreadyReplaced) goOn(me.data);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the account turns out not to need it
  }, [alreadyReplaced]);

  if (alreadyReplaced) return <FullPageLoader />;

  return (
    <FormCard
      title="Choose your own password"
      description="You signed in with a password you were given. Replace it with one only you know."
    >
      <DefaultPasswordForm
        onReplaced={() => {
          const updated = queryClient.setQueryData<Me>(meQueryKey, (old) =>
            old ? { ...old, mustChangePassword: false } : old,
          );
          void queryClient.invalidateQueries({ queryKey: meQueryKey });
          toast.show({ type: 'success', message: 'Your password is changed.' });
          goOn(updated);
        }}
      />
    </FormCard>
  );
}

export function UpdateDefaultPasswordRoute() {
  return (
    <RequireSignIn>
      <UpdateDefaultPasswordScreen />
    </RequireSignIn>
  );
}

export { UpdateDefaultPasswordRoute as Component };
