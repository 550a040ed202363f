import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { invoiceStateLabels, type ActiveStore, type Invoice } from '@ipos/contracts';
import { BusinessLogo } from '../../../components/business-logo/business-logo';
import { formatDay } from '../../../lib/format';
import { customerPath } from '../paths';
import { InvoiceStateBadge } from './invoice-state-badge';
import classes from './invoice-view.module.css';

/** Who invoices (logo, business, store, tax id) beside the number or DRAFT, the dates and the state. */
export function InvoiceSheetHeader({
  invoice: inv,
  store,
  forPrint,
  tid,
}: {
  invoice: Invoice;
  store: ActiveStore;
  forPrint: boolean;
  tid: (id: string) => string | undefined;
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap">
      <Stack gap={2}>
        <BusinessLogo
          logoVersion={store.business.logoVersion}
          businessName={store.business.name}
          className={classes.logo}
        />
        <Text fw={700} fz="lg">
          {store.business.name}
        </Text>
        <Text size="sm">{store.name}</Text>
        {store.address ? (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
            {store.address}
          </Text>
        ) : null}
        {inv.businessTaxId ? <Text size="sm">Tax ID {inv.businessTaxId}</Text> : null}
      </Stack>
      <Stack gap={2} align="flex-end">
        <Text fw={700} fz="xl" tt="uppercase" data-testid={tid('invoice-number')}>
          {inv.number ? `Invoice ${inv.number}` : 'Draft'}
        </Text>
        <Text size="sm">Issued {formatDay(inv.issueDate)}</Text>
        <Text size="sm" c={inv.state === 'overdue' ? 'red' : undefined} fw={inv.state === 'overdue' ? 700 : undefined}>
          Due {formatDay(inv.dueDate)}
        </Text>
        {forPrint ? (
          <Text size="sm" fw={700} tt="uppercase">
            {invoiceStateLabels[inv.state]}
          </Text>
        ) : (
          <InvoiceStateBadge state={inv.state} />
        )}
      </Stack>
    </Group>
  );
}

/** The customer billed: a link to their page on screen, the name alone on paper; address, phone, email, tax id. */
export function InvoiceBillTo({ invoice: inv, forPrint }: { invoice: Invoice; forPrint: boolean }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        Bill to
      </Text>
      {forPrint ? (
        <Text fw={600}>{inv.customer.name}</Text>
      ) : (
        <Anchor component={Link} to={customerPath(inv.customer.id)} fw={600}>
          {inv.customer.name}
        </Anchor>
      )}
      {[inv.customer.address, inv.customer.phone, inv.customer.email].filter(Boolean).map((line) => (
        <Text key={line} size="sm" style={{ whiteSpace: 'pre-line' }}>
          {line}
        </Text>
      ))}
      {inv.customer.taxId ? <Text size="sm">Tax ID {inv.customer.taxId}</Text> : null}
    </Stack>
  );
}
