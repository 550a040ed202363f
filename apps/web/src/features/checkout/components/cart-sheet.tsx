import { useState } from 'react';
import { Button, Drawer, Stack, Text, UnstyledButton, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { unitAllowsFractions, type CurrencyCode } from '@ipos/contracts';
import { formatMoney } from '../../../lib/money';
import type { Cart } from '../cart';
import classes from './checkout.module.css';

/**
 * Whether the register is on a phone (the `xs` breakpoint, as the dialogs' full-screen sheets): the
 * cart is then a bar at the foot of the screen that opens as a sheet. Read at once, not after a first
 * paint, so a phone never flashes the till's layout.
 */
export function useIsPhoneRegister(): boolean {
  const { breakpoints } = useMantineTheme();
  return useMediaQuery(`(max-width: ${breakpoints.xs})`, false, { getInitialValueInEffect: false });
}

/** Pieces in the cart: counted goods by their quantity, a weighed line as one. */
export function itemCountOf(cart: Cart): number {
  return cart.lines.reduce((n, line) => n + (unitAllowsFractions(line.unit) ? 1 : line.quantity), 0);
}

/**
 * The cart on a phone: a bar always at the foot of the screen (how many items, the total, Pay) and,
 * from a tap on it, the cart itself (`children`: its lines, totals and the same Pay) as a sheet over
 * the tiles, closed by its Close button, Escape or a tap outside. It opens by itself when a weighed
 * item is added (`weighOf` changes), for its weight to be typed.
 */
export function CartSheet({
  cart,
  totalMinor,
  currency,
  payDisabled,
  weighOf,
  onPay,
  children,
}: {
  cart: Cart;
  totalMinor: number;
  currency: CurrencyCode;
  payDisabled: boolean;
  weighOf: string | null;
  onPay: () => void;
  children: React.ReactNode;
}) {
  const [opened, setOpened] = useState(false);
  // A weighed item just added opens the sheet (state adjusted while rendering, not in an effect).
  const [weighing, setWeighing] = useState(weighOf);
  if (weighOf !== weighing) {
    setWeighing(weighOf);
    if (weighOf) setOpened(true);
  }
  const items = itemCountOf(cart);
  const total = formatMoney(totalMinor, currency);
  return (
    <>
      <div className={classes.sheetBar} data-testid="cart-bar">
        <UnstyledButton
          className={classes.sheetHandle}
          onClick={() => setOpened(true)}
          aria-haspopup="dialog"
          aria-expanded={opened}
          aria-label={`Cart: ${items} item${items === 1 ? '' : 's'}, ${total}`}
        >
          <Stack gap={0}>
            <Text size="sm" c="dimmed" data-testid="cart-bar-items">
              Cart · {items} item{items === 1 ? '' : 's'}
            </Text>
            <Text fw={800} size="lg" data-testid="cart-bar-total">
              {total}
            </Text>
          </Stack>
        </UnstyledButton>
        <Button size="lg" onClick={onPay} disabled={payDisabled}>
          Pay {total}
        </Button>
      </div>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="bottom"
        size="90%"
        title="Cart"
        closeButtonProps={{ 'aria-label': 'Close', size: 'xl' }}
        classNames={{ content: classes.sheetContent, body: classes.sheetBody }}
      >
        {children}
      </Drawer>
    </>
  );
}
