import { Alert } from '@mantine/core';

/**
 * Closing a register while this device still holds sales of it the server has not recorded: they are
 * counted in the expected cash here and will reach the server later (the closed register still takes
 * them), but the close report on the server will not show them until they do.
 */
export function UnsyncedSalesWarning({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Alert color="orange" title="Sales not yet sent" data-testid="unsynced-sales-warning">
      This device has {count} sale{count === 1 ? '' : 's'} of this register that the server has not received yet. They
      are counted in the expected cash below and will be sent when the connection is back; until then the server’s close
      report leaves them out. Sync now first if you can.
    </Alert>
  );
}
