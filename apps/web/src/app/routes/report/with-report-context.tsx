import type { ReactNode } from 'react';
import type { ReportContext } from '../../../features/reports/components/report-context';
import { useMe } from '../../../features/accounts/api/get-me';
import { WithActiveStore } from '../with-active-store';

/**
 * Report screens need the active store (its clock decides the presets) and the stores they may
 * cover: the business's stores where my role reads reports, and all of them for the owner.
 */
export function WithReportContext({ children }: { children: (context: ReportContext) => ReactNode }) {
  const me = useMe();
  return (
    <WithActiveStore>
      {(store) => {
        const memberships = me.data?.memberships ?? [];
        const stores = memberships
          .filter((m) => m.businessId === store.business.id && m.permissions.includes('reports.view'))
          .map((m) => ({ id: m.storeId, name: m.storeName }));
        if (!stores.some((s) => s.id === store.id)) stores.unshift({ id: store.id, name: store.name });
        const canSeeAllStores = Boolean(me.data?.businesses.some((b) => b.id === store.business.id));
        return children({ store, stores, canSeeAllStores });
      }}
    </WithActiveStore>
  );
}
