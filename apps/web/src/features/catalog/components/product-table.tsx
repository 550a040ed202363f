import { Checkbox } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { ProductListItem } from '@ipos/contracts';
import { ResponsiveTable } from '../../../components/table/responsive-table';
import { productColumns, type RowsContext } from './product-columns';

/**
 * The page of products, a row each with the active store's figures, selectable one by one or by page;
 * a row opens the product's page (a click outside its checkbox and links, or Enter).
 */
export function ProductTable({
  items,
  selected,
  onSelect,
  onSelectPage,
  isStale,
  ...context
}: RowsContext & {
  items: ProductListItem[];
  selected: ReadonlyMap<string, string>;
  onSelect: (item: ProductListItem, on: boolean) => void;
  onSelectPage: (on: boolean) => void;
  /** Showing the previous page's rows while the next loads: dimmed. */
  isStale: boolean;
}) {
  const navigate = useNavigate();
  const allOnPageSelected = items.length > 0 && items.every((i) => selected.has(i.id));
  const columns = productColumns(context, {
    header: (
      <Checkbox
        aria-label="Select every product on this page"
        checked={allOnPageSelected}
        indeterminate={!allOnPageSelected && items.some((i) => selected.has(i.id))}
        onChange={(e) => onSelectPage(e.currentTarget.checked)}
      />
    ),
    isSelected: (item) => selected.has(item.id),
    onSelect,
  });
  return (
    <ResponsiveTable
      label="Products"
      columns={columns}
      rows={items}
      rowKey={(item) => item.id}
      rowLabel={(item) => item.name}
      onOpenRow={(item) => void navigate(context.viewPath(item.id))}
      rowProps={(item) => ({ 'data-testid': 'product-row', 'aria-label': item.name })}
      refreshing={isStale}
    />
  );
}
