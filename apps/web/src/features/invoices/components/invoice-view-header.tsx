import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Invoice } from '@ipos/contracts';
import { pathTo } from '../../../lib/route-paths';
import { editInvoicePath } from '../paths';
import { InvoiceStateBadge } from './invoice-state-badge';
import classes from './invoice-view.module.css';

/** A dialog the invoice page opens. */
export type InvoiceDialog = 'payment' | 'void' | 'email' | 'delete';

/**
 * The invoice's number and state, and what can be done to it now: a draft is edited, deleted or
 * issued; an issued invoice takes payments, or is voided while nothing is paid (each needs
 * invoices.manage); PDF and print for everyone who sees it.
 */
export function InvoiceViewHeader({
  invoice: inv,
  manage,
  issuing,
  downloading,
  onIssue,
  onDownload,
  onDialog,
}: {
  invoice: Invoice;
  /** invoices.manage */
  manage: boolean;
  issuing: boolean;
  downloading: boolean;
  onIssue: () => void;
  onDownload: () => void;
  onDialog: (dialog: InvoiceDialog) => void;
}) {
  const isDraft = inv.status === 'draft';
  const isOpen = inv.status === 'issued';
  return (
    <Group justify="space-between" align="flex-start" className={classes.noPrint} wrap="wrap">
      <Stack gap={4}>
        <Anchor component={Link} to={pathTo('dashboard.invoice')} size="sm">
          ← Invoices
        </Anchor>
        <Group gap="sm">
          <Title order={1}>{inv.number ?? 'Draft invoice'}</Title>
          <InvoiceStateBadge state={inv.state} size="lg" />
        </Group>
      </Stack>
      <Group gap="xs" wrap="wrap" aria-label="Invoice actions">
        {manage && isDraft ? (
          <>
            <Button component={Link} to={editInvoicePath(inv.id)} variant="default">
              Edit
            </Button>
            <Button variant="default" color="red" onClick={() => onDialog('delete')}>
              Delete
            </Button>
            <Button onClick={onIssue} loading={issuing}>
              Issue
            </Button>
          </>
        ) : null}
        {manage && isOpen ? <Button onClick={() => onDialog('payment')}>Record payment</Button> : null}
        {manage && isOpen && inv.payments.length === 0 ? (
          <Button variant="default" color="red" onClick={() => onDialog('void')}>
            Void
          </Button>
        ) : null}
        <Button variant="default" onClick={onDownload} loading={downloading}>
          Download PDF
        </Button>
        <Button variant="default" onClick={() => window.print()}>
          Print
        </Button>
        {manage && !isDraft ? (
          <Button variant="default" onClick={() => onDialog('email')}>
            Email
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}
