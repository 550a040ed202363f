import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { Brand } from '../../components/brand/brand';
import { CenteredLayout } from '../../components/layout/page-shell';
import { SignInButton } from '../../features/identity/components/sign-in-button';
import { resolveReturnTo } from '../../features/identity/session';
import { SIGNED_OUT_QUERY } from '../guards';
import { OfflineSignInNotice } from '../pwa/offline-sign-in-notice';

/** `/`: the public landing page; its one action is signing in. */
export function LandingRoute() {
  const [search] = useSearchParams();
  const signedOut = search.get(SIGNED_OUT_QUERY) === '1';

  return (
    <CenteredLayout>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420}>
        <Stack gap="lg">
          <Brand size="lg" justify="center" />
          <Stack gap={4} ta="center">
            <Title order={1} size="h2">
              Welcome to iPos
            </Title>
            <Text c="dimmed">Sell, stock and run your stores in one place. Sign in to continue.</Text>
          </Stack>
          {signedOut && (
            <Alert variant="light" role="status">
              You have signed out.
            </Alert>
          )}
          <OfflineSignInNotice />
          <SignInButton returnTo={resolveReturnTo(search)} />
        </Stack>
      </Paper>
    </CenteredLayout>
  );
}

export { LandingRoute as Component };
