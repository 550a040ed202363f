import { Button, Group, TextInput } from '@mantine/core';
import { categoryNameSchema } from '@ipos/contracts';
import { z } from 'zod';
import { useZodForm } from '../../../components/form/use-zod-form';

const schema = z.object({ name: categoryNameSchema });

/**
 * One name, validated with the contract's rule (1..80 characters) and showing the API's field errors
 * (CATEGORY_NAME_TAKEN names `name`). Used to add a category and to rename one inline.
 */
export function CategoryNameForm({
  label,
  submitLabel,
  initialName = '',
  onSubmit,
  onCancel,
  errorTitle,
}: {
  label: string;
  submitLabel: string;
  initialName?: string;
  onSubmit: (name: string) => Promise<void>;
  onCancel?: () => void;
  errorTitle: string;
}) {
  const form = useZodForm({ schema, initialValues: { name: initialName } });
  const submit = form.onSubmit(async ({ name }) => {
    try {
      await onSubmit(name);
    } catch (error) {
      form.reportApiError(error, errorTitle);
    }
  });
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      onKeyDown={(event) => {
        if (event.key === 'Escape' && onCancel) onCancel();
      }}
    >
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput {...form.field('name')} label={label} maxLength={120} data-autofocus autoFocus style={{ flex: 1 }} />
        <Group gap="xs" mt={25} wrap="nowrap">
          <Button type="submit" loading={form.isSubmitting}>
            {submitLabel}
          </Button>
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </Group>
      </Group>
    </form>
  );
}
