import { useEffect, useState } from 'react';
import { Alert, Text } from '@mantine/core';
import { requestPersistentStorage } from '../../../lib/device-db';

/** Dismissed for this tab: said once, not on every visit to the register. */
const DISMISSED_KEY = 'ipos.checkout.storage-notice-dismissed';

function isDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * The register keeps the sale in progress (and, offline, the sales waiting to be sent) on the device.
 * When the browser refuses to keep that storage for good, it may clear it when space runs short: the
 * register says so, once, so the person can allow it. Nothing shows when the browser grants it or
 * has no such setting.
 */
export function DeviceStorageNotice() {
  const [refused, setRefused] = useState(false);
  const [dismissed, setDismissed] = useState(isDismissed);

  useEffect(() => {
    let live = true;
    void requestPersistentStorage().then((granted) => {
      if (live) setRefused(granted === false);
    });
    return () => {
      live = false;
    };
  }, []);

  if (!refused || dismissed) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      // A note to act on when convenient, not an error: announced politely.
      role="status"
      title="This browser may clear sales kept on this device"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => {
        setDismissed(true);
        try {
          sessionStorage.setItem(DISMISSED_KEY, 'true');
        } catch {
          // Dismissed for this page only.
        }
      }}
    >
      <Text size="sm">
        Allow storage for iPos in the browser&rsquo;s site settings, or install iPos as an app, to keep them safe.
      </Text>
    </Alert>
  );
}
