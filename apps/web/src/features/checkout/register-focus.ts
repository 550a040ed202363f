import { SCAN_TARGET_ATTRIBUTE } from './use-scanner';

/**
 * Where the register's keyboard focus goes back to after each step (an add, a quantity change, a
 * paid sale): the search box, so the next key typed or scanned finds a product. Not on a touch
 * screen: focusing a text box there opens the on-screen keyboard over the tiles being tapped. The
 * last input decides (a tap is touch; a key or a mouse is not); before any, the device's kind.
 */
let lastInputWasTouch: boolean | null = null;

/** Keeps `lastInputWasTouch` current while the register is open; returns the clean-up. */
export function trackInputKind(): () => void {
  const onPointer = (event: PointerEvent) => {
    lastInputWasTouch = event.pointerType === 'touch';
  };
  const onKey = () => {
    lastInputWasTouch = false;
  };
  document.addEventListener('pointerdown', onPointer, true);
  document.addEventListener('keydown', onKey, true);
  return () => {
    document.removeEventListener('pointerdown', onPointer, true);
    document.removeEventListener('keydown', onKey, true);
  };
}

function touchFirst(): boolean {
  if (lastInputWasTouch !== null) return lastInputWasTouch;
  return window.matchMedia?.('(hover: none) and (pointer: coarse)').matches ?? false;
}

/** The register's search box (the one text box a scan may land in). */
export function registerSearchBox(): HTMLInputElement | null {
  return document.querySelector<HTMLInputElement>(`input[${SCAN_TARGET_ATTRIBUTE}]`);
}

/** Puts the focus in the search box, unless the cashier is working by touch. */
export function focusRegisterSearch(input: HTMLInputElement | null = registerSearchBox()) {
  if (!touchFirst()) input?.focus();
}

/** The cart's lines in the order shown, each focusable (↑ ↓ move between them). */
export function cartLineElements(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('[data-cart-line]')];
}

/** Sets what a text box holds as if typed (React sees an input event), the caret at its end. */
export function typeInto(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
