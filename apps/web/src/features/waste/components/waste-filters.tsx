import { Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { wasteReasonLabels, wasteReasons, type ListWasteQuery, type WasteReason } from '@ipos/contracts';
import { useUrlTextFilter } from '../../../lib/url-query';

/** The status switch led by "Waiting for approval" (with its count), the reason, and the product or number. */
export function WasteFilters({
  filter,
  waiting,
  setQuery,
}: {
  filter: ListWasteQuery;
  /** Records waiting for approval, shown on their tab. */
  waiting: number;
  setQuery: (change: Record<string, string | null | undefined>) => void;
}) {
  const searchFilter = useUrlTextFilter(filter.q, (q) => setQuery({ q }));
  const tab = filter.status ?? 'all';
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <SegmentedControl
        aria-label="Status"
        value={tab}
        onChange={(value) => setQuery({ status: value === 'all' ? null : value })}
        data={[
          { value: 'all', label: 'All' },
          { value: 'pending', label: `Waiting for approval${waiting > 0 ? ` (${waiting})` : ''}` },
          { value: 'recorded', label: 'Recorded' },
          { value: 'rejected', label: 'Rejected' },
        ]}
      />
      <Select
        label="Reason"
        placeholder="Any reason"
        w={160}
        clearable
        data={wasteReasons.map((r) => ({ value: r, label: wasteReasonLabels[r] }))}
        value={filter.reason ?? null}
        onChange={(value) => setQuery({ reason: value as WasteReason | null })}
      />
      <TextInput label="Product or number" placeholder="Name, SKU or LEK-WST…" w={230} {...searchFilter.inputProps} />
    </Group>
  );
}
