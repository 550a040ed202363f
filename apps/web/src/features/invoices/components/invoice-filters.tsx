import { CloseButton, Group, Select, TextInput } from '@mantine/core';
import { invoiceStateLabels, invoiceStates } from '@ipos/contracts';
import { ContactPicker } from '../../../components/pickers/contact-picker';
import { useSetUrlQuery, useUrlTextFilter } from '../../../lib/url-query';
import type { InvoicesFilter } from '../api/invoices';

/** The list's filters, each written into the URL: state, customer, issue dates, number. */
export function InvoiceFilters({ filter }: { filter: InvoicesFilter }) {
  const setQuery = useSetUrlQuery();
  const numberFilter = useUrlTextFilter(filter.number, (number, typing) => setQuery({ number }, typing));
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label="State"
        placeholder="Any state"
        w={160}
        clearable
        data={invoiceStates.map((s) => ({ value: s, label: invoiceStateLabels[s] }))}
        value={filter.state ?? null}
        onChange={(value) => setQuery({ state: value })}
      />
      <Group gap={4} align="flex-end" wrap="nowrap" w={260}>
        <div style={{ flex: 1 }}>
          <ContactPicker
            kind="customer"
            label="Customer"
            value={filter.customerId ?? null}
            onChange={(id) => setQuery({ customer: id })}
          />
        </div>
        {filter.customerId ? (
          <CloseButton mb={6} aria-label="Any customer" onClick={() => setQuery({ customer: null })} />
        ) : null}
      </Group>
      <TextInput
        type="date"
        label="Issued from"
        w={160}
        value={filter.from ?? ''}
        max={filter.to}
        onChange={(event) => setQuery({ from: event.currentTarget.value || null })}
      />
      <TextInput
        type="date"
        label="Issued to"
        w={160}
        value={filter.to ?? ''}
        min={filter.from}
        onChange={(event) => setQuery({ to: event.currentTarget.value || null })}
      />
      <TextInput label="Number" placeholder="LEK-INV000042 or 42" w={190} {...numberFilter.inputProps} />
    </Group>
  );
}
