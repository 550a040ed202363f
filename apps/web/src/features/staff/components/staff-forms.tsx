import { Alert, Button, Group, List, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  createStaffMemberBodySchema,
  type CreateStaffMemberBody,
  type StaffInvitation,
  type StaffOptions,
} from '@ipos/contracts';
import { useZodForm } from '../../../components/form/use-zod-form';
import { isApiError } from '../../../lib/api-client';
import { useDisplayTimeZone } from '../../../lib/active-store';
import { formatDate } from '../../../lib/format';
import { roleLabel } from '../../../lib/role-label';
import { roleData, split, StorePicker } from './staff-role-fields';
import { FormColumns } from '../../../components/form/form-columns';

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
        <FormColumns>
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
        </FormColumns>
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
