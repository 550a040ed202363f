import { useState } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { logger } from '../../../lib/logger';
import { useAuth } from '../auth-context';

export interface SignInButtonProps {
  /** Where to go once signed in. */
  returnTo: string;
}

/** Starts the window sign-in at the identity provider; the page leaves on success. */
export function SignInButton({ returnTo }: SignInButtonProps) {
  const auth = useAuth();
  const [isStarting, setStarting] = useState(false);
  const [failed, setFailed] = useState(false);

  const start = async () => {
    setStarting(true);
    setFailed(false);
    try {
      await auth.signIn({ returnTo });
      // A window sign-in navigates away; keep the button busy until the page goes.
    } catch (error) {
      logger.error('sign-in could not start', error);
      setFailed(true);
      setStarting(false);
    }
  };

  return (
    <Stack gap="sm">
      {failed && (
        <Alert color="red" variant="light" title="Sign-in is unavailable" role="alert">
          We could not reach the sign-in service. Check the connection and try again.
        </Alert>
      )}
      <Button size="md" fullWidth loading={isStarting} onClick={() => void start()}>
        Sign in
      </Button>
    </Stack>
  );
}
