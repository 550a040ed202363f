import { useState, type ReactNode } from 'react';
import { Anchor, Fieldset, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { currencyCodes, registerBodySchema, type RegisterBody } from '@ipos/contracts';
import { useZodForm } from '../../../components/form/use-zod-form';
import { NewPasswordInput } from '../../../components/form/password-rules';
import { SubmitButton } from '../../../components/form/submit-button';
import { useRegister } from '../api/register';
import { countries, currencyLabels, defaultCurrencyOf } from '../../../lib/countries';
import { FormColumns } from '../../../components/form/form-columns';

const initialValues = {
  ownerName: '',
  email: '',
  phone: '',
  password: '',
  businessName: '',
  country: '',
  currency: '',
};

/** One half of the form: a small uppercase legend over its fields. */
function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset
      legend={
        <Text component="span" fw={700} size="sm" c="dimmed" tt="uppercase">
          {legend}
        </Text>
      }
      variant="unstyled"
    >
      <Stack gap="sm">{children}</Stack>
    </Fieldset>
  );
}

/**
 * Sign-up (Register): the owner and the business in one form, checked with the API's own schema. The
 * API mails the address a link that finishes the sign-up and answers the same whatever the address, so
 * success only hands the form over (`onSent`) for the "check your email" step.
 */
export function SignUpForm({ onSent }: { onSent: (body: RegisterBody) => void }) {
  const registerMutation = useRegister();
  const form = useZodForm({ schema: registerBodySchema, initialValues });
  // Once a person picks a currency themselves, choosing another country no longer overrides it.
  const [currencyChosen, setCurrencyChosen] = useState(false);

  const submit = form.onSubmit(async (body: RegisterBody) => {
    try {
      await registerMutation.mutateAsync(body);
      onSent(body);
    } catch (error) {
      form.reportApiError(error, 'Could not send the link');
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Sign up">
      <Stack gap="lg">
        <FormColumns spacing="lg">
          <FieldGroup legend="About you">
            <TextInput label="Your name" autoComplete="name" required {...form.field('ownerName')} />
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              description="We will mail you a link to finish creating your account"
              {...form.field('email')}
            />
            <TextInput
              label="Phone"
              type="tel"
              autoComplete="tel"
              placeholder="+234 801 234 5678"
              required
              {...form.field('phone')}
            />
            <NewPasswordInput label="Password" {...form.field('password')} />
          </FieldGroup>
          <FieldGroup legend="Your business">
            <TextInput label="Business name" autoComplete="organization" required {...form.field('businessName')} />
            <NativeSelect
              label="Country"
              required
              {...form.field('country')}
              onChange={(event) => {
                const country = event.currentTarget.value;
                form.setValue('country', country);
                const currency = defaultCurrencyOf(country);
                if (currency && !currencyChosen) form.setValue('currency', currency);
              }}
              data={[
                { value: '', label: 'Select a country', disabled: true },
                ...countries.map((c) => ({ value: c.code, label: c.name })),
              ]}
            />
            <NativeSelect
              label="Currency"
              required
              description="Prices, sales and reports use it"
              {...form.field('currency')}
              error={form.errors.currency ? 'Choose a currency' : undefined}
              onChange={(event) => {
                setCurrencyChosen(true);
                form.setValue('currency', event.currentTarget.value);
              }}
              data={[
                { value: '', label: 'Select a currency', disabled: true },
                ...currencyCodes.map((code) => ({ value: code, label: currencyLabels[code] })),
              ]}
            />
          </FieldGroup>
        </FormColumns>
        <SubmitButton loading={form.isSubmitting}>Create account</SubmitButton>
        <Text size="sm" ta="center">
          Already have an account?{' '}
          <Anchor component={Link} to="/" fw={600}>
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
