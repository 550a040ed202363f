import type { BackupReasonName, BackupStatus } from '@ipos/contracts';

/** Why a backup was taken, in words. */
export const backupReasonLabels: Record<BackupReasonName, string> = {
  daily: 'Daily',
  shutdown: 'When iPos stopped',
  manual: 'Taken by hand',
};

/**
 * Who backs up when the owner cannot from here, in one plain sentence; null when the owner does
 * (backups on and every business of the installation theirs).
 */
export function whoBacksUp(status: Pick<BackupStatus, 'database' | 'enabled' | 'managedBy'>): string | null {
  if (status.database === 'postgres')
    return 'iPos keeps its data in PostgreSQL here, so whoever runs the database backs it up with PostgreSQL’s own tools (pg_dump, or the host’s backups).';
  if (!status.enabled)
    return 'Backups are turned off on this installation: whoever runs iPos backs up its data folder.';
  if (status.managedBy === 'operator')
    return 'This installation also holds businesses of other owners, and a backup holds all of them: whoever runs the installation takes and keeps the backups.';
  return null;
}
