import { useState } from 'react';
import { Anchor, Badge, Box, Button, Card, Group, Image, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { productUnitLabels, type CurrencyCode, type Permission, type Product } from '@ipos/contracts';
import { isRecordMissing, LoadError, LoadingCard, RecordNotFound } from '../../../components/feedback/load-states';
import { Money } from '../../../components/money/money';
import { useActiveStore } from '../../../lib/active-store';
import { useProduct, useProductImageUrl } from '../../../features/catalog/api/products';
import { LabelsDialog } from '../../../features/catalog/components/labels-dialog';
import { AdjustStockDialog } from '../../../features/inventory/components/adjust-stock-dialog';
import { MovementHistory } from '../../../features/inventory/components/movement-history';
import { StartCountDialog } from '../../../features/inventory/components/start-count-form';
import { StockByStore } from '../../../features/inventory/components/stock-by-store';
import { TransferDialog } from '../../../features/inventory/components/transfer-dialog';
import { useTaxRates } from '../../../features/taxes/api/tax-rates';
import { useWorkingContext } from '../../working-context';
import { pathTo } from '../../../lib/route-paths';

const num = { fontVariantNumeric: 'tabular-nums' } as const;

/** `/dashboard/inventory/view/:id`: a product, its variants, its stock in every store and its ledger. */
export function ProductViewRoute() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  if (product.isPending) return <LoadingCard label="Loading the product" />;
  if (product.isError) {
    if (isRecordMissing(product.error))
      return (
        <RecordNotFound title="Product not found" backTo={pathTo('dashboard.inventory')} backLabel="Back to inventory">
          This product does not exist in this business, or it was removed.
        </RecordNotFound>
      );
    return (
      <LoadError
        title="We could not load this product"
        error={product.error}
        onRetry={() => void product.refetch()}
        isRetrying={product.isFetching}
      />
    );
  }
  return <ProductView product={product.data} />;
}

type Dialog = 'adjust' | 'transfer' | 'labels' | 'count' | null;

function ProductView({ product }: { product: Product }) {
  const { access, session, membership } = useWorkingContext();
  const store = useActiveStore(session.storeId);
  const taxRates = useTaxRates(true);
  const image = useProductImageUrl(product.id, product.imageVersion);
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
        <Group align="flex-start" gap="lg" wrap="nowrap">
          <Box w={96} h={96} style={{ flexShrink: 0 }}>
            {image.url ? (
              <Image src={image.url} alt={product.name} w={96} h={96} radius="md" fit="cover" />
            ) : (
              <Box
                w={96}
                h={96}
                bg="var(--mantine-color-gray-light)"
                style={{ borderRadius: 'var(--mantine-radius-md)', display: 'grid', placeItems: 'center' }}
                aria-hidden="true"
              >
                <Text c="dimmed" fw={700} fz={32}>
                  {product.name.slice(0, 1).toUpperCase()}
                </Text>
              </Box>
            )}
          </Box>
          <Stack gap={6}>
            <Group gap="sm">
              <Title order={1}>{product.name}</Title>
              {product.isArchived ? (
                <Badge color="gray" variant="filled">
                  Archived
                </Badge>
              ) : null}
            </Group>
            <Group gap="xs">
              <Badge variant="light">{product.categoryName ?? 'No category'}</Badge>
              <Badge variant="light" color="gray">
                {productUnitLabels[product.unit]}
              </Badge>
              <Badge variant="light" color="grape">
                Tax: {taxName}
              </Badge>
              <Badge variant="light" color={product.isTracked ? 'teal' : 'gray'}>
                {product.isTracked ? 'Stock tracked' : 'Stock not tracked'}
              </Badge>
            </Group>
          </Stack>
        </Group>
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
        <Card withBorder padding={0} radius="md">
          <Table.ScrollContainer minWidth={720}>
            <Table aria-label="Variants" verticalSpacing="sm" horizontalSpacing="md">
              <Table.Thead>
                <Table.Tr>
                  {hasVariants ? <Table.Th>Variant</Table.Th> : null}
                  <Table.Th>SKU</Table.Th>
                  <Table.Th>Barcodes</Table.Th>
                  {can('inventory.costs') ? <Table.Th ta="right">Cost</Table.Th> : null}
                  <Table.Th ta="right">Price</Table.Th>
                  <Table.Th ta="right">Price in this store</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {variants.map((v) => {
                  const here = v.stores.find((s) => s.storeId === storeId);
                  return (
                    <Table.Tr key={v.id}>
                      {hasVariants ? <Table.Td fw={600}>{v.label}</Table.Td> : null}
                      <Table.Td style={num}>{v.sku}</Table.Td>
                      <Table.Td style={num}>
                        {v.barcodes.length === 0 ? '—' : v.barcodes.map((b) => b.code).join(', ')}
                      </Table.Td>
                      {can('inventory.costs') ? (
                        <Table.Td ta="right">
                          {v.costPriceMinor === null ? (
                            '—'
                          ) : (
                            <Money amountMinor={v.costPriceMinor} currency={currency} />
                          )}
                        </Table.Td>
                      ) : null}
                      <Table.Td ta="right">
                        <Money amountMinor={v.sellingPriceMinor} currency={currency} />
                      </Table.Td>
                      <Table.Td ta="right">
                        {here ? <Money amountMinor={here.effectivePriceMinor} currency={currency} /> : '—'}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
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
