import { useState } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth-context';

/** Ends the session here and at the provider; cached data of the account goes with it. */
export function SignOutButton(props: ButtonProps) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [isLeaving, setLeaving] = useState(false);
  return (
    <Button
      variant="default"
      {...props}
      loading={isLeaving}
      onClick={() => {
        setLeaving(true);
        queryClient.clear();
        void auth.signOut();
      }}
    >
      Sign out
    </Button>
  );
}
