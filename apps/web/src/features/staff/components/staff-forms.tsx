import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  createStaffMemberBodySchema,
  updateStaffMemberBodySchema,
  type CreateStaffMemberBody,
  type StaffInvitation,
  type StaffMember,
  type StaffOptions,
  type UpdateStaffMemberBody,
} from '@ipos/contracts';
import { useZodForm } from '../../../components/form/use-zod-form';
import { roleLabel } from '../../accounts/role-label';

const split = (value: string) => value.split(',').filter(Boolean);

/** The role picker: every role of the business, those above the caller's own shown but not offered. */
function roleData(options: StaffOptions, current?: string) {
  return options.roles.map((r) => ({
    value: r.id,
    label: r.assignable || r.id === current ? roleLabel(r.name) : `${roleLabel(r.name)} (an administrator gives it)`,
    disabled: !r.assignable,
  }));
}

/** The stores a person works in: only those where the caller manages staff can be ticked or unticked. */
function StorePicker({
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

type NewValues = { name: string; email: string; phone: string; roleId: string; storeIds: string };

/** `users-and-permissions/staff/create`: a person's name, email, phone, role and stores. */
export function NewStaffForm({
  options,
  defaultStoreId,
  submitLabel = 'Add staff member',
  onSubmit,
  onCancel,
}: {
  options: StaffOptions;
  defaultStoreId?: string;
  submitLabel?: string;
  onSubmit: (body: CreateStaffMemberBody) => Promise<void>;
  onCancel: () => void;
}) {
  const basic = options.roles.find((r) => r.isSystem && r.name === 'IPOS_BASIC' && r.assignable);
  const store = options.stores.find((s) => s.id === defaultStoreId && s.manageable);
  const form = useZodForm({
    schema: createStaffMemberBodySchema,
    initialValues: {
      name: '',
      email: '',
      phone: '',
      roleId: basic?.id ?? '',
      storeIds: store?.id ?? '',
    } satisfies NewValues,
    toInput: (v: NewValues) => ({ ...v, phone: v.phone || undefined, storeIds: split(v.storeIds) }),
  });
  const submit = form.onSubmit(async (data) => {
    try {
      await onSubmit({ ...data, phone: data.phone ?? undefined });
    } catch (error) {
      form.reportApiError(error, 'Could not add the person');
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="New staff member">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...form.field('name')} label="Name" autoComplete="off" required data-autofocus />
          <TextInput
            {...form.field('email')}
            label="Email"
            type="email"
            autoComplete="off"
            description="Their sign-in; the invitation goes here."
            required
          />
          <TextInput {...form.field('phone')} label="Phone" type="tel" autoComplete="off" />
          <Select
            label="Role"
            required
            data={roleData(options)}
            value={form.values.roleId || null}
            onChange={(value) => form.setValue('roleId', value ?? '')}
            error={form.errors.roleId}
            allowDeselect={false}
          />
        </SimpleGrid>
        <StorePicker
          options={options}
          value={split(form.values.storeIds)}
          onChange={(ids) => form.setValue('storeIds', ids.join(','))}
          error={form.errors.storeIds}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={form.isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type ChangeValues = { roleId: string; storeIds: string };

/** A person's role and stores, changed at the version read. */
export function StaffAccessForm({
  member,
  options,
  onSubmit,
}: {
  member: StaffMember;
  options: StaffOptions;
  onSubmit: (body: UpdateStaffMemberBody) => Promise<void>;
}) {
  const form = useZodForm({
    schema: updateStaffMemberBodySchema,
    initialValues: {
      roleId: member.role.id,
      storeIds: member.stores.map((s) => s.id).join(','),
    } satisfies ChangeValues,
    toInput: (v: ChangeValues) => ({ version: member.version, roleId: v.roleId, storeIds: split(v.storeIds) }),
  });
  const submit = form.onSubmit(async (data) => {
    try {
      await onSubmit(data);
    } catch (error) {
      form.reportApiError(error, 'Could not change the role and stores');
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Role and stores">
      <Stack gap="md">
        <Select
          label="Role"
          maw={360}
          data={roleData(options, member.role.id)}
          value={form.values.roleId || null}
          onChange={(value) => form.setValue('roleId', value ?? '')}
          error={form.errors.roleId}
          allowDeselect={false}
        />
        <StorePicker
          options={options}
          value={split(form.values.storeIds)}
          onChange={(ids) => form.setValue('storeIds', ids.join(','))}
          error={form.errors.storeIds}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.isSubmitting}>
            Save role and stores
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The default password of an invitation, shown this once, with a way to copy it. */
export function InvitationPassword({ invitation }: { invitation: StaffInvitation }) {
  const { member, defaultPassword } = invitation;
  if (!defaultPassword)
    return (
      <Alert color="blue" title={`${member.name} already has an iPos account`}>
        They were told by mail; they sign in as usual and find {member.stores.map((s) => s.name).join(', ')} in their
        store switcher.
      </Alert>
    );
  return (
    <Alert color="green" title={`${member.name}’s default password`}>
      <Stack gap="xs">
        <Group gap="sm">
          <Code fz="lg" data-testid="default-password">
            {defaultPassword}
          </Code>
          <CopyButton value={defaultPassword}>
            {({ copied, copy }) => (
              <Button size="compact-sm" variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm">
          Shown only now, and mailed to {member.email}. They sign in with it once, then choose their own password and a
          PIN.
        </Text>
      </Stack>
    </Alert>
  );
}
