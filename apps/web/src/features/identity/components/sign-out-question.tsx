import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { hasTicketInProgress } from '../../../lib/device-db';

/**
 * Signing out, asked first when this person has a sale in progress on this device (the register
 * keeps it: decision 0036). Signing out does not lose it: it is there again when they sign in, so
 * the question only makes sure they meant to leave a sale open. `question` is the dialog to render.
 */
export function useSignOutQuestion(accountId: string | undefined, signOut: () => void) {
  const [asking, setAsking] = useState(false);
  const request = async () => {
    if (accountId && (await hasTicketInProgress(accountId))) setAsking(true);
    else signOut();
  };
  const question = (
    <Modal opened={asking} onClose={() => setAsking(false)} title="A sale is in progress">
      <Stack gap="md">
        <Text size="sm">
          A sale is in progress on this till. Sign out anyway? It will be here when you sign in again.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setAsking(false)} data-autofocus>
            Stay signed in
          </Button>
          <Button
            onClick={() => {
              setAsking(false);
              signOut();
            }}
          >
            Sign out
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { request: () => void request(), question };
}
