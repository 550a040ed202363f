import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Anchor, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import {
  invoiceStateLabels,
  mobileMoneyProviderLabels,
  paymentMethodLabels,
  type CurrencyCode,
  type ActiveStore,
  type Invoice,
} from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { BusinessLogo } from '../../../components/business-logo/business-logo';
import { formatQuantity } from '../../../lib/quantity';
import { formatDay } from '../../../lib/format';
import { customerPath } from '../paths';
import { InvoiceStateBadge } from './invoice-state-badge';
import classes from './invoice-view.module.css';

export interface InvoiceSheetProps {
  invoice: Invoice;
  store: ActiveStore;
  /** Issue refused for want of stock: on hand by variant, said on the short lines. */
  shortages?: ReadonlyMap<string, number>;
  /** The copy the browser prints: no links, no badges, no test ids. */
  forPrint?: boolean;
}

/**
 * The invoice as the customer receives it: the business's logo and tax id, the store, the customer, number or DRAFT, dates, state,
 * lines with discounts and taxes, totals, payments, the balance, notes and terms.
 */
export function InvoiceSheet({ invoice: inv, store, shortages = new Map(), forPrint = false }: InvoiceSheetProps) {
  const currency = store.business.currency;
  const tid = (id: string) => (forPrint ? undefined : id);
  return (
    <Card
      radius="md"
      padding={forPrint ? 0 : 'xl'}
      className={classes.sheet}
      data-testid={tid('invoice-sheet')}
      withBorder={!forPrint}
    >
      <Stack gap="lg">
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
            <Text
              size="sm"
              c={inv.state === 'overdue' ? 'red' : undefined}
              fw={inv.state === 'overdue' ? 700 : undefined}
            >
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

        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" aria-label="Lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th ta="right">Discount</Table.Th>
                <Table.Th ta="right">Tax</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {inv.lines.map((line) => {
                const short = line.variantId ? shortages.get(line.variantId) : undefined;
                const discount = line.lineDiscountMinor + line.cartDiscountMinor;
                return (
                  <Table.Tr key={line.lineNo} data-testid={tid('invoice-line')}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {line.description}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {line.sku ?? 'Service'}
                        {line.taxRateBasisPoints > 0
                          ? ` · tax ${line.taxRateBasisPoints / 100}%${line.taxInclusive ? ' incl.' : ''}`
                          : ''}
                      </Text>
                      {short !== undefined ? (
                        <Text size="xs" c="red" fw={600} data-testid={tid('line-shortage')}>
                          Only {formatQuantity(short, line.unit)} on hand in this store
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td ta="right">{formatQuantity(line.quantity, line.unit)}</Table.Td>
                    <Table.Td ta="right">
                      <Money amountMinor={line.unitPriceMinor} currency={currency} />
                    </Table.Td>
                    <Table.Td ta="right">
                      {discount > 0 ? <Money amountMinor={-discount} currency={currency} /> : '—'}
                    </Table.Td>
                    <Table.Td ta="right">
                      {line.taxMinor > 0 ? <Money amountMinor={line.taxMinor} currency={currency} /> : '—'}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money amountMinor={line.totalMinor} currency={currency} fw={600} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack gap="sm">
            {inv.notes ? <Block title="Notes">{inv.notes}</Block> : null}
            {inv.terms ? <Block title="Terms">{inv.terms}</Block> : null}
          </Stack>
          <Stack gap={6} aria-label="Totals" component="section">
            <Row label="Subtotal" amount={inv.subtotalMinor} currency={currency} />
            {inv.discountMinor > 0 ? <Row label="Discount" amount={-inv.discountMinor} currency={currency} /> : null}
            <Row label="Tax" amount={inv.taxMinor} currency={currency} />
            <Row label="Total" amount={inv.totalMinor} currency={currency} strong testId={tid('invoice-total')} />
            {inv.paidMinor > 0 ? (
              <Row label="Paid" amount={-inv.paidMinor} currency={currency} testId={tid('invoice-paid')} />
            ) : null}
            {inv.status === 'issued' || inv.status === 'paid' ? (
              <Row
                label="Balance due"
                amount={inv.balanceMinor}
                currency={currency}
                strong
                testId={tid('invoice-balance')}
              />
            ) : null}
          </Stack>
        </SimpleGrid>

        {inv.payments.length > 0 ? (
          <Stack gap="xs">
            <Title order={2} size="h5">
              Payments
            </Title>
            <Table verticalSpacing={4} aria-label="Payments">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Paid on</Table.Th>
                  <Table.Th>Method</Table.Th>
                  <Table.Th>Reference</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {inv.payments.map((p) => (
                  <Table.Tr key={p.id} data-testid={tid('invoice-payment')}>
                    <Table.Td>{formatDay(p.paidOn)}</Table.Td>
                    <Table.Td>
                      {paymentMethodLabels[p.method]}
                      {p.provider ? ` (${mobileMoneyProviderLabels[p.provider]})` : ''}
                    </Table.Td>
                    <Table.Td>
                      {[p.reference, p.phone, p.note].filter(Boolean).join(' · ') || (
                        <Text span c="dimmed">
                          —
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money amountMinor={p.amountMinor} currency={currency} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * What Print prints: a copy of the sheet straight on <body>, hidden on screen; the print stylesheet
 * (only while this copy exists) hides everything else and sets A4.
 */
export function InvoicePrintCopy({ invoice, store }: { invoice: Invoice; store: ActiveStore }) {
  return createPortal(
    <div className={classes.printCopy} data-testid="invoice-print-copy">
      <InvoiceSheet invoice={invoice} store={store} forPrint />
    </div>,
    document.body,
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {title}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {children}
      </Text>
    </Stack>
  );
}

function Row({
  label,
  amount,
  currency,
  strong,
  testId,
}: {
  label: string;
  amount: number;
  currency: CurrencyCode;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Money amountMinor={amount} currency={currency} fw={strong ? 700 : undefined} data-testid={testId} />
    </Group>
  );
}
