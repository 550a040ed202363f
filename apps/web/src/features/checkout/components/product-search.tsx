import { forwardRef, useRef, useState } from 'react';
import { Card, Group, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import type { CurrencyCode, RegisterSellable } from '@ipos/contracts';
import { LoadError } from '../../../components/feedback/load-states';
import { Money } from '../../../components/money/money';
import { formatQuantity } from '../../../lib/quantity';
import { useRegisterSearch } from '../catalogue/use-catalogue';
import { SCAN_TARGET_ATTRIBUTE } from '../use-scanner';
import classes from './checkout.module.css';

function Stock({ sellable }: { sellable: RegisterSellable }) {
  if (!sellable.isTracked) return null;
  return (
    <Text span size="xs" c={sellable.onHand > 0 ? 'dimmed' : 'red'}>
      {formatQuantity(sellable.onHand, sellable.unit)} in stock
    </Text>
  );
}

/**
 * The search that answers as you type, from the store's catalogue on the device (until its first
 * download has finished, the server's, debounced, the previous answer kept while the next loads):
 * ArrowUp/ArrowDown move the highlight, Enter adds it, Escape clears. Below, the category tiles.
 * Enter pressed before the answer to what is typed has arrived (a quick typist, or a scanner whose
 * burst a busy till slowed into typing) is kept, and adds the best match once that answer is in.
 */
export const ProductSearch = forwardRef<
  HTMLInputElement,
  { storeId: string; currency: CurrencyCode; onAdd: (sellable: RegisterSellable) => void }
>(function ProductSearch({ storeId, currency, onAdd }, ref) {
  const [text, setText] = useState('');
  const [rawHighlight, setHighlight] = useState(0);
  const search = useRegisterSearch(storeId, text);
  const { items, answered } = search;
  const highlight = Math.min(rawHighlight, Math.max(items.length - 1, 0));
  // What is typed, for an answer that arrives after Enter: it only counts if nothing was typed since.
  const typed = useRef('');
  const changeText = (value: string) => {
    typed.current = value;
    setText(value);
    setHighlight(0);
  };

  const add = (sellable: RegisterSellable) => {
    onAdd(sellable);
    changeText('');
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setHighlight((h) => Math.min(h + 1, Math.max(items.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setHighlight((h) => Math.max(h - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // Only what the list shows for what is typed now (not a stale answer to a shorter search).
      if (answered) {
        if (items[highlight]) add(items[highlight]);
      } else if (text.trim()) {
        const pressedOn = text;
        search.bestFor(pressedOn).then(
          (best) => {
            if (typed.current === pressedOn && best) add(best);
          },
          () => undefined, // the list shows the error
        );
      }
    } else if (event.key === 'Escape') changeText('');
  };

  const listId = 'register-search-results';
  return (
    <Stack gap="xs">
      <TextInput
        ref={ref}
        {...{ [SCAN_TARGET_ATTRIBUTE]: '' }}
        label="Find a product"
        placeholder="Name, SKU or barcode — press / or F2"
        value={text}
        onChange={(e) => changeText(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-expanded={items.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={items[highlight] ? `sellable-${items[highlight].variantId}` : undefined}
        rightSection={search.searching ? <Loader size="xs" /> : null}
        autoComplete="off"
        size="md"
      />
      {text.trim() !== '' && (
        <Card withBorder padding={0} radius="md" className={classes.results}>
          {search.error ? (
            <LoadError
              title="The search failed"
              error={search.error}
              onRetry={search.retry}
              isRetrying={search.searching}
            />
          ) : items.length === 0 ? (
            <Text p="sm" c="dimmed">
              {search.loadingCatalogue
                ? 'Loading catalogue…'
                : search.searching
                  ? 'Searching…'
                  : `Nothing matches “${text.trim()}”.`}
            </Text>
          ) : (
            <div role="listbox" id={listId} aria-label="Products found">
              {items.map((s, i) => (
                <UnstyledButton
                  key={s.variantId}
                  id={`sellable-${s.variantId}`}
                  role="option"
                  aria-selected={i === highlight}
                  data-highlighted={i === highlight || undefined}
                  className={classes.result}
                  tabIndex={-1}
                  w="100%"
                  px="sm"
                  py={6}
                  onMouseEnter={() => setHighlight(i)}
                  onClick={() => add(s)}
                >
                  <Group justify="space-between" wrap="nowrap">
                    <Stack gap={0}>
                      <Text size="sm" fw={600}>
                        {s.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {s.sku}
                        {s.barcode ? ` · ${s.barcode}` : ''} <Stock sellable={s} />
                      </Text>
                    </Stack>
                    <Money amountMinor={s.priceMinor} currency={currency} fw={600} />
                  </Group>
                </UnstyledButton>
              ))}
            </div>
          )}
        </Card>
      )}
    </Stack>
  );
});
