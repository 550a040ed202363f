import { Button, Group, Stack, TextInput } from '@mantine/core';
import { updateProfileBodySchema, type Profile, type UpdateProfileBody } from '@ipos/contracts';
import { useZodForm } from '../../../components/form/use-zod-form';
import { FormColumns } from '../../../components/form/form-columns';

type Values = { name: string; phone: string };

/**
 * My name and phone, checked with the update contract and sent with the version read (a change
 * made meanwhile, in another tab, is the API's 409, said in a toast).
 */
export function ProfileDetailsForm({
  profile,
  onSubmit,
}: {
  profile: Profile;
  onSubmit: (body: UpdateProfileBody) => Promise<void>;
}) {
  const form = useZodForm({
    schema: updateProfileBodySchema,
    initialValues: { name: profile.name, phone: profile.phone ?? '' },
    toInput: (v: Values) => ({ version: profile.version, ...v }),
  });
  const submit = form.onSubmit(async (data) => {
    try {
      await onSubmit(data);
    } catch (error) {
      form.reportApiError(error, 'Could not save your details');
    }
  });
  const unchanged = form.values.name === profile.name && form.values.phone === (profile.phone ?? '');

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Your details">
      <Stack gap="md">
        <FormColumns spacing="md">
          <TextInput
            {...form.field('name')}
            label="Name"
            description="Shown to your colleagues and on the receipts you ring up"
            autoComplete="name"
            maxLength={100}
            required
          />
          <TextInput
            {...form.field('phone')}
            label="Phone"
            description="Optional"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+234 801 234 5678"
            maxLength={30}
          />
        </FormColumns>
        <Group justify="flex-end">
          <Button type="submit" loading={form.isSubmitting} disabled={unchanged}>
            Save details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
