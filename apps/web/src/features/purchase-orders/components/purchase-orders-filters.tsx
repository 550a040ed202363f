import { Anchor, Card, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { purchaseOrderStatuses, type ListPurchaseOrdersQuery } from '@ipos/contracts';
import { ContactPicker } from '../../../components/pickers/contact-picker';
import { useUrlTextFilter } from '../../../lib/url-query';

/** The purchase order list's filters: status, vendor, dates (a range the contract refuses says why) and number. */
export function PurchaseOrdersFilters({
  filters,
  rangeError,
  update,
}: {
  filters: ListPurchaseOrdersQuery;
  rangeError: string | undefined;
  /** Puts the changed filters in the URL. */
  update: (changes: Record<string, string | null>) => void;
}) {
  const numberFilter = useUrlTextFilter(filters.number, (number) => update({ number }));
  return (
    <Card withBorder radius="md" padding="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
        <NativeSelect
          label="Status"
          value={filters.status === undefined ? '' : String(filters.status)}
          onChange={(e) => update({ status: e.currentTarget.value || null })}
          data={[
            { value: '', label: 'All statuses' },
            ...purchaseOrderStatuses.map((s) => ({ value: String(s.value), label: s.label })),
          ]}
        />
        <Stack gap={4}>
          <ContactPicker
            kind="vendor"
            label="Vendor"
            value={filters.vendorId ?? null}
            onChange={(id) => update({ vendor: id })}
          />
          {filters.vendorId ? (
            <Anchor component="button" type="button" size="xs" onClick={() => update({ vendor: null })}>
              All vendors
            </Anchor>
          ) : null}
        </Stack>
        <TextInput
          label="From"
          type="date"
          value={filters.from ?? ''}
          onChange={(e) => update({ from: e.currentTarget.value || null })}
        />
        <TextInput
          label="To"
          type="date"
          value={filters.to ?? ''}
          error={rangeError}
          onChange={(e) => update({ to: e.currentTarget.value || null })}
        />
        <TextInput label="Number" placeholder="LEK-PO000007 or 7" {...numberFilter.inputProps} />
      </SimpleGrid>
    </Card>
  );
}
