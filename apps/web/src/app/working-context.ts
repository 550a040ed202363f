import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Me, Membership } from '@ipos/contracts';
import { toast } from '../components/toast';
import { useMe } from '../features/accounts/api/get-me';
import { useStoredSession, type StoredSession } from '../features/accounts/hooks/use-stored-session';
import { roleLabel } from '../lib/role-label';
import {
  activeMembership,
  sessionValuesForStore,
  storeAdminMode,
  storeSessionValues,
} from '../features/accounts/session-values';
import { DASHBOARD_PATH, canUseSection, sections, type Section, type SectionAccess } from './route-table';

/** Option id of admin mode in the switcher (store options use the store id). */
export const ADMIN_MODE_OPTION = 'admin';

export const storeLabel = (m: Pick<Membership, 'storeName' | 'storeAlias'>) => `${m.storeName} (${m.storeAlias})`;

/** The sections a mode and role may use, in the route table's order. */
export function allowedSections(access: SectionAccess): Section[] {
  return sections.filter((section) => canUseSection(section, access));
}

export function sectionAccessOf(me: Me | undefined, session: StoredSession): SectionAccess {
  const membership = me ? activeMembership(me, session.storeId) : undefined;
  return {
    isAdmin: session.isAdmin,
    isOwner: me?.isOwner ?? false,
    permissions: session.isAdmin ? [] : (membership?.permissions ?? []),
  };
}

/** Admin mode is "Owner" for an owner; in a store, the stored role (re-read every second). */
export function personRoleLabel(me: Me, session: StoredSession): string {
  if (session.isAdmin) return me.isOwner ? 'Owner' : 'Admin mode';
  const role = session.userRole ?? activeMembership(me, session.storeId)?.roleName;
  return role ? roleLabel(role) : 'No store';
}

/**
 * Where the signed-in person works now (mode, store, role) and how to change it. Composes the
 * account (GET /api/v1/me) with the stored values the guards read.
 */
export function useWorkingContext() {
  const me = useMe();
  const session = useStoredSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const membership = me.data ? activeMembership(me.data, session.storeId) : undefined;
  const access = useMemo(() => sectionAccessOf(me.data, session), [me.data, session]);

  const switchTo = useCallback(
    (optionId: string) => {
      if (!me.data) return;
      if (optionId === ADMIN_MODE_OPTION) {
        storeAdminMode();
        toast.show({ type: 'success', message: 'You are in admin mode.' });
      } else {
        const chosen = me.data.memberships.find((m) => m.storeId === optionId);
        if (!chosen) return;
        storeSessionValues(sessionValuesForStore(chosen));
        toast.show({ type: 'success', message: `You are working in ${storeLabel(chosen)}.` });
      }
      // Store data of the previous context must not show under the new one.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'accounts' });
      void navigate(DASHBOARD_PATH);
    },
    [me.data, navigate, queryClient],
  );

  return { me, session, membership, access, switchTo };
}
