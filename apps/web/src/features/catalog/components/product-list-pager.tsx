import { Group, Pagination, Select, Text } from '@mantine/core';
import { formatCount } from '../../../lib/format';
import { useSetUrlQuery } from '../../../lib/url-query';
import { pageSizes, type ProductListQuery } from './product-list-query';

/** Which products of how many are shown, the page size and the pages (kept in the URL). */
export function ProductListPager({
  query,
  total,
  totalCapped,
}: {
  query: ProductListQuery;
  total: number;
  /** The count stopped at its cap: "more than". */
  totalCapped: boolean;
}) {
  const setQuery = useSetUrlQuery();
  const pages = Math.max(1, Math.ceil(total / query.pageSize));
  return (
    <Group justify="space-between" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {(query.page - 1) * query.pageSize + 1}–{Math.min(query.page * query.pageSize, total)} of{' '}
        {totalCapped ? `more than ${formatCount(total)}` : formatCount(total)} products
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
  );
}
