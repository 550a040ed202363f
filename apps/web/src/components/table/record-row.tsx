import type { ReactNode } from 'react';
import { Anchor, Table, type TableTrProps } from '@mantine/core';
import { Link } from 'react-router';

/**
 * A list's row that opens its record: a click anywhere on it but on its own controls, or
 * Enter on the focused row (the row is in the tab order; its number link is not, so it is one stop).
 */
export function RecordRow({
  onOpen,
  children,
  ...props
}: Omit<TableTrProps, 'onClick' | 'onKeyDown' | 'tabIndex' | 'style'> & { onOpen: () => void; children: ReactNode }) {
  return (
    <Table.Tr
      {...props}
      tabIndex={0}
      style={{ cursor: 'pointer' }}
      onClick={(event) => {
        if ((event.target as HTMLElement).closest('a, button, input, label, select, textarea')) return;
        onOpen();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target === event.currentTarget) onOpen();
      }}
    >
      {children}
    </Table.Tr>
  );
}

/** The record's number at the start of its row, a link to the record (for a new tab or a copied link). */
export function RecordNumberLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} fw={600} size="sm" ff="monospace" tabIndex={-1}>
      {children}
    </Anchor>
  );
}

/** The number's cell, in a table that lays out its own cells. */
export function RecordNumberCell({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Table.Td style={{ whiteSpace: 'nowrap' }}>
      <RecordNumberLink to={to}>{children}</RecordNumberLink>
    </Table.Td>
  );
}
