import { useState } from 'react';
import { Button } from '@mantine/core';
import type { Backup } from '@ipos/contracts';
import { ResponsiveTable, type TableColumn } from '../../../components/table/responsive-table';
import { showApiError } from '../../../components/toast';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { downloadBackupFiles } from '../api/backups';
import { backupReasonLabels } from './backup-words';

/** Saves the backup and its manifest; busy while the two files come. */
function DownloadButton({ backup, label }: { backup: Backup; label: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadBackupFiles(backup);
    } catch (error) {
      showApiError(error, 'The backup could not be downloaded');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="xs"
      variant="light"
      loading={busy}
      aria-label={`Download the backup of ${label}`}
      onClick={() => void download()}
    >
      Download
    </Button>
  );
}

/** The kept backups, newest first; each with Download where the owner may take them away. */
export function BackupTable({
  backups,
  canDownload,
  timeZone,
}: {
  backups: readonly Backup[];
  canDownload: boolean;
  timeZone: string | undefined;
}) {
  const takenAt = (backup: Backup) => formatDateTime(backup.takenAt, timeZone);
  const columns: TableColumn<Backup>[] = [
    { key: 'takenAt', label: 'Taken', priority: 0, cell: takenAt },
    { key: 'size', label: 'Size', kind: 'number', priority: 1, cell: (b) => formatBytes(b.bytes) },
    { key: 'reason', label: 'Why', priority: 2, cell: (b) => backupReasonLabels[b.reason] },
    { key: 'version', label: 'iPos version', kind: 'code', priority: 3, cell: (b) => b.appVersion },
  ];
  if (canDownload)
    columns.push({
      key: 'download',
      label: 'Download',
      kind: 'other',
      priority: 0,
      cell: (b) => <DownloadButton backup={b} label={takenAt(b)} />,
    });
  return (
    <ResponsiveTable label="Kept backups" columns={columns} rows={backups} rowKey={(b) => b.file} rowLabel={takenAt} />
  );
}
