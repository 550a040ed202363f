import { useState } from 'react';
import { Stack } from '@mantine/core';
import { z } from 'zod';
import { pinSchema } from '@ipos/contracts';
import { PinField } from '../../../../components/form/pin-field';
import { SubmitButton } from '../../../../components/form/submit-button';
import { useZodForm } from '../../../../components/form/use-zod-form';
import { isApiError } from '../../../../lib/api-client';
import { useVerifyPin } from '../../api/pin';
import { wrongPinMessage } from '../../pin-verifier';
import { usePinVerifier } from './use-pin-verifier';

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

/** Offline, for a PIN this device has not seen the server verify (or set) since the last sign-in. */
export const OFFLINE_UNKNOWN_MESSAGE =
  'Could not reach the server, and this device cannot check your PIN on its own yet. Connect and try again.';

/** No answer from the server: no network, the server down, or a gateway saying so. */
function isUnreachable(error: unknown): boolean {
  return (
    isApiError(error) && (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504)
  );
}

/**
 * One masked PIN field checked by the server (POST /api/v1/me/pin/verify). A wrong PIN shows the
 * server's own words, which count the tries left, on a fresh empty field ready for the next try.
 * When the server cannot be reached, the PIN is checked on the device against the verifier kept the
 * last time the server verified or set it (pin-verifier): it unlocks offline, counting wrong tries
 * the same way, the fifth locking it.
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
  const verifier = usePinVerifier();
  const form = useZodForm({ schema, initialValues: { pin: '' } });

  const submit = form.onSubmit(async ({ pin }) => {
    try {
      await verify.mutateAsync(pin);
      await verifier.remember(pin);
      onVerified();
    } catch (error) {
      if (isUnreachable(error)) {
        const offline = await verifier.checkOffline(pin);
        if (offline.kind === 'verified') return onVerified();
        if (offline.kind === 'wrong') return onWrongPin(wrongPinMessage(offline.attemptsLeft));
        if (offline.kind === 'locked') return onLocked();
        return onWrongPin(OFFLINE_UNKNOWN_MESSAGE);
      }
      if (isApiError(error)) {
        if (error.code === 'INVALID_PIN') return onWrongPin(error.message);
        if (error.code === 'PIN_LOCKED' || error.code === 'PIN_NOT_SET') verifier.forget();
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
