import type { ReactNode } from 'react';
import { SimpleGrid, type MantineSpacing } from '@mantine/core';

/**
 * Fields side by side on a tablet or a till, one column on a phone (below Mantine's `xs`, where every
 * dialog is also a full-screen sheet): a form's row of fields, each as wide as the form there.
 */
export function FormColumns({
  cols = 2,
  spacing = 'md',
  children,
}: {
  cols?: 2 | 3;
  spacing?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: cols }} spacing={spacing} verticalSpacing={spacing}>
      {children}
    </SimpleGrid>
  );
}
