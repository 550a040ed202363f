import { PasswordInput, type PasswordInputProps } from '@mantine/core';

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
