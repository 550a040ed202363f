import { storeDay } from '@ipos/contracts';
import { AuditTrail } from '../../../features/audit/components/audit-trail';
import { WithActiveStore } from '../with-active-store';
import { NoAccess } from '../../../components/feedback/no-access';

/** `/dashboard/settings/audit-trail`: the business's audit trail (settings.audit), on the store's clock. */
export function AuditTrailRoute() {
  return (
    <WithActiveStore>
      {(store) =>
        store.permissions.includes('settings.audit') ? (
          <AuditTrail timeZone={store.timeZone} today={storeDay(store.timeZone)} />
        ) : (
          <NoAccess page />
        )
      }
    </WithActiveStore>
  );
}

export { AuditTrailRoute as Component };
