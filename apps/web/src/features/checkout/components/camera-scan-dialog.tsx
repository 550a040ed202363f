import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Modal, Stack, Text } from '@mantine/core';

/** True when this browser can reach a camera at all (the button is hidden otherwise). */
export const cameraAvailable = () => typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

/**
 * Scans a barcode with the camera (@zxing/browser, loaded only when the dialog opens). The first code
 * read is handed over and the camera stops; closing the dialog stops it too.
 */
export function CameraScanDialog({
  opened,
  onClose,
  onCode,
}: {
  opened: boolean;
  onClose: () => void;
  onCode: (code: string) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const handleCode = useEffectEvent(onCode);

  useEffect(() => {
    if (!opened) return;
    let stopped = false;
    let controls: { stop: () => void } | undefined;
    void (async () => {
      try {
        const { BrowserMultiFormatReader } = await import('@zxing/browser');
        if (stopped || !video.current) return;
        const reader = new BrowserMultiFormatReader();
        controls = await reader.decodeFromVideoDevice(undefined, video.current, (result, _err, c) => {
          if (!result || stopped) return;
          stopped = true;
          c.stop();
          handleCode(result.getText());
        });
        if (stopped) controls.stop();
      } catch (e) {
        setError(
          e instanceof Error && e.name === 'NotAllowedError'
            ? 'Allow the camera to scan'
            : 'No camera could be started',
        );
      }
    })();
    return () => {
      stopped = true;
      controls?.stop();
    };
  }, [opened]);

  return (
    <Modal
      opened={opened}
      onClose={() => {
        setError(null);
        onClose();
      }}
      title="Scan with the camera"
    >
      <Stack>
        <video ref={video} style={{ width: '100%', borderRadius: 8, background: '#000' }} muted playsInline />
        {error ? (
          <Text c="red" role="alert">
            {error}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            Hold the barcode in front of the camera.
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
