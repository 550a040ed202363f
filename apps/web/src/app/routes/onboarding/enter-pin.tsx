import { RequireSignIn } from '../../../features/identity/components/require-sign-in';
import { PinUnlockScreen } from '../timeout/pin-unlock';

/** `/onboarding/enter-pin`: confirms it is still the signed-in person before going on. */
export function EnterPinRoute() {
  return (
    <RequireSignIn>
      <PinUnlockScreen title="Enter your PIN" description="Enter your PIN to continue." />
    </RequireSignIn>
  );
}

export { EnterPinRoute as Component };
