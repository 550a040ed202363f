import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { newStoreBodySchema, type AddedStore, type NewStoreBody } from '@ipos/contracts';
import { useZodForm } from '../../../components/form/use-zod-form';
import { toast } from '../../../components/toast';
import { TimeZoneSelect } from '../../../components/form/time-zone-select';
import { FormColumns } from '../../../components/form/form-columns';

type Values = { name: string; alias: string; address: string; phone: string; timeZone: string };

/** The form of a new store: name, code (2–5 letters, unique in the business), address, phone, time zone. */
export function NewStoreForm({
  defaultTimeZone = 'Africa/Lagos',
  onSubmit,
  onCancel,
}: {
  defaultTimeZone?: string;
  onSubmit: (body: NewStoreBody) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useZodForm({
    schema: newStoreBodySchema,
    initialValues: { name: '', alias: '', address: '', phone: '', timeZone: defaultTimeZone } satisfies Values,
  });
  const submit = form.onSubmit(async (data) => {
    try {
      await onSubmit(data);
    } catch (error) {
      // ALIAS_TAKEN comes on the alias field.
      form.reportApiError(error, 'Could not add the store');
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="New store">
      <Stack gap="md">
        <FormColumns>
          <TextInput {...form.field('name')} label="Store name" maxLength={80} required data-autofocus />
          <TextInput
            {...form.field('alias')}
            label="Code"
            description="2–5 letters, printed before its document numbers (LEK-S000001)."
            maxLength={5}
            required
            onChange={(event) => form.setValue('alias', event.currentTarget.value.toUpperCase())}
          />
        </FormColumns>
        <Textarea {...form.field('address')} label="Address" rows={2} maxLength={300} />
        <FormColumns>
          <TextInput {...form.field('phone')} label="Phone" type="tel" placeholder="+234 801 234 5678" />
          <TimeZoneSelect
            description="The store’s calendar: its days and reports."
            keep={defaultTimeZone}
            value={form.values.timeZone}
            onChange={(zone) => form.setValue('timeZone', zone)}
            error={form.errors.timeZone}
            required
          />
        </FormColumns>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={form.isSubmitting}>
            Add the store
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * "Add a store" in a dialog, for admin mode's business page and store details' Stores: it adds the
 * store, says so and closes; a code in use stays open with the message on the Code field.
 */
export function AddStoreDialog({
  opened,
  onClose,
  businessName,
  defaultTimeZone,
  add,
}: {
  opened: boolean;
  onClose: () => void;
  businessName: string;
  defaultTimeZone?: string;
  add: (body: NewStoreBody) => Promise<AddedStore>;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Add a store to ${businessName}`} size="lg">
      {opened ? (
        <NewStoreForm
          defaultTimeZone={defaultTimeZone}
          onCancel={onClose}
          onSubmit={async (body) => {
            const store = await add(body);
            toast.show({ type: 'success', message: `Added ${store.name} (${store.alias}).` });
            onClose();
          }}
        />
      ) : null}
    </Modal>
  );
}
