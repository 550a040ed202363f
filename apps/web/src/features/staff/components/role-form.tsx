import { Badge, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  createRoleBodySchema,
  permissionGroups,
  storePermissions,
  type CreateRoleBody,
  type Role,
  type StorePermission,
} from '@ipos/contracts';
import { useZodForm } from '../../../components/form/use-zod-form';

/** The form keeps strings: the permissions travel as one comma-separated field. */
type Values = { name: string; permissions: string };
const split = (value: string) => value.split(',').filter(Boolean) as StorePermission[];

/**
 * The permission matrix: every store permission with its description, grouped by the area of the app
 * it opens, with a box per area that selects all of it. Read-only for a system role.
 */
export function PermissionMatrix({
  selected,
  onChange,
  readOnly = false,
  error,
}: {
  selected: readonly StorePermission[];
  onChange?: (next: StorePermission[]) => void;
  readOnly?: boolean;
  error?: string;
}) {
  const set = (keys: StorePermission[], on: boolean) => {
    const next = new Set(selected);
    for (const key of keys) {
      if (on) next.add(key);
      else next.delete(key);
    }
    onChange?.(storePermissions.filter((p) => next.has(p)));
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={600} id="permissions-label">
          Permissions
        </Text>
        <Text size="sm" c="dimmed" data-testid="permission-count">
          {selected.length} of {storePermissions.length} chosen
        </Text>
      </Group>
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" role="group" aria-labelledby="permissions-label">
        {permissionGroups.map((group) => {
          const keys = group.permissions.map((p) => p.key);
          const on = keys.filter((k) => selected.includes(k)).length;
          return (
            <fieldset
              key={group.area}
              style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8, padding: 12 }}
            >
              <legend>
                <Checkbox
                  label={
                    <Title order={3} size="h5">
                      {group.area}
                    </Title>
                  }
                  aria-label={`All of ${group.area}`}
                  checked={on === keys.length}
                  indeterminate={on > 0 && on < keys.length}
                  disabled={readOnly}
                  onChange={(event) => set(keys, event.currentTarget.checked)}
                />
              </legend>
              <Stack gap="xs" mt={4}>
                {group.permissions.map((permission) => (
                  <Checkbox
                    key={permission.key}
                    label={permission.label}
                    description={permission.description}
                    checked={selected.includes(permission.key)}
                    disabled={readOnly}
                    onChange={(event) => set([permission.key], event.currentTarget.checked)}
                  />
                ))}
              </Stack>
            </fieldset>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * A custom role's name and permissions (`roles/create`, `roles/edit/{id}/{name}`), validated with the
 * contract's schema; the API's errors (a name taken) go back on their field.
 */
export function RoleForm({
  role,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  role?: Pick<Role, 'name' | 'permissions'>;
  submitLabel: string;
  onSubmit: (body: CreateRoleBody) => Promise<void>;
  onCancel?: () => void;
}) {
  const form = useZodForm({
    schema: createRoleBodySchema,
    initialValues: { name: role?.name ?? '', permissions: (role?.permissions ?? []).join(',') } satisfies Values,
    toInput: (v: Values) => ({ name: v.name, permissions: split(v.permissions) }),
  });
  const submit = form.onSubmit(async (data) => {
    try {
      await onSubmit(data);
    } catch (error) {
      form.reportApiError(error, 'Could not save the role');
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Role">
      <Stack gap="lg">
        <TextInput
          {...form.field('name')}
          label="Name"
          description="What the staff list shows, e.g. “Supervisor” or “Stock keeper”."
          maxLength={40}
          maw={360}
          required
        />
        <PermissionMatrix
          selected={split(form.values.permissions)}
          onChange={(next) => form.setValue('permissions', next.join(','))}
          error={form.errors.permissions}
        />
        <Group justify="flex-end">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={form.isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** “System” or “Custom”, as the roles list and the editor show it. */
export function RoleKindBadge({ role }: { role: Pick<Role, 'isSystem'> }) {
  return role.isSystem ? (
    <Badge variant="light" color="gray">
      System
    </Badge>
  ) : (
    <Badge variant="light">Custom</Badge>
  );
}
