import { useState } from 'react';
import {
  Anchor,
  Button,
  Fieldset,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { Link } from 'react-router';
import { currencyCodes, registerBodySchema, type RegisterBody } from '@ipos/contracts';
import { showApiError } from '../../../components/toast';
import { useZodForm } from '../../../components/form/use-zod-form';
import { PasswordRules } from '../../../components/form/password-rules';
import { isApiError } from '../../../lib/api-client';
import { useRegister } from '../api/register';
import { countries, currencyLabels, defaultCurrencyOf } from '../countries';

const initialValues = {
  ownerName: '',
  email: '',
  phone: '',
  password: '',
  businessName: '',
  country: '',
  currency: '',
};

export interface RegisteredBusiness {
  email: string;
  businessName: string;
}

/** Sign-up (Register): the owner and the business in one form, checked with the API's own schema. */
export function SignUpForm({ onRegistered }: { onRegistered: (registered: RegisteredBusiness) => void }) {
  const registerMutation = useRegister();
  const form = useZodForm({ schema: registerBodySchema, initialValues });
  const [emailTaken, setEmailTaken] = useState(false);
  // Once a person picks a currency themselves, choosing another country no longer overrides it.
  const [currencyChosen, setCurrencyChosen] = useState(false);

  const submit = form.onSubmit(async (body: RegisterBody) => {
    setEmailTaken(false);
    try {
      await registerMutation.mutateAsync(body);
      onRegistered({ email: body.email, businessName: body.businessName });
    } catch (error) {
      if (isApiError(error) && error.code === 'EMAIL_TAKEN') {
        setEmailTaken(true);
        form.setApiErrors(error, { email: 'An account already uses this email' });
        return;
      }
      if (!form.setApiErrors(error)) showApiError(error, 'Could not create your account');
    }
  });

  const emailField = form.field('email');
  const emailError =
    emailTaken && emailField.error ? (
      <>
        {emailField.error}.{' '}
        <Anchor component={Link} to="/" inherit>
          Sign in
        </Anchor>{' '}
        or{' '}
        <Anchor component={Link} to="/onboarding/forgot-password" inherit>
          reset the password
        </Anchor>
        .
      </>
    ) : (
      emailField.error
    );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Sign up">
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Fieldset
            legend={
              <Text component="span" fw={700} size="sm" c="dimmed" tt="uppercase">
                About you
              </Text>
            }
            variant="unstyled"
          >
            <Stack gap="sm">
              <TextInput label="Your name" autoComplete="name" required {...form.field('ownerName')} />
              <TextInput
                label="Email"
                type="email"
                autoComplete="email"
                required
                {...emailField}
                onChange={(event) => {
                  setEmailTaken(false);
                  emailField.onChange(event);
                }}
                error={emailError}
              />
              <TextInput
                label="Phone"
                type="tel"
                autoComplete="tel"
                placeholder="+234 801 234 5678"
                required
                {...form.field('phone')}
              />
              <PasswordInput
                label="Password"
                autoComplete="new-password"
                required
                description={<PasswordRules value={form.values.password} />}
                descriptionProps={{ component: 'div' }}
                inputWrapperOrder={['label', 'input', 'error', 'description']}
                {...form.field('password')}
              />
            </Stack>
          </Fieldset>
          <Fieldset
            legend={
              <Text component="span" fw={700} size="sm" c="dimmed" tt="uppercase">
                Your business
              </Text>
            }
            variant="unstyled"
          >
            <Stack gap="sm">
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
            </Stack>
          </Fieldset>
        </SimpleGrid>
        <Button type="submit" size="md" fullWidth loading={form.isSubmitting}>
          Create account
        </Button>
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
