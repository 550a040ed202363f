import { Stack, Text, Title } from '@mantine/core';
import { NoAccess } from '../../../components/feedback/no-access';
import { BackupsPanel } from '../../../features/backups/components/backups-panel';
import { WithActiveStore } from '../with-active-store';

/**
 * `/dashboard/settings/backups`: the installation's backups for the owner (IPOS_ADMIN): the newest,
 * the kept ones to download, and one now; who backs up instead where the owner cannot (decision 0038).
 */
export function BackupsRoute() {
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1}>Backups</Title>
        <Text c="dimmed">
          Copies of everything iPos holds on this computer, taken every day, when iPos stops, and when you ask.
        </Text>
      </Stack>
      <WithActiveStore>
        {(store) => (store.permissions.includes('settings.business') ? <BackupsPanel /> : <NoAccess />)}
      </WithActiveStore>
    </Stack>
  );
}

export { BackupsRoute as Component };
