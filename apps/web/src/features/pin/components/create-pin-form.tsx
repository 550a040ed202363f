import { Button, Stack } from '@mantine/core';
import { z } from 'zod';
import { pinSchema } from '@ipos/contracts';
import { PinField } from '../../../components/form/pin-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { showApiError } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useCreatePin } from '../api/pin';

const schema = z.object({ pin: pinSchema });
const toInput = (values: { pin: string }) => ({ pin: values.pin });
const sameTwice = (values: { pin: string; confirmPin: string }) =>
  values.confirmPin === values.pin ? {} : { confirmPin: 'The two PINs are not the same' };

/** The first PIN of an account (POST /api/v1/me/pin): typed twice, 4 to 6 digits. */
export function CreatePinForm({ onCreated }: { onCreated: () => void }) {
  const create = useCreatePin();
  const form = useZodForm({ schema, initialValues: { pin: '', confirmPin: '' }, toInput, validate: sameTwice });

  const submit = form.onSubmit(async ({ pin }) => {
    try {
      await create.mutateAsync(pin);
      onCreated();
    } catch (error) {
      // Created meanwhile (another tab): nothing is missing any more.
      if (isApiError(error) && error.code === 'PIN_ALREADY_SET') return onCreated();
      if (!form.setApiErrors(error)) showApiError(error, 'Could not create the PIN');
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Create your PIN">
      <Stack gap="md">
        <PinField
          label="PIN"
          description="4 to 6 digits. You will use it to unlock iPos after a break."
          required
          withAsterisk={false}
          data-autofocus
          autoFocus
          {...form.field('pin')}
        />
        <PinField label="Confirm PIN" required withAsterisk={false} {...form.field('confirmPin')} />
        <Button type="submit" size="md" fullWidth loading={form.isSubmitting}>
          Create PIN
        </Button>
      </Stack>
    </form>
  );
}
