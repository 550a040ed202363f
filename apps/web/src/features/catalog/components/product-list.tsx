import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Group,
  Image,
  Kbd,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  productSorts,
  stockStates,
  type CurrencyCode,
  type ListProductsQuery,
  type ProductListItem,
  type ProductSort,
  type StockState,
} from '@ipos/contracts';
import { LoadError } from '../../../components/feedback/load-states';
import { EmptyState } from '../../../components/feedback/empty-state';
import { Money } from '../../../components/money/money';
import { showApiError } from '../../../components/toast';
import { useStoreTimeZone } from '../../../lib/current-store';
import { formatCount, todayIn } from '../../../lib/format';
import { formatQuantity } from '../../../lib/quantity';
import { useCategories } from '../api/categories';
import {
  downloadProductsCsv,
  lookupBarcode,
  saveBlob,
  useProductImageUrl,
  useProducts,
  useProductsById,
} from '../api/products';
import { LabelsDialog } from './labels-dialog';
import { ProductImportDialog } from './product-import-dialog';
import { useSetUrlQuery } from '../../../lib/url-query';

export const INVENTORY_PATH = '/dashboard/inventory';
const viewPath = (id: string) => `${INVENTORY_PATH}/view/${id}`;

const pageSizes = ['25', '50', '100'] as const;
const sortLabels: Record<ProductSort, string> = {
  name: 'Name A–Z',
  '-name': 'Name Z–A',
  price: 'Price, lowest first',
  '-price': 'Price, highest first',
  onHand: 'On hand, least first',
  '-onHand': 'On hand, most first',
  value: 'Stock value, lowest first',
  '-value': 'Stock value, highest first',
  '-updated': 'Recently changed',
};
const stockLabels: Record<StockState, string> = {
  in_stock: 'In stock',
  low: 'Low',
  out: 'Out',
  untracked: 'Not tracked',
};
const stockColors: Record<StockState, string> = { in_stock: 'green', low: 'yellow', out: 'red', untracked: 'gray' };

/** Stock value is a figure at cost: only a role with inventory.costs may sort by it. */
const sortsFor = (canSeeCosts: boolean): readonly ProductSort[] =>
  canSeeCosts ? productSorts : productSorts.filter((s) => !s.endsWith('value'));

/**
 * The list's state lives in the URL, so back/forward and reload keep search, filters, sort and page.
 * A sort the role may not use (a link from someone who sees costs) falls back to the name.
 */
export function readListQuery(
  params: URLSearchParams,
  sorts: readonly ProductSort[] = productSorts,
): ListProductsQuery & { page: number; pageSize: number } {
  const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
    allowed.includes(value as T) ? (value as T) : undefined;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const pageSize = Number(pick(params.get('size'), pageSizes) ?? 25);
  return {
    page,
    pageSize,
    q: params.get('q')?.trim() || undefined,
    categoryId: params.get('category') || undefined,
    stock: pick(params.get('stock'), stockStates),
    archived: params.get('archived') === 'all' ? 'all' : 'false',
    sort: pick(params.get('sort'), sorts) ?? 'name',
  };
}

function ProductThumb({ item }: { item: ProductListItem }) {
  const image = useProductImageUrl(item.id, item.imageVersion);
  return (
    <Box
      w={36}
      h={36}
      bg="gray.1"
      style={{ borderRadius: 6, overflow: 'hidden', display: 'grid', placeItems: 'center' }}
      aria-hidden="true"
    >
      {image.url ? (
        <Image src={image.url} alt="" w={36} h={36} fit="cover" />
      ) : (
        <Text size="xs" c="dimmed" fw={600}>
          {item.name.slice(0, 1).toUpperCase()}
        </Text>
      )}
    </Box>
  );
}

function PriceCell({ item, currency }: { item: ProductListItem; currency: CurrencyCode }) {
  if (item.priceMinor === item.maxPriceMinor) return <Money amountMinor={item.priceMinor} currency={currency} />;
  return (
    <>
      <Money amountMinor={item.priceMinor} currency={currency} /> –{' '}
      <Money amountMinor={item.maxPriceMinor} currency={currency} />
    </>
  );
}

