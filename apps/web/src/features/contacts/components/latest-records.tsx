import type { ReactNode } from 'react';
import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ListTable } from '../../../components/feedback/list-state';

/**
 * A contact's latest records of one kind (a customer's purchases, a vendor's orders): the title, the
 * empty state when there are none, else the table of those given, and how many of how many when the
 * answer holds only the latest.
 */
export function LatestRecords({
  title,
  emptyTitle,
  emptyText,
  minWidth,
  shown,
  total,
  head,
  children,
}: {
  title: string;
  emptyTitle: string;
  emptyText: ReactNode;
  minWidth: number;
  shown: number;
  total: number;
  /** The header cells. */
  head: ReactNode;
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {title}
      </Title>
      {shown === 0 ? (
        <EmptyState title={emptyTitle}>{emptyText}</EmptyState>
      ) : (
        <Card withBorder padding={0} radius="md">
          <ListTable label={title} minWidth={minWidth} refreshing={false}>
            <Table.Thead>
              <Table.Tr>{head}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>{children}</Table.Tbody>
          </ListTable>
        </Card>
      )}
      {total > shown ? (
        <Text size="sm" c="dimmed">
          The latest {shown} of {total}.
        </Text>
      ) : null}
    </Stack>
  );
}
