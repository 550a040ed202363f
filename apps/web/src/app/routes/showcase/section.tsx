import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';

/** The showcase's sections in page order: the contents bar links to each by its id. */
export const sections = [
  { id: 'buttons', title: 'Buttons' },
  { id: 'inputs', title: 'Inputs' },
  { id: 'toast', title: 'Toast' },
  { id: 'table', title: 'Table' },
  { id: 'badges', title: 'Badges' },
  { id: 'money', title: 'Money' },
  { id: 'states', title: 'States' },
  { id: 'truncation', title: 'Truncation' },
] as const;

export type SectionId = (typeof sections)[number]['id'];

/** One section of the showcase: a titled, bordered region named by its heading. */
export function Section({ id, description, children }: { id: SectionId; description?: string; children: ReactNode }) {
  const title = sections.find((s) => s.id === id)?.title ?? id;
  return (
    <Paper
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
    >
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id={`${id}-title`}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
