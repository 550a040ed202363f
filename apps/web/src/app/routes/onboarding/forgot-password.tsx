import { FormCard } from '../../../components/layout/form-card';
import { ForgotPasswordForm } from '../../../features/onboarding/components/forgot-password-form';

/** `/onboarding/forgot-password`: mails a reset link. */
export function ForgotPasswordRoute() {
  return (
    <FormCard title="Forgot your password?" description="Enter the email you sign in with; we will mail you a link.">
      <ForgotPasswordForm />
    </FormCard>
  );
}

export { ForgotPasswordRoute as Component };
