import { useEffect, useState } from 'react';
import { Combobox, Group, InputBase, Loader, Text, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ContactKind } from '@ipos/contracts';
import { useContact, useContactSearch } from './picker-queries';

/**
 * Choose the vendor of a purchase order or the customer of an invoice: type part of a name, phone
 * or email; arrows and Enter pick. Shows the chosen contact's name when not searching.
 */
export function ContactPicker({
  kind,
  value,
  onChange,
  label,
  error,
  required,
  disabled,
}: {
  kind: ContactKind;
  value: string | null;
  onChange: (contactId: string) => void;
  label: string;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
}) {
  const [q, setQ] = useState('');
  const [searching, setSearching] = useState(false);
  const [debounced] = useDebouncedValue(q, 150);
  const search = useContactSearch(kind, debounced);
  const chosen = useContact(value);
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearching(false);
      setQ('');
    },
  });
  const items = search.data?.items ?? [];
  // Typing then Enter takes the first match of what is typed now.
  const fresh = searching && debounced === q && search.isSuccess && !search.isPlaceholderData;
  useEffect(() => {
    if (fresh && items.length > 0) combobox.selectFirstOption();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fresh, search.data]);
  const noun = kind === 'vendor' ? 'vendor' : 'customer';

  return (
    <Combobox
      store={combobox}
      withinPortal={false}
      onOptionSubmit={(id) => {
        onChange(id);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <InputBase
          label={label}
          required={required}
          disabled={disabled}
          error={error}
          placeholder={`Search ${noun}s by name, phone or email`}
          value={searching ? q : (chosen.data?.name ?? (value ? '…' : ''))}
          onChange={(e) => {
            setSearching(true);
            setQ(e.currentTarget.value);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onKeyDown={(e) => {
            // Choosing from the list never submits the surrounding form.
            if (e.key === 'Enter' && combobox.dropdownOpened) e.preventDefault();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          rightSection={search.isFetching ? <Loader size="xs" /> : <Combobox.Chevron />}
          rightSectionPointerEvents="none"
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }}>
          {search.isError ? (
            <Combobox.Empty>The search failed: check the connection and try again.</Combobox.Empty>
          ) : items.length === 0 ? (
            <Combobox.Empty>{search.isPending ? 'Searching…' : `No ${noun} matches`}</Combobox.Empty>
          ) : (
            items.map((c) => (
              <Combobox.Option value={c.id} key={c.id} active={c.id === value}>
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" truncate>
                    {c.name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {c.phone ?? c.email ?? ''}
                  </Text>
                </Group>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
