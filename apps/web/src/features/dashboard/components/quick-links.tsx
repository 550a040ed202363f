import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export interface QuickLink {
  id: string;
  label: string;
  description: string;
  to: string;
}

/** The sections a person may use, as a grid of links (the navigation's twin on the dashboard). */
export function QuickLinks({ links, title = 'Go to' }: { links: readonly QuickLink[]; title?: string }) {
  if (links.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="quick-links-title">
      <Title order={2} size="h4" id="quick-links-title">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
        {links.map((link) => (
          <Card key={link.id} withBorder padding="md" radius="md">
            <Stack gap={4}>
              <Anchor component={Link} to={link.to} fw={600}>
                {link.label}
              </Anchor>
              <Text size="sm" c="dimmed">
                {link.description}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
