import { useState, type ReactNode } from 'react';
import { Card, Stack } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import type { CurrencyCode, ProductListItem } from '@ipos/contracts';
import { ListState } from '../../../components/feedback/list-state';
import { useProducts } from '../api/products';
import { ProductImportDialog } from './product-import-dialog';
import { ProductListActions } from './product-list-actions';
import { ProductListEmpty } from './product-list-empty';
import { ProductListFilters } from './product-list-filters';
import { ProductListPager } from './product-list-pager';
import { readListQuery, sortsFor } from './product-list-query';
import { ProductTable } from './product-table';
import { SelectionLabels } from './selection-labels';
import { useProductSearch } from './use-product-search';
import { pathTo } from '../../../lib/route-paths';

export { readListQuery } from './product-list-query';
export { StockBadge } from './product-columns';

const viewPath = (id: string) => pathTo('dashboard.inventory.view/:id', { id });

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
  const search = useProductSearch(query.q ?? '', (productId) => void navigate(viewPath(productId)));

  const hasFilters = Boolean(query.q || query.categoryId || query.stock || query.archived === 'all');
  const items = products.data?.items ?? [];
  const total = products.data?.total ?? 0;
  const selectedIds = [...selected.keys()];
  const select = (list: ProductListItem[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const item of list) {
        if (on) next.set(item.id, item.name);
        else next.delete(item.id);
      }
      return next;
    });
  const clearFilters = () => {
    search.clear();
    setParams(new URLSearchParams(params.get('tab') ? { tab: params.get('tab')! } : {}));
  };

  return (
    <Stack gap="md">
      <ProductListActions
        archived={query.archived}
        selectedIds={selectedIds}
        canManage={canManage}
        canTax={canTax}
        selectionActions={
          selected.size > 0
            ? selectionActions?.({ productIds: selectedIds, clear: () => setSelected(new Map()) })
            : null
        }
        onLabels={() => setLabelsFor(selectedIds)}
        onImport={() => setImporting(true)}
      />

      <ProductListFilters search={search} query={query} sorts={sorts} />

      <Card withBorder padding={0} radius="md">
        <ListState
          query={products}
          count={total}
          loadingLabel="Loading the products"
          errorTitle="We could not load the products"
          skeletonRows={8}
          empty={
            <ProductListEmpty
              hasFilters={hasFilters}
              search={query.q}
              canManage={canManage}
              onImport={() => setImporting(true)}
              onClearFilters={clearFilters}
            />
          }
        >
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
        </ListState>
      </Card>

      {total > 0 ? (
        <ProductListPager query={query} total={total} totalCapped={products.data?.totalCapped ?? false} />
      ) : null}

      <ProductImportDialog opened={importing} onClose={() => setImporting(false)} />
      {labelsFor ? <SelectionLabels ids={labelsFor} onClose={() => setLabelsFor(null)} /> : null}
    </Stack>
  );
}
