import { useNavigate, useSearchParams } from 'react-router';
import { FormCard } from '../../../components/layout/form-card';
import { SignInButton } from '../../../features/identity/components/sign-in-button';
import { VerifyEmail, type RegisteredBusiness } from '../../../features/onboarding/components/verify-email';

/**
 * `/onboarding/verify-email?token=…`: the page the sign-up mail opens. Success goes on to the Thanks
 * page, in place of this one, so Back does not return to a spent link.
 */
export function VerifyEmailRoute() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const onVerified = (registered: RegisteredBusiness) =>
    void navigate('/welcome-on-board', { state: registered satisfies RegisteredBusiness, replace: true });
  return (
    <FormCard title="Finish creating your account">
      <VerifyEmail
        token={search.get('token')}
        onVerified={onVerified}
        signIn={<SignInButton returnTo="/dashboard" />}
      />
    </FormCard>
  );
}

export { VerifyEmailRoute as Component };
