import { useState } from 'react';
import { MAX_IMPORT_BYTES } from '@ipos/contracts';
import { isApiError } from '../../lib/api-client';
import { showApiError, toast } from '../toast';

interface ImportReportLike {
  summary: { create: number; update: number; unchanged: number };
}

interface ImportMutation<R> {
  mutateAsync: (file: File) => Promise<R>;
  isPending: boolean;
}

/**
 * What every CSV import dialog does: choose a file (at most 5 MB), have the API preview it (nothing
 * written), then commit it all-or-nothing. A commit refused with IMPORT_INVALID (the data changed
 * since the preview) shows the report the problem carries. `what` names the records in the toast
 * ("Products imported"); with `fileErrorsInDialog` a file-level 400 is said in the dialog, not a toast.
 */
export function useCsvImport<R extends ImportReportLike>({
  preview,
  commit,
  what,
  onClose,
  fileErrorsInDialog = false,
}: {
  preview: ImportMutation<R>;
  commit: ImportMutation<R>;
  what: string;
  onClose: () => void;
  fileErrorsInDialog?: boolean;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<R | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setReport(null);
    setFileError(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const choose = async (chosen: File | null) => {
    reset();
    if (!chosen) return;
    if (chosen.size > MAX_IMPORT_BYTES) {
      setFileError('The file is larger than 5 MB; split it into smaller files.');
      return;
    }
    const csv = new File([chosen], chosen.name, { type: 'text/csv' });
    setFile(csv);
    try {
      setReport(await preview.mutateAsync(csv));
    } catch (error) {
      setFile(null);
      if (fileErrorsInDialog && isApiError(error) && error.fieldErrors.length > 0)
        setFileError(error.fieldErrors.map((e) => e.message).join('. '));
      else showApiError(error, 'Could not read the file');
    }
  };

  const importNow = async () => {
    if (!file || !report) return;
    try {
      const done = await commit.mutateAsync(file);
      const { create, update, unchanged } = done.summary;
      toast.show({
        type: 'success',
        title: `${what} imported`,
        message: `${create} new, ${update} updated, ${unchanged} unchanged.`,
      });
      close();
    } catch (error) {
      // Someone changed the data meanwhile (a SKU taken, a contact edited): show what the API found.
      if (isApiError(error) && error.code === 'IMPORT_INVALID' && error.problem?.report)
        setReport(error.problem.report as R);
      showApiError(error, 'Nothing was imported');
    }
  };

  return {
    file,
    report,
    fileError,
    choose,
    importNow,
    close,
    previewing: preview.isPending,
    committing: commit.isPending,
  };
}
