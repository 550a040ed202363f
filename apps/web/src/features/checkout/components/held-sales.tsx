import { formatStoreTime } from '@ipos/contracts';
import { useStoreTimeZone } from '../../../lib/active-store';
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { HeldSale } from '@ipos/contracts';
import { useHeldSales } from '../api/checkout-api';

/** Asks for an optional label before the cart is put aside. */
export function HoldDialog({
  opened,
  submitting,
  onClose,
  onHold,
}: {
  opened: boolean;
  submitting: boolean;
  onClose: () => void;
  onHold: (label: string | undefined) => void;
}) {
  const [label, setLabel] = useState('');
  return (
    <Modal opened={opened} onClose={onClose} title="Hold this sale">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onHold(label.trim() || undefined);
          setLabel('');
        }}
      >
        <Stack>
          <TextInput
            label="Label (optional)"
            placeholder="Mama Titi, blue bag…"
            value={label}
            maxLength={60}
            onChange={(e) => setLabel(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              Hold sale
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The held carts of the store (any till's), oldest first: resume one or throw it away. */
export function HeldSalesDialog({
  storeId,
  opened,
  busyId,
  onClose,
  onResume,
  onDiscard,
}: {
  storeId: string;
  opened: boolean;
  busyId: string | null;
  onClose: () => void;
  onResume: (held: HeldSale) => void;
  onDiscard: (held: HeldSale) => void;
}) {
  const timeZone = useStoreTimeZone();
  const held = useHeldSales(storeId);
  return (
    <Modal opened={opened} onClose={onClose} title="Held sales" size="lg">
      {held.isPending ? (
        <Text c="dimmed">Loading…</Text>
      ) : held.isError ? (
        <Text c="red">The held sales could not be loaded.</Text>
      ) : held.data.items.length === 0 ? (
        <Text c="dimmed">No sale is on hold.</Text>
      ) : (
        <Stack gap="xs" role="list" aria-label="Held sales">
          {held.data.items.map((h) => (
            <Group key={h.id} justify="space-between" role="listitem" wrap="nowrap">
              <Stack gap={0}>
                <Text fw={600}>{h.label ?? `${h.lineCount} item${h.lineCount === 1 ? '' : 's'}`}</Text>
                <Text size="xs" c="dimmed">
                  {h.lineCount} line{h.lineCount === 1 ? '' : 's'} · held by {h.heldBy.name} at{' '}
                  {formatStoreTime(h.createdAt, timeZone)}
                </Text>
              </Stack>
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="subtle" color="red" disabled={busyId !== null} onClick={() => onDiscard(h)}>
                  Discard
                </Button>
                <Button size="xs" loading={busyId === h.id} disabled={busyId !== null} onClick={() => onResume(h)}>
                  Resume
                </Button>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Modal>
  );
}

/** How many carts are held now, for the "Held (n)" button. */
export function useHeldCount(storeId: string): number {
  return useHeldSales(storeId).data?.items.length ?? 0;
}
