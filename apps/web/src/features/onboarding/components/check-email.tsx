import { useEffect, useRef } from 'react';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SIGN_UP_LINK_TTL_HOURS, type RegisterBody } from '@ipos/contracts';
import { describeApiError } from '../../../components/toast';
import { useRegister } from '../api/register';

/**
 * The sign-up's second step: the link is on its way to the address. Sending again submits the same
 * form (a new link; the older one stops working); going back shows the form as it was typed.
 */
export function CheckEmail({ sent, onBack }: { sent: RegisterBody; onBack: () => void }) {
  const resend = useRegister();
  const notice = useRef<HTMLDivElement>(null);

  // The form the person was in has gone: move focus to what replaced it, so it is read out.
  useEffect(() => notice.current?.focus(), []);

  return (
    <Stack gap="md">
      {/* The heading already says "Check your email"; a long address wraps instead of running off a phone. */}
      <Alert ref={notice} tabIndex={-1} variant="light" color="ipos" role="status" style={{ overflowWrap: 'anywhere' }}>
        We sent a link to <strong>{sent.email}</strong> to finish creating your account. It works once, for{' '}
        {SIGN_UP_LINK_TTL_HOURS} hours.
      </Alert>
      <Text size="sm">
        Nothing after a few minutes? Check the spam folder and the address above, or send the link again.
      </Text>
      {resend.isSuccess && (
        <Text size="sm" role="status">
          We sent a new link to {sent.email}; use the newest one.
        </Text>
      )}
      {resend.isError && (
        <Alert variant="light" color="red" title="Could not send the link" role="alert">
          {describeApiError(resend.error)}
        </Alert>
      )}
      <Button variant="default" loading={resend.isPending} onClick={() => resend.mutate(sent)}>
        Send the link again
      </Button>
      <Button variant="subtle" onClick={onBack}>
        Change the details
      </Button>
      <Anchor component={Link} to="/" ta="center" size="sm">
        Back to sign in
      </Anchor>
    </Stack>
  );
}
