import { Stack } from '@mantine/core';
import { z } from 'zod';
import { pinSchema } from '@ipos/contracts';
import { mustMatch } from '../../../../components/form/must-match';
import { NewPinFields } from '../../../../components/form/pin-field';
import { SubmitButton } from '../../../../components/form/submit-button';
import { useZodForm } from '../../../../components/form/use-zod-form';
import { isApiError } from '../../../../lib/api-client';
import { useCreatePin } from '../../api/pin';
import { usePinVerifier } from './use-pin-verifier';

const schema = z.object({ pin: pinSchema });
const toInput = (values: { pin: string }) => ({ pin: values.pin });
const sameTwice = mustMatch('pin', 'confirmPin', 'The two PINs are not the same');

/** The first PIN of an account (POST /api/v1/me/pin): typed twice, 4 to 6 digits. */
export function CreatePinForm({ onCreated }: { onCreated: () => void }) {
  const create = useCreatePin();
  const verifier = usePinVerifier();
  const form = useZodForm({ schema, initialValues: { pin: '', confirmPin: '' }, toInput, validate: sameTwice });

  const submit = form.onSubmit(async ({ pin }) => {
    try {
      await create.mutateAsync(pin);
      await verifier.remember(pin);
      onCreated();
    } catch (error) {
      // Created meanwhile (another tab): nothing is missing any more.
      if (isApiError(error) && error.code === 'PIN_ALREADY_SET') return onCreated();
      form.reportApiError(error, 'Could not create the PIN');
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Create your PIN">
      <Stack gap="md">
        <NewPinFields
          label="PIN"
          description="4 to 6 digits. You will use it to unlock iPos after a break."
          confirmLabel="Confirm PIN"
          autoFocus
          pin={form.field('pin')}
          confirm={form.field('confirmPin')}
        />
        <SubmitButton loading={form.isSubmitting}>Create PIN</SubmitButton>
      </Stack>
    </form>
  );
}
