import { PinUnlockScreen } from './pin-unlock';

/** `/timeout/enter-pin`: TimeoutEnterPin, shown after inactivity (spec sections 2 and 4). */
export function TimeoutEnterPinRoute() {
  return (
    <PinUnlockScreen
      title="Enter your PIN"
      description="iPos was locked after a period of inactivity. Enter your PIN to carry on where you left off."
    />
  );
}

export { TimeoutEnterPinRoute as Component };
