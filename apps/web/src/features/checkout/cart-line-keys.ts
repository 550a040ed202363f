import type { KeyboardEvent } from 'react';
import { toThousandths } from '@ipos/contracts';
import type { CartLine } from './cart';
import { cartLineElements, focusRegisterSearch, typeInto } from './register-focus';

/** The quantity box inside a cart line. */
function quantityInput(lineElement: HTMLElement) {
  return lineElement.querySelector<HTMLInputElement>('[data-quantity-of] input');
}

/** Focuses a cart line's quantity box with its text selected, so what is typed replaces it. */
export function editQuantityOf(lineElement: HTMLElement) {
  const input = quantityInput(lineElement);
  input?.focus();
  input?.select();
}

/**
 * The keys of a focused cart line (↑ from the empty search box reaches the last line):
 * ↑ ↓ move between lines (↓ past the last goes back to the search); + and − add or take one and
 * keep the line focused, so the key can be pressed again; a digit or Enter types a new quantity
 * (Enter in it goes back to the search); Delete removes the line and focuses the next one; Escape
 * goes back to the search, and so does a letter, which is typed there.
 */
export function onCartLineKeyDown(
  event: KeyboardEvent<HTMLElement>,
  { line, onQuantity, onRemove }: { line: CartLine; onQuantity: (quantity: number) => void; onRemove: () => void },
) {
  const element = event.currentTarget;
  if (event.target !== element || event.ctrlKey || event.metaKey || event.altKey) return;
  const lines = cartLineElements();
  const at = lines.indexOf(element);
  const { key } = event;
  if (key === 'ArrowUp' || key === 'ArrowDown') {
    event.preventDefault();
    const next = lines[at + (key === 'ArrowUp' ? -1 : 1)];
    if (next) next.focus();
    else if (key === 'ArrowDown') focusRegisterSearch();
  } else if (key === '+' || key === '-') {
    event.preventDefault();
    const quantity = (toThousandths(line.quantity) + (key === '+' ? 1000 : -1000)) / 1000;
    if (quantity > 0) onQuantity(quantity);
  } else if (key === 'Delete') {
    event.preventDefault();
    const next = lines[at + 1] ?? lines[at - 1];
    onRemove();
    if (next) next.focus();
    else focusRegisterSearch();
  } else if (key === 'Enter') {
    event.preventDefault();
    editQuantityOf(element);
  } else if (/^\d$/.test(key)) {
    event.preventDefault();
    const input = quantityInput(element);
    if (input) {
      input.focus();
      typeInto(input, key);
    }
  } else if (key === 'Escape') {
    event.preventDefault();
    focusRegisterSearch();
  } else if (/^\p{L}$/u.test(key)) {
    focusRegisterSearch();
  }
}
