import { Alert, Button, Checkbox, Group, List, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
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
import { isApiError } from '../../../lib/api-client';
import { useDisplayTimeZone } from '../../../lib/active-store';
import { formatDate } from '../../../lib/format';
import { roleLabel } from '../../../lib/role-label';

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

/** The address is taken in this business: said beside the email, with what to do instead. */
const emailConflicts: Record<string, string> = {
  STAFF_EXISTS: 'Already on the staff; open their page to change their role or stores',
  INVITATION_PENDING: 'Already invited; re-send or withdraw that invitation in Settings → Users and permissions',
};

/** `users-and-permissions/staff/create`: the name, email, phone, role and stores an invitation offers. */
export function NewStaffForm({
  options,
  defaultStoreId,
  onSubmit,
  onCancel,
}: {
  options: StaffOptions;
  defaultStoreId?: string;
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
      const conflict = isApiError(error) ? emailConflicts[error.code] : undefined;
      form.reportApiError(error, 'Could not invite the person', conflict ? { email: conflict } : undefined);
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
            Send invitation
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

/**
 * After inviting someone: the same words whether or not the address already has an account (the
 * business is never told), and no password — a new person finds theirs in the mail (decision 0022).
 */
export function InvitationSent({ invitation }: { invitation: StaffInvitation }) {
  const timeZone = useDisplayTimeZone();
  return (
    <Alert color="green" title={`Invitation sent to ${invitation.email}`} data-testid="invitation-sent">
      <Stack gap="xs">
        <Text size="sm">
          {invitation.name} gets an email from iPos inviting them to work as {roleLabel(invitation.role.name)} in{' '}
          {invitation.stores.map((s) => s.name).join(', ')}.
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>Someone new to iPos finds their sign-in password in that email.</List.Item>
          <List.Item>
            They accept the invitation at their next sign-in; until then they are not on the staff and open nothing of
            the business.
          </List.Item>
          <List.Item>
            The invitation lasts 14 days, until {formatDate(invitation.expiresAt, timeZone)}; it can be re-sent or
            withdrawn in Settings → Users and permissions.
          </List.Item>
        </List>
      </Stack>
    </Alert>
  );
}
