import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import type { LowStockAlert } from '@ipos/contracts';
import { Link } from 'react-router';
import { ResponsiveTable } from '../../../components/table/responsive-table';
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
            <ResponsiveTable
              label="Low-stock alerts"
              columns={[
                {
                  key: 'product',
                  label: 'Product',
                  priority: 0,
                  minWidth: 128,
                  cell: (alert) => (
                    <>
                      {alert.name}
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {alert.sku}
                      </Text>
                    </>
                  ),
                },
                {
                  key: 'store',
                  label: 'Store',
                  priority: 1,
                  minWidth: 112,
                  cell: (alert) => (
                    <>
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
                    </>
                  ),
                },
                {
                  key: 'onHand',
                  label: 'On hand',
                  kind: 'number',
                  priority: 0,
                  tdProps: (alert) => ({ c: alert.onHand <= 0 ? 'red' : undefined }),
                  cell: (alert) => formatQuantity(alert.onHand),
                },
                {
                  key: 'reorderLevel',
                  label: 'Reorder level',
                  kind: 'number',
                  priority: 2,
                  cell: (alert) => formatQuantity(alert.reorderLevel),
                },
              ]}
              rows={items}
              rowKey={(alert) => `${alert.storeId}:${alert.variantId}`}
              rowLabel={(alert) => `${alert.name}, ${alert.storeName}`}
              tableProps={{ highlightOnHover: false }}
            />
          </>
        )}
      </Stack>
    </Card>
  );
}
