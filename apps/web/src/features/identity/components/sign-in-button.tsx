import { useState } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { logger } from '../../../lib/logger';
import { authMessages } from '../auth-errors';
import type { SignInType } from '../auth-client';
import { useAuth } from '../auth-context';

export interface SignInButtonProps {
  /** Where to go once signed in. */
  returnTo: string;
}

type Failure = 'unavailable' | 'popup-closed';

/**
 * Starts sign-in at the identity provider: in this window (the default), or in a 500×500 popup that
 * keeps this page where it is.
 */
export function SignInButton({ returnTo }: SignInButtonProps) {
  const auth = useAuth();
  const [starting, setStarting] = useState<SignInType | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  const start = async (type?: SignInType) => {
    setStarting(type ?? auth.options.defaultSignInType);
    setFailure(null);
    try {
      await (type ? auth.signIn({ returnTo, type }) : auth.signIn({ returnTo }));
      // A window sign-in navigates away: the button stays busy until the page goes.
      if (type === 'popup') setStarting(null);
    } catch (error) {
      const closed = error instanceof Error && error.message === authMessages.popupClosed;
      if (!closed) logger.error('sign-in could not start', error);
      setFailure(closed ? 'popup-closed' : 'unavailable');
      setStarting(null);
    }
  };

  return (
    <Stack gap="sm">
      {failure === 'unavailable' && (
        <Alert color="red" variant="light" title="Sign-in is unavailable" role="alert">
          We could not reach the sign-in service. Check the connection and try again.
        </Alert>
      )}
      {failure === 'popup-closed' && (
        <Alert color="yellow" variant="light" title="Sign-in was not finished" role="alert">
          The sign-in window was closed or blocked. Try again, or sign in in this window.
        </Alert>
      )}
      <Button
        size="md"
        fullWidth
        loading={starting !== null && starting !== 'popup'}
        disabled={starting === 'popup'}
        onClick={() => void start()}
      >
        Sign in
      </Button>
      {auth.options.defaultSignInType !== 'popup' && (
        <Button
          variant="subtle"
          size="sm"
          loading={starting === 'popup'}
          disabled={starting !== null && starting !== 'popup'}
          onClick={() => void start('popup')}
        >
          Use a pop-up window
        </Button>
      )}
    </Stack>
  );
}
