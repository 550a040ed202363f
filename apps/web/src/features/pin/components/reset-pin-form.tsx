import { Button, PasswordInput, Stack } from '@mantine/core';
import { z } from 'zod';
import { pinSchema } from '@ipos/contracts';
import { PinField } from '../../../components/form/pin-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { showApiError } from '../../../components/toast';
import { useResetPin } from '../api/pin';

const schema = z.object({ password: z.string().min(1, 'Enter your password').max(128), newPin: pinSchema });
type Values = { password: string; newPin: string; confirmPin: string };
const toInput = ({ password, newPin }: Values) => ({ password, newPin });
const sameTwice = (values: Values) =>
  values.confirmPin === values.newPin ? {} : { confirmPin: 'The two new PINs are not the same' };

/**
 * A forgotten or locked PIN replaced by proving the password (POST /api/v1/me/pin/reset); the lock
 * and the count of wrong tries go with the old PIN.
 */
export function ResetPinForm({ onReset }: { onReset: () => void }) {
  const reset = useResetPin();
  const form = useZodForm({
    schema,
    initialValues: { password: '', newPin: '', confirmPin: '' },
    toInput,
    validate: sameTwice,
  });

  const submit = form.onSubmit(async (body) => {
    try {
      await reset.mutateAsync(body);
      onReset();
    } catch (error) {
      if (!form.setApiErrors(error)) showApiError(error, 'Could not reset the PIN');
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Reset your PIN">
      <Stack gap="md">
        <PasswordInput
          label="Password"
          description="The password you sign in with."
          autoComplete="current-password"
          required
          withAsterisk={false}
          data-autofocus
          autoFocus
          {...form.field('password')}
        />
        <PinField
          label="New PIN"
          description="4 to 6 digits."
          required
          withAsterisk={false}
          {...form.field('newPin')}
        />
        <PinField label="Confirm new PIN" required withAsterisk={false} {...form.field('confirmPin')} />
        <Button type="submit" size="md" fullWidth loading={form.isSubmitting}>
          Reset PIN
        </Button>
      </Stack>
    </form>
  );
}
