import { Stack, Text, Title } from '@mantine/core';
import { SaleExceptionsList } from '../../../features/checkout/sale-exceptions/sale-exceptions-list';
import { WithActiveStore } from '../with-active-store';

/**
 * `/dashboard/report/sale-exceptions`: what sales made offline left behind in the active store (stock
 * below zero, an old price, an item archived since), for managers to look into and resolve.
 */
export function SaleExceptionsRoute() {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Sold offline: to review</Title>
        <Text c="dimmed">
          Sales made while a till was offline stand as the customer paid. These are the ones the server would have
          refused online: check the stock or the price, then mark each resolved.
        </Text>
      </Stack>
      <WithActiveStore>
        {(store) => (
          <SaleExceptionsList
            currency={store.business.currency}
            timeZone={store.timeZone}
            canResolve={store.permissions.includes('inventory.adjust')}
          />
        )}
      </WithActiveStore>
    </Stack>
  );
}

export { SaleExceptionsRoute as Component };
