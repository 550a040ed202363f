import { Anchor, Stack } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { Me } from '@ipos/contracts';
import { useActiveStore } from '../../../lib/active-store';
import { BackupWarning } from '../../../features/backups/components/backup-warning';
import { backupsPath } from '../../settings-links';
import { useMyInvitations } from '../../../features/accounts/api/my-invitations';
import { roleLabel } from '../../../lib/role-label';
import { AdminDashboard } from '../../../features/dashboard/components/admin-dashboard';
import { NoStore, NotAnOwner } from '../../../features/dashboard/components/no-store';
import type { QuickLink } from '../../../features/dashboard/components/quick-links';
import { StoreDashboard } from '../../../features/dashboard/components/store-dashboard';
import { useStoreDashboard } from '../../../features/dashboard/api/store-dashboard';
import { useAdminDashboard } from '../../../features/dashboard/api/admin-dashboard';
import { LoadError, LoadingCard } from '../../../components/feedback/load-states';
import type { Section } from '../../route-table';
import { allowedSections, storeLabel, useWorkingContext } from '../../working-context';

const toQuickLinks = (list: Section[]): QuickLink[] =>
  list
    .filter((section) => section.id !== 'dashboard')
    .map((section) => ({ id: section.id, label: section.name, description: section.summary, to: section.path }));

function AdminLanding({ personName, onOpenStore }: { personName: string; onOpenStore: (storeId: string) => void }) {
  const dashboard = useAdminDashboard();
  return (
    <AdminDashboard
      personName={personName}
      dashboard={dashboard}
      quickLinks={toQuickLinks(allowedSections({ isAdmin: true, isOwner: true, permissions: [] }))}
      onOpenStore={onOpenStore}
    />
  );
}

function StoreLanding({ personName, storeId }: { personName: string; storeId: string }) {
  const store = useActiveStore(storeId);
  const figures = useStoreDashboard(storeId);
  return (
    <StoreDashboard
      personName={personName}
      store={store}
      figures={figures}
      roleLabel={roleLabel}
      quickLinksFor={(permissions) => toQuickLinks(allowedSections({ isAdmin: false, isOwner: false, permissions }))}
    />
  );
}

/**
 * The owner's warning that backups are late, linking to Settings › Backups: from admin mode, through
 * one of their stores (settings are a store's screens).
 */
function OwnerBackupWarning({ me, switchTo }: { me: Me; switchTo?: (storeId: string) => void }) {
  const navigate = useNavigate();
  const owned = new Set(me.businesses.map((b) => b.id));
  const store = me.memberships.find((m) => owned.has(m.businessId));
  if (!switchTo)
    return (
      <BackupWarning
        link={
          <Anchor component={Link} to={backupsPath}>
            Open Settings › Backups
          </Anchor>
        }
      />
    );
  if (!store) return <BackupWarning link={null} />;
  const open = () => {
    switchTo(store.storeId);
    void navigate(backupsPath);
  };
  return (
    <BackupWarning
      link={
        <Anchor component="button" type="button" onClick={open}>
          Open Settings › Backups in {store.storeName}
        </Anchor>
      }
    />
  );
}

/** `/dashboard`: DashboardLanding, one for admin mode and one for store mode (spec section 2). */
export function DashboardLandingRoute() {
  const { me, session, membership, switchTo } = useWorkingContext();
  // The frame shows them; the store-less landing points at them.
  const invitations = useMyInvitations();

  if (me.isPending) return <LoadingCard label="Loading your account" />;
  if (me.isError) {
    return (
      <LoadError
        title="We could not load your account"
        error={me.error}
        onRetry={() => void me.refetch()}
        isRetrying={me.isFetching}
      />
    );
  }

  const choices = me.data.memberships.map((m) => ({ storeId: m.storeId, label: storeLabel(m) }));
  const name = me.data.account.name;
  if (session.isAdmin) {
    if (!me.data.isOwner) return <NotAnOwner choices={choices} onChoose={switchTo} />;
    return (
      <Stack gap="lg">
        <OwnerBackupWarning me={me.data} switchTo={switchTo} />
        <AdminLanding personName={name} onOpenStore={switchTo} />
      </Stack>
    );
  }
  if (!membership)
    return (
      <NoStore
        choices={choices}
        onChoose={switchTo}
        isOwner={me.data.isOwner}
        hasInvitations={invitations.data ? invitations.data.items.length > 0 : undefined}
      />
    );
  if (!me.data.isOwner) return <StoreLanding personName={name} storeId={membership.storeId} />;
  return (
    <Stack gap="lg">
      <OwnerBackupWarning me={me.data} />
      <StoreLanding personName={name} storeId={membership.storeId} />
    </Stack>
  );
}

export { DashboardLandingRoute as Component };
