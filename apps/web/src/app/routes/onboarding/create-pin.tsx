import { CreatePinForm } from '../../../features/accounts/components/pin/create-pin-form';
import { ForcedStep } from './forced-step';

/**
 * `/onboarding/create-pin`: forced after sign-in while the account has no PIN. Once created, the
 * person continues to the return path.
 */
export function CreatePinRoute() {
  return (
    <ForcedStep
      title="Create your PIN"
      description="Your PIN unlocks iPos after a break, so nobody else can use your session."
      isDone={(me) => me.hasPin}
      isLast
    >
      {(complete) => (
        <CreatePinForm onCreated={() => complete({ hasPin: true, isPinLocked: false }, 'Your PIN is set.')} />
      )}
    </ForcedStep>
  );
}

export { CreatePinRoute as Component };
