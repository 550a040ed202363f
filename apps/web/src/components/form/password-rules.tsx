import { List, PasswordInput, Text, VisuallyHidden, type PasswordInputProps } from '@mantine/core';

/** The rules of the contracts' `passwordSchema`, shown before a person types so nothing surprises them. */
export const passwordRules = [
  { label: 'At least 8 characters', test: (value: string) => value.length >= 8 },
  { label: 'A letter', test: (value: string) => /[A-Za-z]/.test(value) },
  { label: 'A digit', test: (value: string) => /[0-9]/.test(value) },
] as const;

export function PasswordRules({ value, id }: { value: string; id?: string }) {
  return (
    <div id={id}>
      <Text size="xs" c="dimmed" mb={4}>
        Your password needs:
      </Text>
      <List size="xs" spacing={2} listStyleType="none" withPadding={false}>
        {passwordRules.map((rule) => {
          const met = rule.test(value);
          return (
            <List.Item key={rule.label} c={met ? 'ipos.8' : 'dimmed'} data-met={met}>
              <span aria-hidden="true">{met ? '✓ ' : '• '}</span>
              {rule.label}
              {met && <VisuallyHidden> (done)</VisuallyHidden>}
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}

/**
 * A password being chosen, with the rules under it ticked off as they are met; a field error shows
 * between the field and the rules.
 */
export function NewPasswordInput(props: Omit<PasswordInputProps, 'description' | 'value'> & { value: string }) {
  return (
    <PasswordInput
      autoComplete="new-password"
      required
      description={<PasswordRules value={props.value} />}
      descriptionProps={{ component: 'div' }}
      inputWrapperOrder={['label', 'input', 'error', 'description']}
      {...props}
    />
  );
}
