import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { FieldProps } from './use-zod-form';

/**
 * A PIN (4 to 6 digits, `pinSchema`) as one masked field: a phone or tablet shows the number pad,
 * anything but digits is dropped as it is typed, and Enter submits the surrounding form.
 */
export function PinField({ onChange, ...props }: Omit<PasswordInputProps, 'type'>) {
  return (
    <PasswordInput
      label="PIN"
      inputMode="numeric"
      autoComplete="off"
      maxLength={6}
      {...props}
      onChange={(event) => {
        const digits = event.currentTarget.value.replace(/\D/g, '').slice(0, 6);
        if (digits !== event.currentTarget.value) event.currentTarget.value = digits;
        onChange?.(event);
      }}
    />
  );
}

/**
 * A new PIN typed twice (create, change, reset): the PIN, then its confirmation. Pair it with
 * `mustMatch` in the form's rules.
 */
export function NewPinFields({
  pin,
  confirm,
  label = 'New PIN',
  description = '4 to 6 digits.',
  confirmLabel = 'Confirm new PIN',
  autoFocus = false,
}: {
  pin: FieldProps;
  confirm: FieldProps;
  label?: string;
  description?: string;
  confirmLabel?: string;
  /** The first field of the form: focused when the screen opens. */
  autoFocus?: boolean;
}) {
  return (
    <>
      <PinField
        label={label}
        description={description}
        required
        withAsterisk={false}
        {...(autoFocus ? { 'data-autofocus': true, autoFocus: true } : {})}
        {...pin}
      />
      <PinField label={confirmLabel} required withAsterisk={false} {...confirm} />
    </>
  );
}
