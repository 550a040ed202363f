import { useEffect, useState } from 'react';

/**
 * An object URL for a blob (or file) while it is shown: made when the blob arrives, revoked when it
 * changes or the component unmounts. `<img src>` cannot send the bearer token, so images read through
 * the API client are shown this way.
 */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [entry, setEntry] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    // The object URL is an outside resource: made here, and revoked when the blob changes or on unmount.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setEntry({ blob, url });
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return blob && entry?.blob === blob ? entry.url : null;
}
