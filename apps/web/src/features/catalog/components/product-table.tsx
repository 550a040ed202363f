import { Checkbox, Table, VisuallyHidden } from '@mantine/core';
import type { ProductListItem } from '@ipos/contracts';
import { ListTable } from '../../../components/feedback/list-state';
import { ProductRow, type RowsContext } from './product-row';

/** The page of products, a row each with the active store's figures, selectable one by one or by page. */
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
  const allOnPageSelected = items.length > 0 && items.every((i) => selected.has(i.id));
  return (
    <ListTable label="Products" minWidth={1100} refreshing={isStale}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={40}>
            <Checkbox
              aria-label="Select every product on this page"
              checked={allOnPageSelected}
              indeterminate={!allOnPageSelected && items.some((i) => selected.has(i.id))}
              onChange={(e) => onSelectPage(e.currentTarget.checked)}
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
          {context.canSeeCosts ? <Table.Th ta="right">Cost</Table.Th> : null}
          <Table.Th ta="right">On hand</Table.Th>
          {context.canSeeCosts ? <Table.Th ta="right">Value</Table.Th> : null}
          <Table.Th>Stock</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <ProductRow
            key={item.id}
            item={item}
            isSelected={selected.has(item.id)}
            onSelect={(on) => onSelect(item, on)}
            context={context}
          />
        ))}
      </Table.Tbody>
    </ListTable>
  );
}
