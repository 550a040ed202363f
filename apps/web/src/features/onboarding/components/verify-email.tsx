import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { SIGN_UP_LINK_TTL_HOURS, type VerifiedSignUp } from '@ipos/contracts';
import { LoadingState } from '../../../components/feedback/loading-state';
import { describeApiError } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useVerifyEmail } from '../api/verify-email';

/** What the Welcome page shows after a sign-up: the address proved and the business made. */
export interface RegisteredBusiness {
  email: string;
  businessName: string;
}

function Problem({ title, children, actions }: { title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <Stack gap="md">
      <Alert variant="light" color="red" title={title} role="alert">
        {children}
      </Alert>
      {actions}
    </Stack>
  );
}

const signUpAgain = (variant?: 'default') => (
  <Button component={Link} to="/onboarding/sign-up" variant={variant}>
    Sign up again
  </Button>
);

/**
 * `/onboarding/verify-email?token=…`, the page the sign-up mail opens: it sends the token once (a
 * second send would find it spent) and hands the new business to `onVerified`. `signIn` is the way in
 * for someone whose account exists already (the identity feature's button, composed by the route).
 */
export function VerifyEmail({
  token,
  onVerified,
  signIn,
}: {
  token: string | null;
  onVerified: (registered: RegisteredBusiness) => void;
  signIn: ReactNode;
}) {
  const verify = useVerifyEmail();
  const started = useRef(false);
  // The contract's token is 16–200 characters: anything else was cut or mistyped on the way here.
  const usable = token !== null && token.length >= 16 && token.length <= 200;

  const send = () => {
    if (!usable) return;
    verify.mutate(token, {
      onSuccess: ({ email, businessName }: VerifiedSignUp) => onVerified({ email, businessName }),
    });
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    send();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per visit: the token works once
  }, []);

  if (!usable) {
    return (
      <Problem title="This link is not complete" actions={signUpAgain()}>
        Open the link from the email again, in full, or sign up again for a new one.
      </Problem>
    );
  }
  const error = verify.error;
  if (isApiError(error) && error.code === 'SIGN_UP_LINK_INVALID') {
    return (
      <Problem
        title="This link has expired or was already used"
        actions={
          <>
            {signUpAgain('default')}
            {signIn}
          </>
        }
      >
        Each link works once, for {SIGN_UP_LINK_TTL_HOURS} hours. If you already finished creating your account, sign
        in; otherwise sign up again for a new link.
      </Problem>
    );
  }
  if (isApiError(error) && error.code === 'EMAIL_TAKEN') {
    return (
      <Problem
        title="You already have an account"
        actions={
          <>
            {signIn}
            <Anchor component={Link} to="/onboarding/forgot-password" ta="center" size="sm">
              Forgot your password? Reset it
            </Anchor>
          </>
        }
      >
        An iPos account already uses this email. Sign in with it, or reset its password.
      </Problem>
    );
  }
  if (error) {
    return (
      <Problem
        title="Could not finish creating your account"
        actions={
          <Button onClick={send} loading={verify.isPending}>
            Try again
          </Button>
        }
      >
        {describeApiError(error)}
      </Problem>
    );
  }
  return <LoadingState label="Creating your account…" />;
}
