import { Card, Stack, Tabs, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ProductList } from '../../../features/catalog/components/product-list';
import { StockCountsPanel } from '../../../features/inventory/components/stock-counts-panel';
import { StockTransfersPanel } from '../../../features/inventory/components/stock-transfers-panel';
import { useWorkingContext } from '../../working-context';

const tabs = ['products', 'counts', 'transfers'] as const;
type Tab = (typeof tabs)[number];

/** `/dashboard/inventory`: products, stock counts and transfers of the active store; the tab is in the URL. */
export function InventoryRoute() {
  const { access, membership } = useWorkingContext();
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
    </Stack>
  );
}

export { InventoryRoute as Component };
