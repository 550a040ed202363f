import { useSyncExternalStore } from 'react';
import { CloseButton, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { toast, toastPositions, type Toast, type ToastPosition, type ToastType } from './toast-store';
import classes from './toast.module.css';

const typeLabel: Record<ToastType, string> = {
  error: 'Error',
  success: 'Success',
  info: 'Information',
  warning: 'Warning',
};

const regionLabel: Record<ToastPosition, string> = {
  'top-right': 'Notifications, top right',
  'top-left': 'Notifications, top left',
  'bottom-right': 'Notifications, bottom right',
  'bottom-left': 'Notifications, bottom left',
};

function ToastCard({ item }: { item: Toast }) {
  const isError = item.type === 'error';
  return (
    <Paper
      className={classes.toast}
      data-type={item.type}
      data-toast-id={item.id}
      shadow="md"
      withBorder
      // Errors interrupt (alert); everything else waits for a pause (status, polite).
      role={isError ? 'alert' : 'status'}
      aria-live={isError ? 'assertive' : 'polite'}
      aria-atomic="true"
    >
      <div className={classes.body}>
        {/* The accent colour carries the type for sighted people; this carries it for screen readers. */}
        <VisuallyHidden>{typeLabel[item.type]}: </VisuallyHidden>
        {item.title && (
          <Text fw={600} size="sm" className={classes.title}>
            {item.title}
          </Text>
        )}
        <Text size="sm" className={classes.message}>
          {item.message}
        </Text>
      </div>
      <CloseButton aria-label="Close" size="sm" onClick={() => toast.hide(item.id)} />
    </Paper>
  );
}

/** Renders every shown toast in its corner; mount once, near the root. */
export function ToastViewport() {
  const toasts = useSyncExternalStore(toast.subscribe, toast.getSnapshot, toast.getSnapshot);
  return (
    <>
      {toastPositions.map((position) => {
        const items = toasts.filter((item) => item.position === position);
        if (items.length === 0) return null;
        // Bottom corners stack upwards so the newest sits nearest the edge, as at the top.
        const ordered = position.startsWith('bottom') ? [...items].reverse() : items;
        return (
          <section
            key={position}
            className={classes.region}
            data-position={position}
            aria-label={regionLabel[position]}
          >
            <Stack gap="xs">
              {ordered.map((item) => (
                <ToastCard key={item.id} item={item} />
              ))}
            </Stack>
          </section>
        );
      })}
    </>
  );
}
