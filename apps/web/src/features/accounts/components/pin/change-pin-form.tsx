import { Stack } from '@mantine/core';
import { z } from 'zod';
import { pinSchema } from '@ipos/contracts';
import { mustMatch } from '../../../../components/form/must-match';
import { NewPinFields, PinField } from '../../../../components/form/pin-field';
import { SubmitButton } from '../../../../components/form/submit-button';
import { useZodForm } from '../../../../components/form/use-zod-form';
import { isApiError } from '../../../../lib/api-client';
import { useChangePin } from '../../api/pin';
import { usePinVerifier } from './use-pin-verifier';

const schema = z.object({ currentPin: z.string().min(1, 'Enter your current PIN'), newPin: pinSchema });
type Values = { currentPin: string; newPin: string; confirmPin: string };
const toInput = ({ currentPin, newPin }: Values) => ({ currentPin, newPin });
const confirmed = mustMatch('newPin', 'confirmPin', 'The two new PINs are not the same');
const rules = (values: Values) => ({
  ...confirmed(values),
  ...(values.newPin && values.newPin === values.currentPin
    ? { newPin: 'Choose a PIN different from the current one' }
    : {}),
});

/** A new PIN, proving the current one (PUT /api/v1/me/pin). A wrong current PIN counts towards the lock. */
export function ChangePinForm({ onChanged, onLocked }: { onChanged: () => void; onLocked: () => void }) {
  const change = useChangePin();
  const verifier = usePinVerifier();
  const form = useZodForm({
    schema,
    initialValues: { currentPin: '', newPin: '', confirmPin: '' },
    toInput,
    validate: rules,
  });

  const submit = form.onSubmit(async (body) => {
    try {
      await change.mutateAsync(body);
      // The old PIN's verifier goes; the new one, just set online, replaces it.
      await verifier.remember(body.newPin);
      onChanged();
    } catch (error) {
      if (isApiError(error) && error.code === 'PIN_LOCKED') {
        verifier.forget();
        return onLocked();
      }
      // The server's words count the tries left.
      const wording = isApiError(error) && error.code === 'INVALID_PIN' ? { currentPin: error.message } : {};
      form.reportApiError(error, 'Could not change the PIN', wording);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Change your PIN">
      <Stack gap="md">
        <PinField
          label="Current PIN"
          required
          withAsterisk={false}
          data-autofocus
          autoFocus
          errorProps={{ role: 'alert' }}
          {...form.field('currentPin')}
        />
        <NewPinFields pin={form.field('newPin')} confirm={form.field('confirmPin')} />
        <SubmitButton loading={form.isSubmitting}>Change PIN</SubmitButton>
      </Stack>
    </form>
  );
}
