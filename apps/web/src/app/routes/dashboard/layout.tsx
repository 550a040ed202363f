import { useEffect, useRef } from 'react';
import { Outlet, useRevalidator } from 'react-router';
import { InvitationsNotice } from '../../../features/accounts/components/invitations-notice';
import { SignOutButton } from '../../../features/identity/components/sign-out-button';
import { AppFrame } from '../../../features/navigation/components/app-frame';
import { ContextSwitcher, type ContextOption } from '../../../features/navigation/components/context-switcher';
import { roleLabel } from '../../../lib/role-label';
import { NoAccess, NoAccessScopeProvider } from '../../../components/feedback/no-access';
import { refusedSection } from '../../route-table';
import { useRouteMeta } from '../../route-title';
import {
  ADMIN_MODE_OPTION,
  allowedSections,
  personRoleLabel,
  storeLabel,
  useWorkingContext,
} from '../../working-context';

/**
 * The frame of every /dashboard screen (the guards have already let the person in), with the
 * invitations waiting for the person's answer above the screen.
 */
export function DashboardLayout() {
  const { me, session, membership, access, switchTo } = useWorkingContext();
  const revalidator = useRevalidator();
  const meta = useRouteMeta();
  // Until the account is read its permissions are unknown: the screen decides meanwhile.
  const refused = me.data ? refusedSection(meta, access) : undefined;

  // The stored mode, role or store changed (switcher, another tab, devtools): the guards decide again
  // whether the current screen is still allowed.
  const previous = useRef(session);
  useEffect(() => {
    if (previous.current === session) return;
    previous.current = session;
    void revalidator.revalidate();
  }, [session, revalidator]);

  const navItems = allowedSections(access).map((section) => ({
    id: section.id,
    label: section.name,
    to: section.path,
  }));

  const options: ContextOption[] = [];
  if (me.data?.isOwner)
    options.push({ id: ADMIN_MODE_OPTION, label: 'Admin mode', description: 'Businesses and users' });
  for (const m of me.data?.memberships ?? []) {
    options.push({ id: m.storeId, label: storeLabel(m), description: `${m.businessName} · ${roleLabel(m.roleName)}` });
  }
  const currentId = session.isAdmin ? ADMIN_MODE_OPTION : (membership?.storeId ?? null);
  const currentLabel = session.isAdmin ? 'Admin mode' : membership ? storeLabel(membership) : 'No store chosen';

  return (
    <AppFrame
      navItems={navItems}
      context={
        me.data ? (
          <ContextSwitcher currentLabel={currentLabel} currentId={currentId} options={options} onSelect={switchTo} />
        ) : null
      }
      person={me.data ? { name: me.data.account.name, roleLabel: personRoleLabel(me.data, session) } : null}
      signOut={<SignOutButton size="sm" accountId={me.data?.account.id} />}
    >
      {me.data ? (
        <InvitationsNotice
          showLoadError={me.data.memberships.length === 0 && !me.data.isOwner}
          // The guards derive the working context again: someone who had no store starts in the new one.
          onJoined={() => void revalidator.revalidate()}
        />
      ) : null}
      <NoAccessScopeProvider value={{ what: meta?.title, businessName: membership?.businessName }}>
        {refused ? <NoAccess page what={refused.name} /> : <Outlet />}
      </NoAccessScopeProvider>
    </AppFrame>
  );
}

export { DashboardLayout as Component };
