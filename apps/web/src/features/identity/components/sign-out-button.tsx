import { useState } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth-context';
import { useSignOutQuestion } from './sign-out-question';
import classes from './sign-out-button.module.css';

/** A door with an arrow leaving it. Decorative: the button's words name it. */
function SignOutIcon() {
  return (
    <svg viewBox="0 0 20 20" width={18} height={18} aria-hidden="true" focusable="false">
      <path
        d="M8 3H4.5A1.5 1.5 0 0 0 3 4.5v11A1.5 1.5 0 0 0 4.5 17H8M13 6l4 4-4 4M17 10H8"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Ends the session here and at the provider; cached data of the account goes with it. With a sale in
 * progress on this device (`accountId`'s), it asks first. On a phone it is an icon, named by its words.
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
      <Button
        variant="default"
        {...props}
        loading={isLeaving}
        onClick={request}
        leftSection={<SignOutIcon />}
        classNames={{ root: classes.root, section: classes.icon }}
      >
        <span className={classes.words}>Sign out</span>
      </Button>
      {question}
    </>
  );
}
