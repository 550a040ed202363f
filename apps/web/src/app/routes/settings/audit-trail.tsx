import { Stack, Text, Title } from '@mantine/core';
import { storeDay } from '@ipos/contracts';
import { AuditTrail } from '../../../features/audit/components/audit-trail';
import { WithActiveStore } from '../with-active-store';

/** `/dashboard/settings/audit-trail`: the business's audit trail (settings.audit), on the store's clock. */
export function AuditTrailRoute() {
  return (
    <WithActiveStore>
      {(store) =>
        store.permissions.includes('settings.audit') ? (
          <AuditTrail timeZone={store.timeZone} today={storeDay(store.timeZone)} />
        ) : (
          <Stack gap="lg">
            <Title order={1}>Audit trail</Title>
            <Text>Your role does not allow reading the audit trail.</Text>
          </Stack>
        )
      }
    </WithActiveStore>
  );
}

export { AuditTrailRoute as Component };
