import { Group, NativeSelect, TextInput } from '@mantine/core';
import type { CurrencyCode } from '@ipos/contracts';
import { MoneyInput } from '../../../components/money/money-input';
import { currencySymbol } from '../../../lib/money';
import type { DiscountType } from '../invoice-draft';

/** A discount: a percentage or an amount in the currency, chosen beside the field. */
export function DiscountField({
  label,
  visibleLabel,
  currency,
  type,
  value,
  error,
  onType,
  onChange,
}: {
  label: string;
  visibleLabel?: boolean;
  currency: CurrencyCode;
  type: DiscountType;
  value: string;
  error: string | undefined;
  onType: (type: DiscountType) => void;
  onChange: (value: string) => void;
}) {
  const typeSelect = (
    <NativeSelect
      aria-label={`${label}: type`}
      // A percentage, or an amount in the currency (₦).
      data={[
        { value: 'percent', label: '%' },
        { value: 'amount', label: currencySymbol(currency) },
      ]}
      value={type}
      w={64}
      onChange={(e) => onType(e.currentTarget.value as DiscountType)}
    />
  );
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      {type === 'amount' ? (
        <MoneyInput
          label={visibleLabel ? label : undefined}
          aria-label={label}
          currency={currency}
          value={value}
          error={error}
          placeholder="0"
          style={{ flex: 1 }}
          onChange={onChange}
        />
      ) : (
        <TextInput
          label={visibleLabel ? label : undefined}
          aria-label={label}
          inputMode="decimal"
          value={value}
          error={error}
          placeholder="0"
          rightSection="%"
          style={{ flex: 1 }}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      )}
      <div style={visibleLabel ? { paddingTop: 25 } : undefined}>{typeSelect}</div>
    </Group>
  );
}
