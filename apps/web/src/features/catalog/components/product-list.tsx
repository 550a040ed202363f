import { useState, type ReactNode } from 'react';
import { Anchor, Box, Button, Card, Group, Skeleton, Stack } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { CurrencyCode, ProductListItem } from '@ipos/contracts';
import { LoadError } from '../../../components/feedback/load-states';
import { EmptyState } from '../../../components/feedback/empty-state';
import { showApiError } from '../../../components/toast';
import { useStoreTimeZone } from '../../../lib/active-store';
import { todayIn } from '../../../lib/format';
import { downloadProductsCsv, saveBlob, useProducts, useProductsById } from '../api/products';
import { LabelsDialog } from './labels-dialog';
import { ProductImportDialog } from './product-import-dialog';
import { ProductListFilters } from './product-list-filters';
import { ProductListPager } from './product-list-pager';
import { readListQuery, sortsFor } from './product-list-query';
import { ProductTable } from './product-table';
import { useProductSearch } from './use-product-search';
import { pathTo } from '../../../lib/route-paths';

export { readListQuery } from './product-list-query';
export { StockBadge } from './product-table';

const viewPath = (id: string) => pathTo('dashboard.inventory.view/:id', { id });

/** Labels for the selected products: each product's variants, fetched when the dialog opens. */
function SelectionLabels({ ids, onClose }: { ids: string[]; onClose: () => void }) {
  const products = useProductsById(ids);
  const items = (products.data ?? []).flatMap((p) =>
    p.variants
      .filter((v) => !v.isArchived)
      .map((v) => ({ variantId: v.id, name: v.label ? `${p.name} (${v.label})` : p.name })),
  );
  if (products.isError) {
    showApiError(products.error, 'Could not load the selected products');
    onClose();
    return null;
  }
  return <LabelsDialog opened={products.isSuccess} onClose={onClose} items={items} />;
}

function TableSkeleton() {
  return (
    <Stack gap="xs" p="md" aria-busy="true" aria-label="Loading the products">
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} height={28} />
      ))}
    </Stack>
  );
}

/**
 * The Products tab of `inventory`: server-side search (a barcode scanner typing into it and pressing
 * Enter opens the product it finds), filters, sort and pages kept in the URL, a row per product with
 * the active store's figures, and the catalogue's actions (add, import, export, labels).
 */
export function ProductList({
  currency,
  canManage,
  canTax,
  canSeeCosts,
  selectionActions,
}: {
  currency: CurrencyCode;
  canManage: boolean;
  canTax: boolean;
  /** inventory.costs: the Cost and Value columns and the sort by value. */
  canSeeCosts: boolean;
  /** More actions on the selected products (the page composing the list adds them, e.g. a transfer). */
  selectionActions?: (selection: { productIds: string[]; clear: () => void }) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const sorts = sortsFor(canSeeCosts);
  const query = readListQuery(params, sorts);
  const products = useProducts(query);
  const [selected, setSelected] = useState<Map<string, string>>(new Map());
  const [labelsFor, setLabelsFor] = useState<string[] | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const timeZone = useStoreTimeZone();
  const search = useProductSearch(query.q ?? '', (productId) => void navigate(viewPath(productId)));

  const hasFilters = Boolean(query.q || query.categoryId || query.stock || query.archived === 'all');

  const exportCsv = async () => {
    setExporting(true);
    try {
      const blob = await downloadProductsCsv(query.archived === 'all' ? 'all' : 'false');
      saveBlob(blob, `products-${todayIn(timeZone)}.csv`);
    } catch (error) {
      showApiError(error, 'Could not export the products');
    } finally {
      setExporting(false);
    }
  };

  const items = products.data?.items ?? [];
  const select = (list: ProductListItem[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const item of list) {
        if (on) next.set(item.id, item.name);
        else next.delete(item.id);
      }
      return next;
    });

  let body: ReactNode;
  if (products.isPending) body = <TableSkeleton />;
  else if (products.isError)
    body = (
      <Box p="md">
        <LoadError
          title="We could not load the products"
          error={products.error}
          onRetry={() => void products.refetch()}
          isRetrying={products.isFetching}
        />
      </Box>
    );
  else if (products.data.total === 0 && !hasFilters)
    body = (
      <EmptyState
        title="No products yet"
        action={
          canManage ? (
            <Group gap="sm">
              <Button component={Link} to={pathTo('dashboard.inventory.create')}>
                Add product
              </Button>
              <Button variant="default" onClick={() => setImporting(true)}>
                Import CSV
              </Button>
            </Group>
          ) : undefined
        }
      >
        {canManage
          ? 'Add your first product, or import your catalogue from a CSV file.'
          : 'Nothing has been added yet.'}
      </EmptyState>
    );
  else if (products.data.total === 0)
    body = (
      <EmptyState
        title="Nothing matches"
        action={
          <Button
            variant="default"
            onClick={() => {
              search.clear();
              setParams(new URLSearchParams(params.get('tab') ? { tab: params.get('tab')! } : {}));
            }}
          >
            Clear filters
          </Button>
        }
      >
        {query.q ? `No product matches “${query.q}” with these filters.` : 'No product matches these filters.'}
      </EmptyState>
    );
  else
    body = (
      <ProductTable
        items={items}
        selected={selected}
        onSelect={(item, on) => select([item], on)}
        onSelectPage={(on) => select(items, on)}
        isStale={products.isPlaceholderData}
        currency={currency}
        canSeeCosts={canSeeCosts}
        viewPath={viewPath}
      />
    );

  const total = products.data?.total ?? 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group gap="xs">
          <Anchor component={Link} to={pathTo('dashboard.inventory.category')} size="sm">
            Categories
          </Anchor>
          {canTax ? (
            <Anchor component={Link} to="/dashboard/settings/tax-management" size="sm">
              Tax rates
            </Anchor>
          ) : null}
        </Group>
        <Group gap="xs" wrap="wrap">
          {selected.size > 0 ? (
            <Button variant="default" onClick={() => setLabelsFor([...selected.keys()])}>
              Print labels ({selected.size})
            </Button>
          ) : null}
          {selected.size > 0 && selectionActions
            ? selectionActions({ productIds: [...selected.keys()], clear: () => setSelected(new Map()) })
            : null}
          <Button variant="default" loading={exporting} onClick={() => void exportCsv()}>
            Export CSV
          </Button>
          {canManage ? (
            <>
              <Button variant="default" onClick={() => setImporting(true)}>
                Import CSV
              </Button>
              <Button component={Link} to={pathTo('dashboard.inventory.create')}>
                Add product
              </Button>
            </>
          ) : null}
        </Group>
      </Group>

      <ProductListFilters search={search} query={query} sorts={sorts} />

      <Card withBorder padding={0} radius="md">
        {body}
      </Card>

      {total > 0 ? (
        <ProductListPager query={query} total={total} totalCapped={products.data?.totalCapped ?? false} />
      ) : null}

      <ProductImportDialog opened={importing} onClose={() => setImporting(false)} />
      {labelsFor ? (
        <SelectionLabels
          ids={labelsFor}
          onClose={() => {
            setLabelsFor(null);
          }}
        />
      ) : null}
    </Stack>
  );
}
