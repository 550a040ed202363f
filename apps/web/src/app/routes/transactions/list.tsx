import { Stack, Text, Title } from '@mantine/core';
import { SalesList } from '../../../features/transactions/components/sales-list';
import { WithActiveStore } from '../with-active-store';

/** `/dashboard/transactions`: the sales of the active store, filtered, with their totals. */
export function TransactionsRoute() {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Transactions</Title>
        <Text c="dimmed">Every sale of this store: find one to reprint its receipt, refund or void it.</Text>
      </Stack>
      <WithActiveStore>
        {(store) => (
          <SalesList
            currency={store.business.currency}
            timeZone={store.timeZone}
            canSell={store.permissions.includes('checkout.sell')}
          />
        )}
      </WithActiveStore>
    </Stack>
  );
}

export { TransactionsRoute as Component };
