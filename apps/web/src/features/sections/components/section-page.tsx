import { Alert, Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export interface SectionLink {
  label: string;
  to: string;
}

export interface SectionPageProps {
  /** The section's name: the page heading ("Inventory"). */
  name: string;
  /** The screen inside the section, when it is not the section's own list ("Add a product"). */
  screenTitle?: string;
  /** What the section holds. */
  summary: string;
  /** Related sections the person may use. */
  related: readonly SectionLink[];
  /** The person's role does not include this section (the navigation does not offer it). */
  isOutsideRole?: boolean;
}

/**
 * A section whose screens arrive with a later issue: it says what the section will hold and where to
 * go meanwhile. It shows no made-up figures.
 */
export function SectionPage({ name, screenTitle, summary, related, isOutsideRole = false }: SectionPageProps) {
  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1}>{name}</Title>
        {screenTitle && (
          <Text size="lg" fw={600} c="dimmed" data-testid="screen-title">
            {screenTitle}
          </Text>
        )}
      </Stack>
      {isOutsideRole && (
        <Alert variant="light" color="yellow" title="Not part of your role">
          Your role in this store does not include {name.toLowerCase()}. Ask a manager if you need it.
        </Alert>
      )}
      <Card withBorder padding="lg" radius="md">
        <Stack gap="xs">
          <Text>{summary}</Text>
          <Text size="sm" c="dimmed">
            These screens are on their way; nothing is recorded here yet.
          </Text>
        </Stack>
      </Card>
      {related.length > 0 && (
        <Stack gap="xs" component="nav" aria-label="Related sections">
          <Text size="sm" fw={600}>
            Related
          </Text>
          <Group gap="md">
            {related.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to}>
                {link.label}
              </Anchor>
            ))}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
