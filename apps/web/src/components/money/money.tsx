import type { CurrencyCode } from '@ipos/contracts';
import { Text, type TextProps } from '@mantine/core';
import { formatMoney } from '../../lib/money';
import classes from './money.module.css';

export interface MoneyProps extends Omit<TextProps, 'children'> {
  /** Integer minor units (kobo, cents…). */
  amountMinor: number | bigint;
  currency: CurrencyCode;
}

/** An amount with its currency's symbol; tabular digits so columns of amounts line up. */
export function Money({ amountMinor, currency, className, ...props }: MoneyProps) {
  return (
    <Text
      component="span"
      inherit
      data-currency={currency}
      className={className ? `${classes.money} ${className}` : classes.money}
      {...props}
    >
      {formatMoney(amountMinor, currency)}
    </Text>
  );
}
