import { useState } from 'react';
import { Button, Card, Stack, Tabs, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ProductList } from '../../../features/catalog/components/product-list';
import { SoldBelowZeroNotice } from '../../../features/checkout/sale-exceptions/sold-below-zero-notice';
import { StockCountsPanel } from '../../../features/inventory/components/stock-counts-panel';
import { StockTransfersPanel } from '../../../features/inventory/components/stock-transfers-panel';
import { useWorkingContext } from '../../working-context';
import { TransferSelectedDialog } from './transfer-selected';

const tabs = ['products', 'counts', 'transfers'] as const;
type Tab = (typeof tabs)[number];

/** `/dashboard/inventory`: products, stock counts and transfers of the active store; the tab is in the URL. */
export function InventoryRoute() {
  const { access, membership, session } = useWorkingContext();
  const [transferring, setTransferring] = useState<{ productIds: string[]; clear: () => void } | null>(null);
  const canTransfer = access.permissions.includes('inventory.transfer') && session.storeId !== null;
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = tabs.includes(raw as Tab) ? (raw as Tab) : 'products';
  const choose = (value: string | null) => {
    // Each tab has its own filters: a tab change starts with none.
    setParams(value && value !== 'products' ? { tab: value } : {});
  };
  return (
    <Stack gap="lg">
      <Title order={1}>Inventory</Title>
      <SoldBelowZeroNotice canReview={access.permissions.includes('reports.view') && session.storeId !== null} />
      <Tabs value={tab} onChange={choose} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="products">Products</Tabs.Tab>
          <Tabs.Tab value="counts">Stock counts</Tabs.Tab>
          <Tabs.Tab value="transfers">Transfers</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="products">
          {membership ? (
            <ProductList
              currency={membership.currency}
              canManage={access.permissions.includes('inventory.manage')}
              canTax={access.permissions.includes('settings.tax')}
              canSeeCosts={access.permissions.includes('inventory.costs')}
              selectionActions={
                canTransfer
                  ? (selection) => (
                      <Button variant="default" onClick={() => setTransferring(selection)}>
                        Transfer selected ({selection.productIds.length})
                      </Button>
                    )
                  : undefined
              }
            />
          ) : (
            <Card withBorder padding="lg" radius="md">
              <Text>Choose a store to work in: stock and prices are per store.</Text>
            </Card>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="counts">
          <StockCountsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="transfers">
          <StockTransfersPanel />
        </Tabs.Panel>
      </Tabs>
      {transferring && membership && session.storeId ? (
        <TransferSelectedDialog
          productIds={transferring.productIds}
          storeId={session.storeId}
          currency={membership.currency}
          onClose={() => setTransferring(null)}
          onSent={() => {
            transferring.clear();
            setTransferring(null);
          }}
        />
      ) : null}
    </Stack>
  );
}

export { InventoryRoute as Component };
