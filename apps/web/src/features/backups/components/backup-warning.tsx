import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { BACKUP_STALE_HOURS } from '@ipos/contracts';
import { useDisplayTimeZone } from '../../../lib/active-store';
import { formatDateTime } from '../../../lib/format';
import { useBackupStatus } from '../api/backups';

/**
 * The owner's dashboard warning: iPos backs up this installation and the newest backup is older than
 * BACKUP_STALE_HOURS (or none came in the first hour). Nothing while the status loads or fails: the
 * dashboard is not the place for that error. `link` opens Settings › Backups.
 */
export function BackupWarning({ link }: { link: ReactNode }) {
  const status = useBackupStatus();
  const timeZone = useDisplayTimeZone();
  const data = status.data;
  if (!data?.enabled || !data.stale) return null;
  const newest = data.backups[0];
  return (
    <Alert color="orange" variant="light" title="Backups are late" data-testid="backup-warning">
      {newest
        ? `The newest backup was taken ${formatDateTime(newest.takenAt, timeZone)}, more than ${BACKUP_STALE_HOURS} hours ago.`
        : 'No backup has been taken since iPos started.'}{' '}
      A dead disk or a lost computer would take everything since. {link}
    </Alert>
  );
}
