import type { ReactNode } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ResponsiveTable, type ResponsiveTableProps } from '../../../components/table/responsive-table';

/**
 * A contact's latest records of one kind (a customer's purchases, a vendor's orders): the title, the
 * empty state when there are none, else the table of those given, and how many of how many when the
 * answer holds only the latest.
 */
export function LatestRecords<Row>({
  title,
  emptyTitle,
  emptyText,
  total,
  ...table
}: {
  title: string;
  emptyTitle: string;
  emptyText: ReactNode;
  total: number;
} & Pick<ResponsiveTableProps<Row>, 'columns' | 'rows' | 'rowKey' | 'rowLabel' | 'rowProps'>) {
  const shown = table.rows.length;
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {title}
      </Title>
      {shown === 0 ? (
        <EmptyState title={emptyTitle}>{emptyText}</EmptyState>
      ) : (
        <Card withBorder padding={0} radius="md">
          <ResponsiveTable label={title} {...table} />
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
