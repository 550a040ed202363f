import { useState } from 'react';
import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import type { CurrencyCode, Permission, Product } from '@ipos/contracts';
import { isRecordMissing, RecordNotFound, WhenLoaded } from '../../../components/feedback/load-states';
import { useActiveStore } from '../../../lib/active-store';
import { useProduct } from '../../../features/catalog/api/products';
import { LabelsDialog } from '../../../features/catalog/components/labels-dialog';
import { AdjustStockDialog } from '../../../features/inventory/components/adjust-stock-dialog';
import { MovementHistory } from '../../../features/inventory/components/movement-history';
import { StartCountDialog } from '../../../features/inventory/components/start-count-form';
import { StockByStore } from '../../../features/inventory/components/stock-by-store';
import { TransferDialog } from '../../../features/inventory/components/transfer-dialog';
import { useTaxRates } from '../../../features/taxes/api/tax-rates';
import { useWorkingContext } from '../../working-context';
import { pathTo } from '../../../lib/route-paths';
import { ProductVariantsTable } from './product-view/product-variants-table';
import { ProductViewHeader } from './product-view/product-view-header';

/** `/dashboard/inventory/view/:id`: a product, its variants, its stock in every store and its ledger. */
export function ProductViewRoute() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  if (product.isError && isRecordMissing(product.error))
    return (
      <RecordNotFound title="Product not found" backTo={pathTo('dashboard.inventory')} backLabel="Back to inventory">
        This product does not exist in this business, or it was removed.
      </RecordNotFound>
    );
  return (
    <WhenLoaded query={product} loadingLabel="Loading the product" errorTitle="We could not load this product">
      {(found) => <ProductView product={found} />}
    </WhenLoaded>
  );
}

type Dialog = 'adjust' | 'transfer' | 'labels' | 'count' | null;

function ProductView({ product }: { product: Product }) {
  const { access, session, membership } = useWorkingContext();
  const store = useActiveStore(session.storeId);
  const taxRates = useTaxRates(true);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);

  const can = (permission: Permission) => access.permissions.includes(permission);
  const currency: CurrencyCode = membership?.currency ?? store.data?.business.currency ?? 'NGN';
  const storeId = session.storeId;
  const variants = product.variants.filter((v) => !v.isArchived);
  const hasVariants = product.options.length > 0;
  const taxName = product.taxRateId
    ? (taxRates.data?.items.find((r) => r.id === product.taxRateId)?.name ?? '…')
    : 'Not taxed';
  // Stock moves only for tracked, live products; the API refuses the rest too.
  const stockActions = product.isTracked && !product.isArchived && storeId !== null;
  const stores = (variants[0]?.stores ?? []).map((s) => ({ id: s.storeId, name: s.storeName }));

  return (
    <Stack gap="xl">
      <Anchor component={Link} to={pathTo('dashboard.inventory')} size="sm">
        ← Inventory
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="lg">
        <ProductViewHeader product={product} taxName={taxName} />
        <Group gap="sm">
          {can('inventory.manage') ? (
            <Button variant="default" component={Link} to={pathTo('dashboard.inventory.edit/:id', { id: product.id })}>
              Edit
            </Button>
          ) : null}
          {stockActions && can('inventory.adjust') ? (
            <Button onClick={() => setDialog('adjust')}>Adjust stock</Button>
          ) : null}
          {stockActions && can('inventory.transfer') && stores.length > 1 ? (
            <Button variant="light" onClick={() => setDialog('transfer')}>
              Transfer
            </Button>
          ) : null}
          {stockActions && can('inventory.count') ? (
            <Button variant="light" onClick={() => setDialog('count')}>
              Count
            </Button>
          ) : null}
          <Button variant="default" onClick={() => setDialog('labels')}>
            Print labels
          </Button>
        </Group>
      </Group>

      <Stack gap="sm">
        <Title order={2} size="h3">
          {hasVariants ? 'Variants' : 'Details'}
        </Title>
        <ProductVariantsTable
          product={product}
          storeId={storeId}
          currency={currency}
          canSeeCosts={can('inventory.costs')}
        />
      </Stack>

      <Stack gap="sm">
        <Title order={2} size="h3">
          Stock in every store
        </Title>
        <StockByStore product={product} activeStoreId={storeId} currency={currency} />
      </Stack>

      <MovementHistory
        productId={product.id}
        unit={product.unit}
        stores={stores}
        hasVariants={hasVariants}
        activeStoreId={storeId}
        timeZone={store.data?.timeZone}
      />

      {storeId ? (
        <>
          <AdjustStockDialog
            opened={dialog === 'adjust'}
            onClose={() => setDialog(null)}
            product={product}
            storeId={storeId}
          />
          <TransferDialog
            opened={dialog === 'transfer'}
            onClose={() => setDialog(null)}
            product={product}
            storeId={storeId}
            currency={currency}
          />
          <StartCountDialog
            opened={dialog === 'count'}
            onClose={() => setDialog(null)}
            scope={{ kind: 'product', productId: product.id, productName: product.name }}
            storeName={store.data?.name}
            onStarted={(countId) => void navigate(pathTo('dashboard.inventory', {}, { tab: 'counts', count: countId }))}
          />
        </>
      ) : null}
      <LabelsDialog
        opened={dialog === 'labels'}
        onClose={() => setDialog(null)}
        items={variants.map((v) => ({
          variantId: v.id,
          name: v.label ? `${product.name} (${v.label})` : product.name,
        }))}
      />
    </Stack>
  );
}

export { ProductViewRoute as Component };
