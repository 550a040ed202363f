import { DefaultPasswordForm } from '../../../features/accounts/components/password/default-password-form';
import { ForcedStep } from './forced-step';

/**
 * `/onboarding/update-default-password`: forced right after sign-in while the account still has the
 * password it was given. Then on to creating a PIN when it has none, else to the return path.
 */
export function UpdateDefaultPasswordRoute() {
  return (
    <ForcedStep
      title="Choose your own password"
      description="You signed in with a password you were given. Replace it with one only you know."
      isDone={(me) => !me.mustChangePassword}
    >
      {(complete) => (
        <DefaultPasswordForm onReplaced={() => complete({ mustChangePassword: false }, 'Your password is changed.')} />
      )}
    </ForcedStep>
  );
}

export { UpdateDefaultPasswordRoute as Component };
