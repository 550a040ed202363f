import { Anchor, Card, Stack, Table, Text, Title } from '@mantine/core';
import type { LowStockAlert } from '@ipos/contracts';
import { Link } from 'react-router';
import { formatQuantity } from '../../../lib/quantity';
import { pathTo } from '../../../lib/route-paths';

/** The lowest stock across the owner's stores, each with its store and business. */
export function LowStock({ items, total }: { items: LowStockAlert[]; total: number }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="low-stock-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="low-stock-title">
          Low-stock alerts
        </Title>
        {items.length === 0 ? (
          <Text c="dimmed" size="sm">
            Nothing is at or below its reorder level.
          </Text>
        ) : (
          <>
            {total > items.length ? (
              <Text size="sm" c="dimmed">
                The {items.length} lowest of {total}.
              </Text>
            ) : null}
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="xs" aria-label="Low-stock alerts">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Product</Table.Th>
                    <Table.Th>Store</Table.Th>
                    <Table.Th ta="right">On hand</Table.Th>
                    <Table.Th ta="right">Reorder level</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((alert) => (
                    <Table.Tr key={`${alert.storeId}:${alert.variantId}`}>
                      <Table.Td>
                        {alert.name}
                        <Text size="xs" c="dimmed">
                          {alert.sku}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {alert.storeName}
                        <Text size="xs" c="dimmed">
                          <Anchor
                            component={Link}
                            to={pathTo('dashboard.business.view/:id', { id: alert.businessId })}
                            inherit
                          >
                            {alert.businessName}
                          </Anchor>
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right" c={alert.onHand <= 0 ? 'red' : undefined}>
                        {formatQuantity(alert.onHand)}
                      </Table.Td>
                      <Table.Td ta="right">{formatQuantity(alert.reorderLevel)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    </Card>
  );
}
