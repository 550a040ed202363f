import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { REGISTER_FAVOURITES_MAX, type CurrencyCode, type RegisterSellable } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { describeApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useSetRegisterFavourites } from '../api/register-favourites';
import { useFavouriteTiles, useRegisterSearch } from '../catalogue/use-catalogue';

/** What a refused save says: each refused item's own reason, else the error in plain words. */
const refusal = (error: unknown) =>
  isApiError(error) && error.fieldErrors.length > 0
    ? error.fieldErrors.map((e) => e.message).join('; ')
    : describeApiError(error);

/** One pinned favourite, with the buttons that move it and unpin it. */
function PinnedRow({
  sellable,
  currency,
  isFirst,
  isLast,
  onMove,
  onUnpin,
}: {
  sellable: RegisterSellable;
  currency: CurrencyCode;
  isFirst: boolean;
  isLast: boolean;
  onMove: (by: -1 | 1) => void;
  onUnpin: () => void;
}) {
  const { name } = sellable;
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="xs">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate>
          {name}
        </Text>
        <Money amountMinor={sellable.priceMinor} currency={currency} size="xs" c="dimmed" />
      </Stack>
      <Group gap={4} wrap="nowrap">
        <Button
          size="xs"
          variant="default"
          disabled={isFirst}
          onClick={() => onMove(-1)}
          aria-label={`Move up: ${name}`}
        >
          Move up
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={isLast}
          onClick={() => onMove(1)}
          aria-label={`Move down: ${name}`}
        >
          Move down
        </Button>
        <Button size="xs" variant="subtle" color="red" onClick={onUnpin} aria-label={`Unpin ${name}`}>
          Unpin
        </Button>
      </Group>
    </Group>
  );
}

/**
 * The register's favourites for a manager (settings.store): find items to pin, put them in order,
 * unpin them, then save the whole list at once. With none pinned the register shows the best sellers,
 * which can be the starting point.
 */
export function FavouritesEditor({
  storeId,
  currency,
  onClose,
}: {
  storeId: string;
  currency: CurrencyCode;
  onClose: () => void;
}) {
  const favourites = useFavouriteTiles(storeId);
  const save = useSetRegisterFavourites(storeId);
  // Null until the first change: the list as the server has it.
  const [draft, setDraft] = useState<RegisterSellable[] | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const search = useRegisterSearch(storeId, text);
  const pinned = draft ?? (favourites.kind === 'favourites' ? favourites.items : []);
  const isFull = pinned.length >= REGISTER_FAVOURITES_MAX;
  const isPinned = (s: RegisterSellable) => pinned.some((p) => p.variantId === s.variantId);

  const pin = (s: RegisterSellable) => {
    if (!isFull && !isPinned(s)) setDraft([...pinned, s]);
    setText('');
  };
  const move = (i: number, by: -1 | 1) => {
    const next = [...pinned];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    setDraft(next);
  };
  const submit = () => {
    setError(null);
    save.mutate(
      { version: favourites.version, variantIds: pinned.map((s) => s.variantId) },
      {
        onSuccess: () => {
          toast.show({ type: 'success', message: 'Favourites saved: the register opens on them.' });
          onClose();
        },
        onError: (e) => {
          setError(refusal(e));
          // Someone else saved meanwhile: show their list, to change again.
          if (isApiError(e) && e.code === 'VERSION_CONFLICT') setDraft(null);
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Register favourites" size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          The register opens on these tiles, in this order (up to {REGISTER_FAVOURITES_MAX}). With none pinned it shows
          the store’s best sellers.
        </Text>
        <TextInput
          label="Pin an item"
          placeholder="Name, SKU or barcode"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          disabled={isFull}
          description={isFull ? `${REGISTER_FAVOURITES_MAX} pinned: unpin one to pin another.` : undefined}
          data-autofocus
        />
        {text.trim() !== '' && (
          <Stack gap={4} role="list" aria-label="Items found">
            {search.items.slice(0, 8).map((s) => (
              <Group key={s.variantId} role="listitem" justify="space-between" wrap="nowrap">
                <Text size="sm" truncate>
                  {s.name} <Money amountMinor={s.priceMinor} currency={currency} size="xs" c="dimmed" span />
                </Text>
                <Button
                  size="xs"
                  variant="light"
                  disabled={isPinned(s)}
                  onClick={() => pin(s)}
                  aria-label={`Pin ${s.name}`}
                >
                  {isPinned(s) ? 'Pinned' : 'Pin'}
                </Button>
              </Group>
            ))}
            {search.items.length === 0 && (
              <Text size="sm" c="dimmed">
                {search.searching || search.loadingCatalogue ? 'Searching…' : `Nothing matches “${text.trim()}”.`}
              </Text>
            )}
          </Stack>
        )}
        {favourites.kind === 'best-sellers' && draft === null && favourites.items.length > 0 && (
          <Button variant="light" onClick={() => setDraft(favourites.items.slice(0, REGISTER_FAVOURITES_MAX))}>
            Start from the best sellers
          </Button>
        )}
        {pinned.length === 0 ? (
          <Text size="sm">No favourites pinned.</Text>
        ) : (
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Pinned favourites">
            {pinned.map((s, i) => (
              <PinnedRow
                key={s.variantId}
                sellable={s}
                currency={currency}
                isFirst={i === 0}
                isLast={i === pinned.length - 1}
                onMove={(by) => move(i, by)}
                onUnpin={() => setDraft(pinned.filter((p) => p.variantId !== s.variantId))}
              />
            ))}
          </Stack>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert" title="The favourites were not saved">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={draft === null}>
            Save favourites
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
