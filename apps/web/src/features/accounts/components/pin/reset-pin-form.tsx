import { PasswordInput, Stack } from '@mantine/core';
import { z } from 'zod';
import { pinSchema } from '@ipos/contracts';
import { mustMatch } from '../../../../components/form/must-match';
import { NewPinFields } from '../../../../components/form/pin-field';
import { SubmitButton } from '../../../../components/form/submit-button';
import { useZodForm } from '../../../../components/form/use-zod-form';
import { useResetPin } from '../../api/pin';
import { usePinVerifier } from './use-pin-verifier';

const schema = z.object({ password: z.string().min(1, 'Enter your password').max(128), newPin: pinSchema });
type Values = { password: string; newPin: string; confirmPin: string };
const toInput = ({ password, newPin }: Values) => ({ password, newPin });
const sameTwice = mustMatch('newPin', 'confirmPin', 'The two new PINs are not the same');

/**
 * A forgotten or locked PIN replaced by proving the password (POST /api/v1/me/pin/reset); the lock
 * and the count of wrong tries go with the old PIN.
 */
export function ResetPinForm({ onReset }: { onReset: () => void }) {
  const reset = useResetPin();
  const verifier = usePinVerifier();
  const form = useZodForm({
    schema,
    initialValues: { password: '', newPin: '', confirmPin: '' },
    toInput,
    validate: sameTwice,
  });

  const submit = form.onSubmit(async (body) => {
    try {
      await reset.mutateAsync(body);
      // The old PIN's verifier goes; the new one, just set online, replaces it.
      await verifier.remember(body.newPin);
      onReset();
    } catch (error) {
      form.reportApiError(error, 'Could not reset the PIN');
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
        <NewPinFields pin={form.field('newPin')} confirm={form.field('confirmPin')} />
        <SubmitButton loading={form.isSubmitting}>Reset PIN</SubmitButton>
      </Stack>
    </form>
  );
}
