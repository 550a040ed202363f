import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { BusinessDetail } from '@ipos/contracts';
import { formatMoney } from '../../../lib/money';

/** A business's stores, each with its code, its own day and today's figures; "Add a store" opens the dialog. */
export function BusinessStoresSection({ business: data, onAdd }: { business: BusinessDetail; onAdd: () => void }) {
  const money = (minor: number) => formatMoney(minor, data.currency);
  return (
    <Stack gap="sm" component="section" aria-labelledby="stores-title">
      <Group justify="space-between">
        <Title order={2} size="h4" id="stores-title">
          Stores
        </Title>
        <Button variant="light" onClick={onAdd}>
          Add a store
        </Button>
      </Group>
      <Card withBorder padding={0} radius="md">
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Stores">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Store</Table.Th>
                <Table.Th scope="col">Code</Table.Th>
                <Table.Th scope="col">Time zone</Table.Th>
                <Table.Th scope="col" ta="right">
                  Sales today
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Net sales today
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Staff
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Low stock
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.stores.map((store) => (
                <Table.Tr key={store.id}>
                  <Table.Td fw={600}>
                    {store.name}
                    {store.address ? (
                      <Text size="xs" c="dimmed" fw={400}>
                        {store.address}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{store.alias}</Table.Td>
                  <Table.Td>
                    {store.timeZone}
                    <Text size="xs" c="dimmed">
                      Today is {store.today}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{store.todayFigures.salesCount}</Table.Td>
                  <Table.Td ta="right">{money(store.todayFigures.netSalesMinor)}</Table.Td>
                  <Table.Td ta="right">{store.staffCount}</Table.Td>
                  <Table.Td ta="right">{store.lowStockCount}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
}
