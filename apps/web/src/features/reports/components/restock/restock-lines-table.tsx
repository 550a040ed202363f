import { Button, Card, Checkbox, Group, Table, Text, Title } from '@mantine/core';
import type { CurrencyCode, ReportScope, ReportTable, RestockLine } from '@ipos/contracts';
import { formatReportValue, isNumeric } from '../report-format';
import { exportReportTable } from '../report-table';

/** A line's key: a variant appears once per store. */
export const restockLineKey = (line: Pick<RestockLine, 'storeId' | 'variantId'>) => `${line.storeId}:${line.variantId}`;

/**
 * The restock lines (the contract's table: the same columns as the CSV and the print copy), most
 * urgent first, with a checkbox per line the person may order (`canSelect`) and one for them all.
 */
export function RestockLinesTable({
  table,
  lines,
  scope,
  selected,
  canSelect,
  onSelect,
}: {
  table: ReportTable;
  lines: RestockLine[];
  scope: ReportScope;
  selected: ReadonlySet<string>;
  /** Null: no checkboxes at all (no right to order). */
  canSelect: ((line: RestockLine) => boolean) | null;
  onSelect: (keys: string[], checked: boolean) => void;
}) {
  const currency = scope.currency as CurrencyCode;
  const selectable = canSelect ? lines.filter(canSelect).map(restockLineKey) : [];
  const chosen = selectable.filter((k) => selected.has(k)).length;
  const numeric = (format: ReportTable['columns'][number]['format']) =>
    isNumeric(format)
      ? ({ ta: 'right', style: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } } as const)
      : {};
  return (
    <Card withBorder radius="md" padding="md" data-testid={`report-table-${table.key}`}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={3} size="h4">
          {table.title}
        </Title>
        <Button
          size="xs"
          variant="default"
          disabled={table.rows.length === 0}
          onClick={() => exportReportTable(table, scope, 'restock')}
          // The name starts with the words on the button (WCAG 2.5.3), then says which table.
          aria-label={`Export CSV: ${table.title}`}
        >
          Export CSV
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={960}>
        <Table striped highlightOnHover aria-label={table.title}>
          <Table.Thead>
            <Table.Tr>
              {canSelect ? (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Select every line"
                    checked={selectable.length > 0 && chosen === selectable.length}
                    indeterminate={chosen > 0 && chosen < selectable.length}
                    disabled={selectable.length === 0}
                    onChange={(e) => onSelect(selectable, e.currentTarget.checked)}
                  />
                </Table.Th>
              ) : null}
              {table.columns.map((column) => (
                <Table.Th key={column.key} ta={isNumeric(column.format) ? 'right' : 'left'}>
                  {column.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={table.columns.length + (canSelect ? 1 : 0)}>
                  <Text c="dimmed" size="sm" ta="center" py="md">
                    Nothing is at or below its reorder level. Set reorder levels on products to see what to reorder
                    here.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              lines.map((line, index) => {
                const key = restockLineKey(line);
                const row = table.rows[index]!;
                return (
                  <Table.Tr key={key} bg={selected.has(key) ? 'var(--mantine-color-blue-light)' : undefined}>
                    {canSelect ? (
                      <Table.Td>
                        {canSelect(line) ? (
                          <Checkbox
                            aria-label={`Select ${line.name}${scope.allStores ? ` in ${line.storeName}` : ''}`}
                            checked={selected.has(key)}
                            onChange={(e) => onSelect([key], e.currentTarget.checked)}
                          />
                        ) : null}
                      </Table.Td>
                    ) : null}
                    {table.columns.map((column) => (
                      <Table.Td key={column.key} {...numeric(column.format)}>
                        {formatReportValue(row[column.key] ?? null, column.format, currency)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })
            )}
          </Table.Tbody>
          {table.totals && lines.length > 0 ? (
            <Table.Tfoot>
              <Table.Tr>
                {canSelect ? <Table.Th /> : null}
                {table.columns.map((column) => (
                  <Table.Th key={column.key} {...numeric(column.format)}>
                    {table.totals![column.key] === undefined
                      ? ''
                      : formatReportValue(table.totals![column.key] ?? null, column.format, currency)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          ) : null}
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
