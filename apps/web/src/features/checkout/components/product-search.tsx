import { forwardRef, useEffect, useRef, useState } from 'react';
import { Badge, Card, Group, Loader, Stack, Text, TextInput, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { CurrencyCode, RegisterSellable } from '@ipos/contracts';
import { LoadError } from '../../../components/feedback/load-states';
import { Money } from '../../../components/money/money';
import { formatQuantity } from '../../../lib/quantity';
import { useRegisterSearch } from '../catalogue/use-catalogue';
import { readQuantityShortcut } from '../quantity-shortcut';
import { cartLineElements, focusRegisterSearch } from '../register-focus';
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
 * Typing `3*` sets the quantity of the next item added (shown beside the box, and said to screen
 * readers); `/` is the key that comes here, never typed; ↑ in the empty box goes to the cart's last
 * line. It takes the focus when the register opens.
 */
export const ProductSearch = forwardRef<
  HTMLInputElement,
  {
    storeId: string;
    currency: CurrencyCode;
    onAdd: (sellable: RegisterSellable) => void;
    /** The quantity typed as `3*`, for the next item added. */
    pendingQuantity: number | null;
    onPendingQuantity: (quantity: number | null) => void;
  }
>(function ProductSearch({ storeId, currency, onAdd, pendingQuantity, onPendingQuantity }, ref) {
  const [text, setText] = useState('');
  const [quantityError, setQuantityError] = useState<string | null>(null);
  const [rawHighlight, setHighlight] = useState(0);
  const search = useRegisterSearch(storeId, text);
  const { items, answered } = search;
  const highlight = Math.min(rawHighlight, Math.max(items.length - 1, 0));
  // What is typed, for an answer that arrives after Enter: it only counts if nothing was typed since.
  const typed = useRef('');
  const changeText = (typedText: string) => {
    const shortcut = readQuantityShortcut(typedText);
    if (shortcut?.ok) onPendingQuantity(shortcut.quantity);
    setQuantityError(shortcut && !shortcut.ok ? shortcut.message : null);
    const value = shortcut ? '' : typedText;
    typed.current = value;
    setText(value);
    setHighlight(0);
  };
  useEffect(() => focusRegisterSearch(), []);

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
      if (text.trim() === '') cartLineElements().at(-1)?.focus();
      else setHighlight((h) => Math.max(h - 1, 0));
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
    } else if (event.key === 'Escape') {
      onPendingQuantity(null);
      changeText('');
    } else if (event.key === '/') {
      // The search's own key: here it selects what is typed, so the next keys replace it.
      event.preventDefault();
      event.currentTarget.select();
    }
  };

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
        aria-controls={LIST_ID}
        aria-autocomplete="list"
        aria-activedescendant={items[highlight] ? `sellable-${items[highlight].variantId}` : undefined}
        leftSection={
          pendingQuantity !== null && (
            <Badge variant="filled" size="lg" data-testid="pending-quantity">
              {formatQuantity(pendingQuantity)} ×
            </Badge>
          )
        }
        leftSectionWidth={pendingQuantity !== null ? 84 : undefined}
        rightSection={search.searching ? <Loader size="xs" /> : null}
        error={quantityError}
        errorProps={{ role: 'alert' }}
        autoComplete="off"
        size="md"
      />
      <VisuallyHidden aria-live="polite" data-testid="pending-quantity-said">
        {pendingQuantity !== null ? `Quantity ${formatQuantity(pendingQuantity)} for the next item` : ''}
      </VisuallyHidden>
      {text.trim() !== '' && (
        <SearchResults
          search={search}
          text={text}
          highlight={highlight}
          currency={currency}
          onHighlight={setHighlight}
          onAdd={add}
        />
      )}
    </Stack>
  );
});

const LIST_ID = 'register-search-results';

/** What the search found for `text` (or why nothing), the highlighted one marked. */
function SearchResults({
  search,
  text,
  highlight,
  currency,
  onHighlight,
  onAdd,
}: {
  search: ReturnType<typeof useRegisterSearch>;
  text: string;
  highlight: number;
  currency: CurrencyCode;
  onHighlight: (index: number) => void;
  onAdd: (sellable: RegisterSellable) => void;
}) {
  const { items } = search;
  return (
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
        <div role="listbox" id={LIST_ID} aria-label="Products found">
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
              onMouseEnter={() => onHighlight(i)}
              onClick={() => onAdd(s)}
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
  );
}
