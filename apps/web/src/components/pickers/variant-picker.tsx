import { useState } from 'react';
import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { CurrencyCode, RegisterSellable } from '@ipos/contracts';
import { formatMoney } from '../../lib/money';
import { formatQuantity } from '../../lib/quantity';
import { useVariantSearch } from './picker-queries';

/**
 * Find a product variant by name, SKU or barcode and add it to a document (a purchase order, an
 * invoice, a waste record). Arrow keys pick, Enter adds; the input clears after a pick so the next
 * product can be typed at once. `price` chooses which figure each option shows.
 */
export function VariantPicker({
  storeId,
  currency,
  onPick,
  price = 'selling',
  label = 'Add a product',
  placeholder = 'Name, SKU or barcode',
  excludeVariantIds,
  autoFocus,
}: {
  storeId: string;
  currency: CurrencyCode;
  onPick: (variant: RegisterSellable) => void;
  price?: 'selling' | 'cost';
  label?: string;
  placeholder?: string;
  /** Variants already on the document, shown as added. */
  excludeVariantIds?: ReadonlySet<string>;
  autoFocus?: boolean;
}) {
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 150);
  const search = useVariantSearch(storeId, debounced);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const items = search.data?.items ?? [];

  const pick = (variantId: string) => {
    const variant = items.find((v) => v.variantId === variantId);
    if (!variant) return;
    onPick(variant);
    setQ('');
    combobox.closeDropdown();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={pick} withinPortal={false}>
      <Combobox.Target>
        <TextInput
          label={label}
          placeholder={placeholder}
          value={q}
          autoFocus={autoFocus}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => q && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          rightSection={search.isFetching ? <Loader size="xs" /> : null}
          aria-label={label}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={debounced.trim() === ''}>
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }}>
          {search.isError ? (
            <Combobox.Empty>The search failed: check the connection and type again.</Combobox.Empty>
          ) : items.length === 0 ? (
            <Combobox.Empty>{search.isPending ? 'Searching…' : 'No product matches'}</Combobox.Empty>
          ) : (
            items.map((v) => {
              const added = excludeVariantIds?.has(v.variantId) ?? false;
              return (
                <Combobox.Option value={v.variantId} key={v.variantId} disabled={added}>
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" truncate>
                        {v.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {v.sku}
                        {v.isTracked ? ` · ${formatQuantity(v.onHand, v.unit)} on hand` : ''}
                        {added ? ' · already added' : ''}
                      </Text>
                    </div>
                    <Text size="sm" ff="monospace">
                      {formatMoney(price === 'cost' ? v.costPriceMinor : v.priceMinor, currency)}
                    </Text>
                  </Group>
                </Combobox.Option>
              );
            })
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
