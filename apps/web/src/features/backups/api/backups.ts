import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  downloadBackup,
  downloadBackupManifest,
  getBackupStatus,
  takeBackupNow,
  type Backup,
  type BackupStatus,
} from '@ipos/contracts';
import { apiBlob, apiRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';

/** The installation's backups as its owner sees them (packages/contracts/src/system/backups.ts). */
const statusKey = ['backups', 'status'] as const;

export function useBackupStatus(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => apiRequest(getBackupStatus, { signal }),
    enabled: options.enabled ?? true,
    // Whether a backup is late changes by the hour, not the second.
    staleTime: 5 * 60 * 1000,
  });
}

export function useTakeBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(takeBackupNow),
    onSuccess: (taken) => {
      queryClient.setQueryData<BackupStatus>(statusKey, (status) =>
        status
          ? { ...status, stale: false, backups: [taken, ...status.backups.filter((b) => b.file !== taken.file)] }
          : status,
      );
      void queryClient.invalidateQueries({ queryKey: statusKey });
    },
  });
}

/** The manifest's file name beside its backup (what `npm run restore` looks for). */
export const manifestNameOf = (backup: Pick<Backup, 'file'>) => backup.file.replace(/\.tar\.gz$/, '.json');

/** Saves a backup's two files, the data then its manifest, under the names the restore command expects. */
export async function downloadBackupFiles(backup: Backup) {
  const query = { file: backup.file };
  saveBlob(await apiBlob(downloadBackup, { query }), backup.file);
  saveBlob(await apiBlob(downloadBackupManifest, { query }), manifestNameOf(backup));
}
