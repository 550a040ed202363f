import { Button, Card, Group, Text } from '@mantine/core';

/** The lines ticked for the active store and "Create purchase order"; other stores' lines are ordered there. */
export function RestockSelectionBar({
  chosen,
  storeName,
  otherStores,
  onOrder,
}: {
  chosen: number;
  storeName: string;
  /** Some lines belong to other stores (they cannot be ticked here). */
  otherStores: boolean;
  onOrder: () => void;
}) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c={chosen > 0 ? undefined : 'dimmed'}>
          {chosen > 0
            ? `${chosen} line(s) selected for ${storeName}.`
            : `Tick lines of ${storeName} to order them from a vendor.`}
          {otherStores
            ? ' Orders are placed by the store that receives them: switch to another store to order its lines.'
            : ''}
        </Text>
        <Button disabled={chosen === 0} onClick={onOrder}>
          Create purchase order
        </Button>
      </Group>
    </Card>
  );
}
