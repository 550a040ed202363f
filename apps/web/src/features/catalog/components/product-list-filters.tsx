import { useEffect, useMemo, useRef } from 'react';
import { Group, Kbd, Select, Switch, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { stockStates, type ProductSort } from '@ipos/contracts';
import { useSetUrlQuery } from '../../../lib/url-query';
import { useCategories } from '../api/categories';
import { sortLabels, stockLabels, type ProductListQuery } from './product-list-query';
import type { ProductSearch } from './use-product-search';

/**
 * The search box (`/` focuses it from anywhere on the page) and the filters (category, stock, sort,
 * archived), each kept in the URL.
 */
export function ProductListFilters({
  search,
  query,
  sorts,
}: {
  search: ProductSearch;
  query: ProductListQuery;
  sorts: readonly ProductSort[];
}) {
  const setQuery = useSetUrlQuery();
  const input = useRef<HTMLInputElement>(null);
  const categories = useCategories(false);
  const categoryOptions = useMemo(
    () =>
      (categories.data?.items ?? []).flatMap((c) => [
        { value: c.id, label: c.name, depth: 0 },
        ...c.children.map((k) => ({ value: k.id, label: k.name, depth: 1 })),
      ]),
    [categories.data],
  );

  // `/` jumps to the search box from anywhere on the page (not while typing in a field).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
      if (event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        input.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        ref={input}
        label="Search"
        placeholder="Name, SKU or scan a barcode"
        aria-describedby="product-search-hint"
        style={{ flex: '1 1 260px' }}
        value={search.text}
        onChange={(event) => search.onChange(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void search.onEnter();
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
  );
}
