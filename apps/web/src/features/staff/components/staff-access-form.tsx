import { Button, Group, Select, Stack } from '@mantine/core';
import {
  updateStaffMemberBodySchema,
  type StaffMember,
  type StaffOptions,
  type UpdateStaffMemberBody,
} from '@ipos/contracts';
import { useZodForm } from '../../../components/form/use-zod-form';
import { roleData, split, StorePicker } from './staff-role-fields';

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
