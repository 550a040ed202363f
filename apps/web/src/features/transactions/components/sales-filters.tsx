import { useState } from 'react';
import { Group, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useDebouncedValue } from '@mantine/hooks';
import { paymentMethodLabels, paymentMethods, saleStateLabels, saleStates } from '@ipos/contracts';
import { useSetUrlQuery, useUrlTextFilter } from '../../../lib/url-query';
import { useContact, useCustomerSearch, useSaleCashiers } from '../api/transactions';
import { periodLabels, periods } from '../periods';
import type { ListView } from '../sales-list-view';

/** The list's filters, each written into the URL: period or dates, cashier, method, state, customer, number. */
export function SalesFilters({ view, today }: { view: ListView; today: string }) {
  const setQuery = useSetUrlQuery();

  // The number box: typed freely, put in the URL after a pause (or at once on Enter).
  const numberFilter = useUrlTextFilter(view.number, (number, typing) => setQuery({ number }, typing));

  // The customer filter searches the business's customers as the person types.
  const [customerText, setCustomerText] = useState('');
  const [customerQ] = useDebouncedValue(customerText.trim(), 250);
  const [customerOpen, setCustomerOpen] = useState(false);
  const customers = useCustomerSearch(customerQ, customerOpen);
  const chosenCustomer = useContact(view.customerId);
  const customerOptions = new Map<string, string>();
  if (view.customerId && chosenCustomer.data) customerOptions.set(view.customerId, chosenCustomer.data.name);
  for (const c of customers.data?.items ?? []) customerOptions.set(c.id, c.phone ? `${c.name} (${c.phone})` : c.name);

  const cashiers = useSaleCashiers();

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label="Period"
        w={170}
        allowDeselect={false}
        data={[
          ...periods.map((p) => ({ value: p, label: periodLabels[p] })),
          { value: 'custom', label: 'Choose dates…' },
        ]}
        value={view.period}
        onChange={(value) => {
          if (value === 'custom') setQuery({ period: null, from: view.from, to: view.to });
          else setQuery({ period: value === 'today' ? null : value, from: null, to: null });
        }}
      />
      {view.period === 'custom' ? (
        <DatePickerInput
          type="range"
          label="Dates"
          w={250}
          value={[view.from, view.to]}
          maxDate={today}
          allowSingleDateInRange
          valueFormat="D MMM YYYY"
          onChange={([from, to]) => {
            // Wait for both ends: one end alone is a choice in progress.
            if (from && to) setQuery({ from: String(from), to: String(to), period: null });
          }}
        />
      ) : null}
      <Select
        label="Cashier"
        placeholder="Any cashier"
        w={190}
        clearable
        searchable
        data={(cashiers.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))}
        value={view.cashierId ?? null}
        onChange={(value) => setQuery({ cashier: value })}
        nothingFoundMessage={cashiers.isPending ? 'Loading…' : 'Nobody has sold here yet'}
      />
      <Select
        label="Payment method"
        placeholder="Any method"
        w={170}
        clearable
        data={paymentMethods.map((m) => ({ value: m, label: paymentMethodLabels[m] }))}
        value={view.method ?? null}
        onChange={(value) => setQuery({ method: value })}
      />
      <Select
        label="State"
        placeholder="Any state"
        w={160}
        clearable
        data={saleStates.map((s) => ({ value: s, label: saleStateLabels[s] }))}
        value={view.state ?? null}
        onChange={(value) => setQuery({ state: value })}
      />
      <Select
        label="Customer"
        placeholder="Any customer"
        w={220}
        searchable
        clearable
        data={[...customerOptions].map(([value, label]) => ({ value, label }))}
        value={view.customerId ?? null}
        onChange={(value) => setQuery({ customer: value })}
        searchValue={customerText}
        onSearchChange={setCustomerText}
        onDropdownOpen={() => setCustomerOpen(true)}
        // The API searches name, phone and email; the list shows what it found.
        filter={({ options }) => options}
        nothingFoundMessage={customers.isFetching ? 'Searching…' : 'No customer found'}
      />
      <TextInput label="Sale number" placeholder="LEK-S000123 or 123" w={190} {...numberFilter.inputProps} />
    </Group>
  );
}
