import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  exampleDocumentNumber,
  updateStoreAliasBodySchema,
  type StoreAlias,
  type UpdateStoreAliasBody,
} from '@ipos/contracts';
import { useZodForm } from '../../../components/form/use-zod-form';

type Values = { alias: string; displayName: string };

/**
 * The store's alias (`settings/alias`): the code its document numbers start with, from the next
 * document on, and the name printed on its receipts, invoices and purchase orders.
 */
export function StoreAliasForm({
  store,
  onSubmit,
}: {
  store: StoreAlias;
  onSubmit: (body: UpdateStoreAliasBody) => Promise<void>;
}) {
  const form = useZodForm({
    schema: updateStoreAliasBodySchema,
    initialValues: { alias: store.alias, displayName: store.displayName ?? '' },
    toInput: (v: Values) => ({ version: store.version, alias: v.alias, displayName: v.displayName }),
  });
  const submit = form.onSubmit(async (data) => {
    try {
      await onSubmit(data);
    } catch (error) {
      form.reportApiError(error, 'Could not save the alias');
    }
  });
  const typed = form.values.alias.trim().toUpperCase();
  const valid = /^[A-Z]{2,5}$/.test(typed);
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Store alias">
      <Stack gap="md">
        <TextInput
          {...form.field('alias')}
          label="Alias"
          description="2 to 5 letters, different from the business’s other stores."
          maxLength={5}
          w={200}
          styles={{ input: { textTransform: 'uppercase', letterSpacing: 1 } }}
          required
        />
        <Text size="sm" c="dimmed" data-testid="alias-example">
          {valid
            ? typed === store.alias
              ? `Numbers look like ${exampleDocumentNumber(typed)}.`
              : `The next numbers will look like ${exampleDocumentNumber(typed)}; earlier ones keep ${store.alias}.`
            : 'Numbers start with the alias, as in LEK-S000001.'}
        </Text>
        <TextInput
          {...form.field('displayName')}
          label="Display name"
          description={`Printed on receipts, invoices and purchase orders; “${store.name}” when empty.`}
          maxLength={80}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.isSubmitting}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
