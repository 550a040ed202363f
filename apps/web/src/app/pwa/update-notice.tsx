import { useSyncExternalStore } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useIsSaleInProgress } from '../../lib/sale-in-progress';
import { appUpdate, type AppUpdate } from './service-worker';
import { updateNoticeState } from './update-rules';

/**
 * "Update ready — Reload": a calm corner notice once a new version of the app waits. Reloading is the
 * person's choice, and is not offered while a sale is under way (the cart has lines or payment is
 * open); the notice says the update waits for the sale instead.
 */
export function UpdateNotice({ update = appUpdate }: { update?: AppUpdate }) {
  const isWaiting = useSyncExternalStore(update.subscribe, update.isWaiting, update.isWaiting);
  const isSaleInProgress = useIsSaleInProgress();
  const state = updateNoticeState({ isWaiting, isSaleInProgress });
  if (state === 'hidden') return null;
  return (
    <Paper
      role="status"
      aria-label="Update ready"
      withBorder
      shadow="md"
      radius="md"
      p="sm"
      pos="fixed"
      bottom={16}
      left={16}
      maw={360}
      style={{ zIndex: 300 }}
    >
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <Text size="sm">
          <Text span fw={600}>
            Update ready
          </Text>
          {state === 'after-sale' ? ' — reload once this sale is finished.' : null}
        </Text>
        {state === 'ready' ? (
          <Button size="xs" onClick={() => update.apply()}>
            Reload
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}
