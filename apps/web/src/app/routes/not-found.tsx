import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Brand } from '../../components/brand/brand';
import { CenteredLayout } from '../../components/layout/page-shell';

/** Any path the route table does not know. */
export function NotFoundRoute() {
  return (
    <CenteredLayout>
      <Stack align="center" gap="md" ta="center" maw={480}>
        <Brand />
        <Text fw={700} fz={48} lh={1} c="dimmed" aria-hidden="true">
          404
        </Text>
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text c="dimmed">The page you asked for does not exist or has moved.</Text>
        <Anchor component={Link} to="/" fw={600}>
          Go to the home page
        </Anchor>
      </Stack>
    </CenteredLayout>
  );
}

export { NotFoundRoute as Component };
