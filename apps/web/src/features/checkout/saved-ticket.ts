import { z } from 'zod';
import { productUnits, toThousandths, type RegisterSellable } from '@ipos/contracts';
import { deviceDb } from '../../lib/device-db';
import { reprice, type Cart, type CartLine } from './cart';

/** Whose ticket: one person's, in one store, on one register session. */
export interface TicketKey {
  accountId: string;
  storeId: string;
  sessionId: string;
}

const discountSchema = z.object({ type: z.enum(['amount', 'percent']), value: z.number() }).nullable();

/**
 * A saved cart as it comes back from the device. Checked on the way back: a newer version of the app
 * may read a ticket an older one saved; one it cannot read is left out rather than breaking the till.
 */
const savedCartSchema: z.ZodType<Cart> = z.object({
  lines: z.array(
    z.object({
      variantId: z.string(),
      productId: z.string(),
      name: z.string(),
      sku: z.string(),
      unit: z.enum(productUnits),
      unitPriceMinor: z.number(),
      taxRateBasisPoints: z.number(),
      taxInclusive: z.boolean(),
      isTracked: z.boolean(),
      onHand: z.number(),
      quantity: z.number(),
      discount: discountSchema,
    }),
  ),
  cartDiscount: discountSchema,
  customerId: z.string().nullable(),
});

const keyOf = (key: TicketKey): [string, string, string] => [key.accountId, key.storeId, key.sessionId];

/** Nothing rung up, no discount, no customer: there is no sale in progress to keep. */
export const isEmptyCart = (cart: Cart) =>
  cart.lines.length === 0 && cart.cartDiscount === null && cart.customerId === null;

/** The ticket this person left on this register session, or null. */
export async function loadTicket(key: TicketKey): Promise<Cart | null> {
  const row = await deviceDb().tickets.get(keyOf(key));
  if (!row) return null;
  const saved = savedCartSchema.safeParse(row.cart);
  return saved.success && !isEmptyCart(saved.data) ? saved.data : null;
}

/** Keeps the cart as this person's ticket; an empty cart (cleared, held, sold) removes it. */
export async function saveTicket(key: TicketKey, cart: Cart): Promise<void> {
  const tickets = deviceDb().tickets;
  if (isEmptyCart(cart)) await tickets.delete(keyOf(key));
  else await tickets.put({ ...key, cart, savedAt: new Date().toISOString() });
}

/** A closed register session sells no more: its tickets, whoever's, have nowhere to go back to. */
export async function forgetSessionTickets(sessionId: string): Promise<void> {
  await deviceDb().tickets.where('sessionId').equals(sessionId).delete();
}

/**
 * The saved ticket back on the register. Whatever was rung up while it loaded stays: its lines join
 * the ticket's (the same item adds to its line).
 */
export function restoreInto(current: Cart, saved: Cart): Cart {
  const lines: CartLine[] = [...saved.lines];
  for (const line of current.lines) {
    const i = lines.findIndex((l) => l.variantId === line.variantId);
    if (i < 0) lines.push(line);
    else
      lines[i] = {
        ...lines[i]!,
        quantity: (toThousandths(lines[i]!.quantity) + toThousandths(line.quantity)) / 1000,
      };
  }
  return {
    lines,
    cartDiscount: saved.cartDiscount ?? current.cartDiscount,
    customerId: saved.customerId ?? current.customerId,
  };
}

/**
 * A restored ticket priced again from the current sellables, as a resumed held sale is: its lines
 * take today's prices, taxes and on hand, and those no longer sold (absent from `sellables`) leave.
 * `restored` names the ticket's lines; lines added since are left as they are.
 */
export function repriceRestored(cart: Cart, restored: string[], sellables: Map<string, RegisterSellable>): Cart {
  const gone = new Set(restored.filter((id) => !sellables.has(id)));
  return reprice({ ...cart, lines: cart.lines.filter((l) => !gone.has(l.variantId)) }, sellables);
}

/** What pricing a saved ticket again changes: lines no longer sold, lines at another price or tax. */
export function priceChanges(saved: Cart, sellables: Map<string, RegisterSellable>) {
  let dropped = 0;
  let repriced = 0;
  for (const line of saved.lines) {
    const now = sellables.get(line.variantId);
    if (!now) dropped += 1;
    else if (
      now.priceMinor !== line.unitPriceMinor ||
      now.taxRateBasisPoints !== line.taxRateBasisPoints ||
      now.taxInclusive !== line.taxInclusive
    )
      repriced += 1;
  }
  return { dropped, repriced };
}
