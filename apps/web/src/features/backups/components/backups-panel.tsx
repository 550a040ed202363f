import { Alert, Button, Card, Code, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { BACKUP_STALE_HOURS, type BackupStatus } from '@ipos/contracts';
import { ListState } from '../../../components/feedback/list-state';
import { WhenLoaded } from '../../../components/feedback/load-states';
import { describeApiError, toast } from '../../../components/toast';
import { useDisplayTimeZone } from '../../../lib/active-store';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { useBackupStatus, useTakeBackup } from '../api/backups';
import { BackupTable } from './backup-table';
import { backupReasonLabels, whoBacksUp } from './backup-words';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

/** The newest backup's time, size and reason, and whether it is late. */
function NewestBackup({ status, timeZone }: { status: BackupStatus; timeZone: string | undefined }) {
  const newest = status.backups[0];
  return (
    <Stack gap="sm">
      {newest ? (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" data-testid="newest-backup">
          <Figure label="Newest backup" value={formatDateTime(newest.takenAt, timeZone)} />
          <Figure label="Size" value={formatBytes(newest.bytes)} />
          <Figure label="Why" value={backupReasonLabels[newest.reason]} />
        </SimpleGrid>
      ) : (
        status.enabled && <Text>No backup has been taken yet.</Text>
      )}
      {status.stale && (
        <Alert color="orange" variant="light" title="Backups are late">
          {newest
            ? `The newest backup is more than ${BACKUP_STALE_HOURS} hours old. Check that iPos runs at its backup hour, or back up now.`
            : 'No backup has been taken since iPos started. Back up now.'}
        </Alert>
      )}
    </Stack>
  );
}

/** "Back up now": busy while it runs, a toast when done, the refusal beside the button. */
function BackUpNow({ status, timeZone }: { status: BackupStatus; timeZone: string | undefined }) {
  const take = useTakeBackup();
  const backUp = () =>
    take.mutate(undefined, {
      onSuccess: (taken) =>
        toast.show({
          type: 'success',
          message: `Backup taken: ${formatDateTime(taken.takenAt, timeZone)}, ${formatBytes(taken.bytes)}.`,
        }),
    });
  return (
    <Stack gap="xs">
      <Group>
        <Button loading={take.isPending || status.busy} onClick={backUp}>
          Back up now
        </Button>
      </Group>
      {take.isError && (
        <Alert color="red" variant="light" role="alert" title="The backup was not taken">
          {describeApiError(take.error)}
        </Alert>
      )}
    </Stack>
  );
}

/** The installation's backups: the newest, the kept ones to download, and one now (owner only). */
export function BackupsPanel() {
  const status = useBackupStatus();
  const timeZone = useDisplayTimeZone();
  return (
    <WhenLoaded query={status} loadingLabel="Loading the backups" errorTitle="The backups could not be read">
      {(data) => {
        const others = whoBacksUp(data);
        return (
          <Stack gap="lg">
            <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="backups-newest-title">
              <Stack gap="md">
                <Title order={2} size="h3" id="backups-newest-title">
                  This installation’s backups
                </Title>
                <NewestBackup status={data} timeZone={timeZone} />
                {others ? (
                  <Text data-testid="backups-who">{others}</Text>
                ) : (
                  <BackUpNow status={data} timeZone={timeZone} />
                )}
              </Stack>
            </Card>
            {data.enabled && (
              <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="backups-kept-title">
                <Stack gap="md">
                  <Title order={2} size="h3" id="backups-kept-title">
                    Kept backups
                  </Title>
                  {!others && (
                    <Text size="sm" c="dimmed">
                      Download saves two files, the backup and its manifest (<Code>.json</Code>). Keep them in the same
                      folder: <Code>npm run restore</Code> needs both.
                    </Text>
                  )}
                  <ListState
                    query={status}
                    count={data.backups.length}
                    loadingLabel="Loading the backups"
                    errorTitle="The backups could not be read"
                    empty={<Text c="dimmed">None yet: the first is taken a minute after iPos starts.</Text>}
                  >
                    <BackupTable backups={data.backups} canDownload={!others} timeZone={timeZone} />
                  </ListState>
                </Stack>
              </Card>
            )}
          </Stack>
        );
      }}
    </WhenLoaded>
  );
}