export function StockBadge({ state }: { state: StockState }) {
  return (
    <Badge color={stockColors[state]} variant="light" radius="sm">
      {stockLabels[state]}
    </Badge>
  );
}

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
  const categories = useCategories(false);
  const [text, setText] = useState(query.q ?? '');
  const [selected, setSelected] = useState<Map<string, string>>(new Map());
  const [labelsFor, setLabelsFor] = useState<string[] | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const timeZone = useStoreTimeZone();
  const search = useRef<HTMLInputElement>(null);

  const setQuery = useSetUrlQuery();

  // The search this box last put in the URL: the URL catching up with the typing must not undo keys
  // typed since (a slow typist pauses longer than the debounce).
  const [pushedQ, setPushedQ] = useState(query.q ?? '');
  const pushSearch = (value: string, replace: boolean) => {
    setPushedQ(value.trim());
    setQuery({ q: value.trim() || null }, replace);
  };
  const applySearch = useDebouncedCallback((value: string) => pushSearch(value, true), 250);

  // The URL is the truth: back/forward to another search puts its text back in the box.
  const urlQ = query.q ?? '';
  const [lastUrlQ, setLastUrlQ] = useState(urlQ);
  if (urlQ !== lastUrlQ) {
    setLastUrlQ(urlQ);
    if (urlQ !== pushedQ && urlQ !== text.trim()) setText(urlQ);
  }

  // `/` jumps to the search box from anywhere on the page (not while typing in a field).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
      if (event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        search.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  /** Enter: a scanner ends its burst with it. An exact barcode opens its product; anything else searches. */
  const onSearchEnter = async () => {
    applySearch.cancel();
    const value = text.trim();
    if (value && /^[\x21-\x7e]+$/.test(value)) {
      try {
        const hit = await lookupBarcode(value);
        if (hit) {
          void navigate(viewPath(hit.productId));
          return;
        }
      } catch {
        // No lookup: fall back to the search.
      }
    }
    pushSearch(value, false);
  };

  const categoryOptions = useMemo(
    () =>
      (categories.data?.items ?? []).flatMap((c) => [
        { value: c.id, label: c.name, depth: 0 },
        ...c.children.map((k) => ({ value: k.id, label: k.name, depth: 1 })),
      ]),
    [categories.data],
  );
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
  const allOnPageSelected = items.length > 0 && items.every((i) => selected.has(i.id));
  const toggle = (item: ProductListItem, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(item.id, item.name);
      else next.delete(item.id);
      return next;
    });
  const togglePage = (on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const item of items) {
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
              <Button component={Link} to={`${INVENTORY_PATH}/create`}>
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
              setText('');
              setPushedQ('');
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
      <Table.ScrollContainer minWidth={1100}>
        <Table
          aria-label="Products"
          verticalSpacing="xs"
          highlightOnHover
          striped={false}
          style={{ opacity: products.isPlaceholderData ? 0.6 : 1 }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select every product on this page"
                  checked={allOnPageSelected}
                  indeterminate={!allOnPageSelected && items.some((i) => selected.has(i.id))}
                  onChange={(e) => togglePage(e.currentTarget.checked)}
                />
              </Table.Th>
              <Table.Th w={52}>
                <VisuallyHidden>Image</VisuallyHidden>
              </Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>SKU</Table.Th>
              <Table.Th>Barcode</Table.Th>
              <Table.Th>Category</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              {canSeeCosts ? <Table.Th ta="right">Cost</Table.Th> : null}
              <Table.Th ta="right">On hand</Table.Th>
              {canSeeCosts ? <Table.Th ta="right">Value</Table.Th> : null}
              <Table.Th>Stock</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr
                key={item.id}
                data-testid="product-row"
                tabIndex={0}
                aria-label={item.name}
                style={{ cursor: 'pointer' }}
                onClick={(event) => {
                  if ((event.target as HTMLElement).closest('input, a, button, label')) return;
                  void navigate(viewPath(item.id));
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && event.target === event.currentTarget) void navigate(viewPath(item.id));
                }}
              >
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${item.name}`}
                    checked={selected.has(item.id)}
                    onChange={(e) => toggle(item, e.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>
                  <ProductThumb item={item} />
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={viewPath(item.id)} fw={500} size="sm" tabIndex={-1}>
                    {item.name}
                  </Anchor>
                  {item.variantCount > 1 ? (
                    <Text size="xs" c="dimmed">
                      {item.variantCount} variants
                    </Text>
                  ) : null}
                  {item.isArchived ? (
                    <Badge size="xs" color="gray" variant="outline" ml={6}>
                      Archived
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {item.sku}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {item.barcode ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {item.categoryName ?? (
                    <Text span c="dimmed" size="sm">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  <PriceCell item={item} currency={currency} />
                </Table.Td>
                {canSeeCosts ? (
                  <Table.Td ta="right">
                    {item.costPriceMinor === null ? (
                      '—'
                    ) : (
                      <Money amountMinor={item.costPriceMinor} currency={currency} />
                    )}
                  </Table.Td>
                ) : null}
                <Table.Td ta="right">{item.isTracked ? formatQuantity(item.onHand, item.unit) : '—'}</Table.Td>
                {canSeeCosts ? (
                  <Table.Td ta="right">
                    {item.isTracked && item.stockValueMinor !== null ? (
                      <Money amountMinor={item.stockValueMinor} currency={currency} />
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                ) : null}
                <Table.Td>
                  <StockBadge state={item.stockState} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  const total = products.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / query.pageSize));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group gap="xs">
          <Anchor component={Link} to={`${INVENTORY_PATH}/category`} size="sm">
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
              <Button component={Link} to={`${INVENTORY_PATH}/create`}>
                Add product
              </Button>
            </>
          ) : null}
        </Group>
      </Group>

      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          ref={search}
          label="Search"
          placeholder="Name, SKU or scan a barcode"
          aria-describedby="product-search-hint"
          style={{ flex: '1 1 260px' }}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void onSearchEnter();
            }
          }}
          rightSection={<Kbd size="xs">/</Kbd>}
          type="search"
          autoComplete="off"
        />
        <VisuallyHidden id="product-search-hint">
          Press slash to come back here. A scanned barcode opens its product.
        </VisuallyHidden>
        <Select
          label="Category"
          placeholder="All categories"
          w={200}
          clearable
          searchable
          data={categoryOptions.map(({ value, label }) => ({ value, label }))}
          renderOption={({ option }) => (
            <Text size="sm" pl={(categoryOptions.find((c) => c.value === option.value)?.depth ?? 0) * 16}>
              {option.label}
            </Text>
          )}
          value={query.categoryId ?? null}
          onChange={(value) => setQuery({ category: value })}
        />
        <Select
          label="Stock"
          placeholder="Any stock"
          w={150}
          clearable
          data={stockStates.map((s) => ({ value: s, label: stockLabels[s] }))}
          value={query.stock ?? null}
          onChange={(value) => setQuery({ stock: value })}
        />
        <Select
          label="Sort"
          w={200}
          allowDeselect={false}
          data={sorts.map((s) => ({ value: s, label: sortLabels[s] }))}
          value={query.sort ?? 'name'}
          onChange={(value) => setQuery({ sort: value === 'name' ? null : value })}
        />
        <Switch
          label="Show archived"
          mb={8}
          checked={query.archived === 'all'}
          onChange={(e) => setQuery({ archived: e.currentTarget.checked ? 'all' : null })}
        />
      </Group>

      <Card withBorder padding={0} radius="md">
        {body}
      </Card>

      {total > 0 ? (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite">
            {(query.page - 1) * query.pageSize + 1}–{Math.min(query.page * query.pageSize, total)} of{' '}
            {products.data?.totalCapped ? `more than ${formatCount(total)}` : formatCount(total)} products
          </Text>
          <Group gap="sm">
            <Select
              aria-label="Products per page"
              w={90}
              allowDeselect={false}
              data={[...pageSizes]}
              value={String(query.pageSize)}
              onChange={(value) => setQuery({ size: value === '25' ? null : value })}
            />
            <Pagination
              total={pages}
              value={Math.min(query.page, pages)}
              onChange={(page) => setQuery({ page: page === 1 ? null : String(page) })}
              getControlProps={(control) => ({
                'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
              })}
              getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
            />
          </Group>
        </Group>
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
