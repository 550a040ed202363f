import { Alert, Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { PurchaseOrderSummary } from '@ipos/contracts';
import { pathTo } from '../../../../lib/route-paths';

/**
 * After ordering: a link to each purchase order created, and how many products were left out for
 * want of a preferred vendor; or, when nothing was ordered, that open orders already cover it.
 */
export function RestockOrdersNotice({
  created,
  notOrdered,
  onClose,
}: {
  created: PurchaseOrderSummary[];
  /** Products with no preferred vendor, left out; null before any vendor ordering. */
  notOrdered: number | null;
  onClose: () => void;
}) {
  return (
    <>
      {created.length > 0 ? (
        <Alert color="green" title="Purchase orders created" withCloseButton onClose={onClose}>
          <Group gap="md">
            {created.map((order) => (
              <Anchor
                key={order.id}
                component={Link}
                to={pathTo('dashboard.purchase-order.view/:id', { id: order.id })}
              >
                Open {order.number} ({order.vendor.name})
              </Anchor>
            ))}
          </Group>
          {notOrdered ? (
            <Text size="sm" mt="xs">
              {notOrdered} {notOrdered === 1 ? 'product has' : 'products have'} no preferred vendor and{' '}
              {notOrdered === 1 ? 'was' : 'were'} not ordered.
            </Text>
          ) : null}
        </Alert>
      ) : notOrdered !== null ? (
        <Alert color="blue" withCloseButton onClose={onClose}>
          Nothing to order from a preferred vendor: open orders already cover it.
        </Alert>
      ) : null}
    </>
  );
}
