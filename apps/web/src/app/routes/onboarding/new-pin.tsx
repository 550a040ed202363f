import { Anchor } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormCard } from '../../../components/layout/form-card';
import { toast } from '../../../components/toast';
import { useAuth } from '../../../features/identity/auth-context';
import { RequireSignIn } from '../../../features/identity/components/require-sign-in';
import { resolveReturnTo } from '../../../features/identity/session';
import { ChangePinForm } from '../../../features/accounts/components/pin/change-pin-form';
import { LANDING_PATH } from '../../route-table';

/** `/onboarding/new-pin`: a new PIN in place of the current one. */
function NewPinScreen() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const returnTo = resolveReturnTo(search);

  return (
    <FormCard title="Change your PIN" description="Enter your current PIN, then the new one twice.">
      <ChangePinForm
        onChanged={() => {
          toast.show({ type: 'success', message: 'Your PIN is changed.' });
          void navigate(returnTo, { replace: true });
        }}
        onLocked={() => {
          toast.show({
            type: 'error',
            duration: 10_000,
            title: 'Your PIN is locked',
            message: 'Too many wrong PINs. Sign in again with your password to unlock it.',
          });
          void auth.endSessionHere().then(() => {
            queryClient.clear();
            void navigate(`${LANDING_PATH}?redirect=${encodeURIComponent(returnTo)}`, { replace: true });
          });
        }}
      />
      <Anchor component={Link} to={returnTo} ta="center" size="sm" fw={600}>
        Cancel
      </Anchor>
    </FormCard>
  );
}

export function NewPinRoute() {
  return (
    <RequireSignIn>
      <NewPinScreen />
    </RequireSignIn>
  );
}

export { NewPinRoute as Component };
