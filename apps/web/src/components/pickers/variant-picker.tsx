import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { CurrencyCode, RegisterSellable } from '@ipos/contracts';
import { formatMoney } from '../../lib/money';
import { formatQuantity } from '../../lib/quantity';
import { useVariantSearch, variantSearchOptions } from './picker-queries';

/**
 * Find a product variant by name, SKU or barcode and add it to a document (a purchase order, an
 * invoice, a waste record). Arrow keys pick, Enter adds; the input clears after a pick so the next
 * product can be typed at once. `price` chooses which figure each option shows.
 *
 * A scanner types a barcode and Enter faster than the search answers: Enter then waits for the
 * answer to this very text and adds its first match, never an option left from the previous search.
 * Enter never submits the surrounding form.
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
  // The options on screen answer what is typed now (not the previous search kept while loading).
  const fresh = q.trim() !== '' && debounced === q && search.isSuccess && !search.isPlaceholderData;
  const queryClient = useQueryClient();
  /** The text as typed now, for an answer that arrives after Enter. */
  const typed = useRef('');

  const add = (variant: RegisterSellable) => {
    onPick(variant);
    typed.current = '';
    setQ('');
    combobox.closeDropdown();
  };
  const pick = (variantId: string) => {
    const variant = items.find((v) => v.variantId === variantId);
    if (variant) add(variant);
  };
  const isAdded = (v: RegisterSellable) => excludeVariantIds?.has(v.variantId) ?? false;

  /** Enter before the answer (a scanner): search this exact text now and add its first match. */
  const addFirstMatchOf = async (text: string) => {
    try {
      const answer = await queryClient.fetchQuery(variantSearchOptions(storeId, text));
      const first = answer.items.find((v) => !isAdded(v));
      if (first && typed.current === text) add(first);
    } catch {
      // The dropdown says the search failed.
    }
  };

  useEffect(() => {
    // A fresh answer highlights its first option, so Enter adds it.
    if (fresh && items.some((v) => !isAdded(v))) combobox.selectFirstOption();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fresh, search.data]);

  return (
    <Combobox store={combobox} onOptionSubmit={pick} withinPortal={false}>
      <Combobox.Target>
        <TextInput
          label={label}
          placeholder={placeholder}
          value={q}
          autoFocus={autoFocus}
          onChange={(e) => {
            typed.current = e.currentTarget.value;
            setQ(e.currentTarget.value);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
            // Never the form's submit; the combobox adds the highlighted option itself.
            e.preventDefault();
            if (q.trim() !== '' && !fresh) void addFirstMatchOf(q);
          }}
          onFocus={() => q && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          rightSection={search.isFetching ? <Loader size="xs" /> : null}
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
              const added = isAdded(v);
              // The cost is null for a role without inventory.costs: the row then shows no price.
              const amount = price === 'cost' ? v.costPriceMinor : v.priceMinor;
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
                    {amount === null ? null : (
                      <Text size="sm" ff="monospace">
                        {formatMoney(amount, currency)}
                      </Text>
                    )}
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
