import { useState } from 'react';
import { Stack } from '@mantine/core';
import { z } from 'zod';
import { pinSchema } from '@ipos/contracts';
import { PinField } from '../../../../components/form/pin-field';
import { SubmitButton } from '../../../../components/form/submit-button';
import { useZodForm } from '../../../../components/form/use-zod-form';
import { isApiError } from '../../../../lib/api-client';
import { useVerifyPin } from '../../api/pin';

const schema = z.object({ pin: pinSchema });

export interface VerifyPinFormProps {
  /** The button's words; Enter in the field does the same. */
  submitLabel?: string;
  onVerified: () => void;
  /** The fifth wrong PIN (or an already locked one): only a full sign-in helps now. */
  onLocked: () => void;
  /** The account has no PIN to check yet. */
  onNotSet?: () => void;
  /** The API no longer accepts this session's token. */
  onSessionEnded?: () => void;
}

/**
 * One masked PIN field checked by the server (POST /api/v1/me/pin/verify). A wrong PIN shows the
 * server's own words, which count the tries left, on a fresh empty field ready for the next try.
 */
export function VerifyPinForm(props: VerifyPinFormProps) {
  const [wrongPin, setWrongPin] = useState<string | undefined>();
  // A new key gives the next try a new, empty, focused field without the last try's validation.
  const [attempt, setAttempt] = useState(0);
  return (
    <PinEntry
      key={attempt}
      {...props}
      wrongPin={wrongPin}
      onWrongPin={(message) => {
        setWrongPin(message);
        setAttempt((n) => n + 1);
      }}
    />
  );
}

function PinEntry({
  submitLabel = 'Unlock',
  onVerified,
  onLocked,
  onNotSet,
  onSessionEnded,
  wrongPin,
  onWrongPin,
}: VerifyPinFormProps & { wrongPin: string | undefined; onWrongPin: (message: string) => void }) {
  const verify = useVerifyPin();
  const form = useZodForm({ schema, initialValues: { pin: '' } });

  const submit = form.onSubmit(async ({ pin }) => {
    try {
      await verify.mutateAsync(pin);
      onVerified();
    } catch (error) {
      if (isApiError(error)) {
        if (error.code === 'INVALID_PIN') return onWrongPin(error.message);
        if (error.code === 'PIN_LOCKED') return onLocked();
        if (error.code === 'PIN_NOT_SET' && onNotSet) return onNotSet();
        if (error.status === 401 && onSessionEnded) return onSessionEnded();
      }
      form.reportApiError(error, 'Could not check the PIN');
    }
  });

  const field = form.field('pin');
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Enter your PIN">
      <Stack gap="md">
        <PinField
          label="PIN"
          required
          withAsterisk={false}
          data-autofocus
          autoFocus
          size="md"
          errorProps={{ role: 'alert' }}
          {...field}
          error={field.error ?? wrongPin}
        />
        <SubmitButton loading={form.isSubmitting}>{submitLabel}</SubmitButton>
      </Stack>
    </form>
  );
}
