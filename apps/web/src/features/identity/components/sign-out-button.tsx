import { useState } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth-context';
import { useSignOutQuestion } from './sign-out-question';

/**
 * Ends the session here and at the provider; cached data of the account goes with it. With a sale in
 * progress on this device (`accountId`'s), it asks first.
 */
export function SignOutButton({ accountId, ...props }: ButtonProps & { accountId?: string }) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [isLeaving, setLeaving] = useState(false);
  const { request, question } = useSignOutQuestion(accountId, () => {
    setLeaving(true);
    queryClient.clear();
    void auth.signOut();
  });
  return (
    <>
      <Button variant="default" {...props} loading={isLeaving} onClick={request}>
        Sign out
      </Button>
      {question}
    </>
  );
}
