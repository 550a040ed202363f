import { Anchor, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { FormCard } from '../../../components/layout/form-card';
import { SignUpForm, type RegisteredBusiness } from '../../../features/onboarding/components/sign-up-form';

/** `/onboarding/sign-up` (Register): a new owner and business, then the Thanks page. */
export function SignUpRoute() {
  const navigate = useNavigate();
  const onRegistered = (registered: RegisteredBusiness) =>
    void navigate('/welcome-on-board', { state: registered satisfies RegisteredBusiness });
  return (
    <FormCard
      title="Create your iPos account"
      description="Set up your business in a minute; you can add stores and staff afterwards."
      width={760}
    >
      <SignUpForm onRegistered={onRegistered} />
      <Text size="xs" c="dimmed" ta="center">
        Forgot the password of an existing account?{' '}
        <Anchor component={Link} to="/onboarding/forgot-password" inherit>
          Reset it
        </Anchor>
      </Text>
    </FormCard>
  );
}

export { SignUpRoute as Component };
