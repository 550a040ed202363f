import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { Brand } from '../brand/brand';
import { CenteredLayout } from './page-shell';

/**
 * The frame of the public and onboarding screens (sign-up, passwords, PINs): the brand, one heading,
 * one card. `width` grows for longer forms such as sign-up.
 */
export function FormCard({
  title,
  description,
  width = 440,
  children,
}: {
  title: string;
  description?: ReactNode;
  width?: number;
  children: ReactNode;
}) {
  return (
    <CenteredLayout>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={width}>
        <Stack gap="lg">
          <Brand justify="center" />
          <Stack gap={4} ta="center">
            <Title order={1} size="h2">
              {title}
            </Title>
            {description && <Text c="dimmed">{description}</Text>}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </CenteredLayout>
  );
}
