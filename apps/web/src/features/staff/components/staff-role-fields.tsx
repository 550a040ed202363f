import { Checkbox, SimpleGrid } from '@mantine/core';
import type { StaffOptions } from '@ipos/contracts';
import { roleLabel } from '../../../lib/role-label';

/** The stores field holds the ticked ids joined by commas (a form value is a string). */
export const split = (value: string) => value.split(',').filter(Boolean);

/** The role picker: every role of the business, those above the caller's own shown but not offered. */
export function roleData(options: StaffOptions, current?: string) {
  return options.roles.map((r) => ({
    value: r.id,
    label: r.assignable || r.id === current ? roleLabel(r.name) : `${roleLabel(r.name)} (an administrator gives it)`,
    disabled: !r.assignable,
  }));
}

/** The stores a person works in: only those where the caller manages staff can be ticked or unticked. */
export function StorePicker({
  options,
  value,
  onChange,
  error,
}: {
  options: StaffOptions;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  return (
    <Checkbox.Group
      label="Stores"
      description="Where the person works with this role."
      value={value}
      onChange={onChange}
      error={error}
      withAsterisk
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
        {options.stores.map((s) => (
          <Checkbox
            key={s.id}
            value={s.id}
            label={`${s.name} (${s.alias})`}
            disabled={!s.manageable}
            description={s.manageable ? undefined : 'You do not manage this store’s staff'}
          />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
