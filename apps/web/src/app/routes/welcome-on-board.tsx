import { List, Stack, Text } from '@mantine/core';
import { useLocation } from 'react-router';
import { FormCard } from '../../components/layout/form-card';
import { SignInButton } from '../../features/identity/components/sign-in-button';

function isRegistered(state: unknown): state is { email: string; businessName: string } {
  return (
    typeof state === 'object' &&
    state !== null &&
    typeof (state as { email?: unknown }).email === 'string' &&
    typeof (state as { businessName?: unknown }).businessName === 'string'
  );
}

/** `/welcome-on-board`: the Thanks page after sign-up — what happens next, and the way in. */
export function WelcomeOnBoardRoute() {
  // Present after a sign-up in this tab; a bookmarked or reloaded visit gets the general wording.
  const { state } = useLocation();
  const registered = isRegistered(state) ? state : null;

  return (
    <FormCard
      title="Welcome on board"
      description={
        registered ? (
          <>
            <strong>{registered.businessName}</strong> is ready on iPos.
          </>
        ) : (
          'Your business is ready on iPos.'
        )
      }
    >
      <Stack gap="sm">
        <Text fw={600}>What happens next</Text>
        <List type="ordered" spacing="xs">
          <List.Item>
            Sign in with {registered ? <strong>{registered.email}</strong> : 'your email'} and the password you chose.
          </List.Item>
          <List.Item>Create a PIN: it unlocks iPos after a break without signing in again.</List.Item>
          <List.Item>Add your products, then your staff, and start selling.</List.Item>
        </List>
      </Stack>
      <SignInButton returnTo="/dashboard" />
    </FormCard>
  );
}

export { WelcomeOnBoardRoute as Component };
