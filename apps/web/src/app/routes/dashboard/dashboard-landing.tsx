import { Stack, Title } from '@mantine/core';
import { PageShell } from '../../../components/layout/page-shell';
import { AccountSummary } from '../../../features/accounts/components/account-summary';
import { SignOutButton } from '../../../features/identity/components/sign-out-button';
import { usePageTitle } from '../../../lib/page-title';

/**
 * `/dashboard`: for now, who is signed in and their store. The later shell turns this into the
 * admin and store-mode dashboards of the spec.
 */
export function DashboardLandingRoute() {
  usePageTitle('Dashboard');
  return (
    <PageShell actions={<SignOutButton />}>
      <Stack gap="lg">
        <Title order={1}>Dashboard</Title>
        <AccountSummary />
      </Stack>
    </PageShell>
  );
}

export { DashboardLandingRoute as Component };
