import { useSearchParams } from 'react-router';
import { FormCard } from '../../../components/layout/form-card';
import { SignInButton } from '../../../features/identity/components/sign-in-button';
import { ResetPasswordForm } from '../../../features/onboarding/components/reset-password-form';

/** `/onboarding/reset-password?token=…`: the page the mailed link opens. */
export function ResetPasswordRoute() {
  const [search] = useSearchParams();
  return (
    <FormCard title="Choose a new password">
      <ResetPasswordForm token={search.get('token')} signIn={<SignInButton returnTo="/dashboard" />} />
    </FormCard>
  );
}

export { ResetPasswordRoute as Component };
