import { useRef, type ReactNode } from 'react';
import { Alert, Button, Group, Kbd, Modal, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import {
  paymentMethodLabels,
  paymentMethods,
  type CurrencyCode,
  type PaymentInput,
  type PaymentMethod,
} from '@ipos/contracts';
import { formatMoney } from '../../../../lib/money';
import { describeApiError } from '../../../../components/toast';
import classes from './payment.module.css';
import { CashTender, OtherTender, TenderList } from './tender-fields';
import { usePaymentForm } from './use-payment-form';

export interface PaymentDialogProps {
  opened: boolean;
  /** What the sale costs, in minor units (the till's priced total). */
  totalMinor: number;
  currency: CurrencyCode;
  onClose: () => void;
  /** The tenders, as POST /sales takes them: their amounts add up to the total exactly. */
  onConfirm: (payments: PaymentInput[]) => void;
  submitting: boolean;
  /** Why the last try failed (PRICE_CHANGED, INSUFFICIENT_STOCK…): words, or the request's error. */
  error?: ReactNode | Error | null;
}

/**
 * Taking payment: the amount due (big, always in view), one tender at a time — cash with quick-cash
 * buttons and the change, card or bank transfer with a reference, mobile money with provider, phone
 * and reference — and any split of them. Completes (Enter) only when the tenders cover the total;
 * cash may exceed what remains (the difference is change), other methods may not. A zero total (all
 * discounted, or free items) completes with no payment. Enter with nothing typed in Cash tendered
 * is exact cash: what remains, no change.
 *
 * Keyboard: F1–F4 (or 1–4 outside a field) choose the method; Tab walks the fields; Enter completes.
 */
export function PaymentDialog({ opened, onClose, submitting, ...props }: PaymentDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Take payment"
      size="lg"
      closeOnClickOutside={!submitting}
      closeOnEscape={!submitting}
    >
      {/* Mounted per opening, so every payment starts afresh: no tenders, cash, tendered focused. */}
      {opened && <PaymentForm submitting={submitting} {...props} />}
    </Modal>
  );
}

function PaymentForm({
  totalMinor,
  currency,
  onConfirm,
  submitting,
  error,
}: Omit<PaymentDialogProps, 'opened' | 'onClose'>) {
  const money = (minor: number) => formatMoney(minor, currency);
  const cashRef = useRef<HTMLInputElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const form = usePaymentForm({ totalMinor, currency, onConfirm, submitting, refs: { cashRef, amountRef, formRef } });
  const { tenders, method, nothingToPay, paidMinor, remainingMinor, draftMinor, amountError } = form;
  const errorContent = error instanceof Error ? describeApiError(error) : error;

  return (
    <form ref={formRef} onSubmit={form.complete} noValidate>
      <Stack gap="md">
        <div className={classes.due} aria-live="polite">
          <Text size="sm" c="dimmed">
            Amount due
          </Text>
          <Title order={2} className={classes.dueAmount} data-testid="amount-due">
            {money(totalMinor)}
          </Title>
          {tenders.length > 0 && (
            <Text size="sm">
              Paid {money(paidMinor)} · Remaining <strong>{money(remainingMinor)}</strong>
            </Text>
          )}
        </div>

        {nothingToPay ? (
          <Alert color="gray" title="Nothing to pay">
            The total is {money(0)}. Completing the sale records it with no payment and takes its items out of stock.
          </Alert>
        ) : (
          <>
            <SegmentedControl
              fullWidth
              value={method}
              onChange={(value) => form.choose(value as PaymentMethod)}
              aria-label="Payment method"
              data={paymentMethods.map((m, i) => ({
                value: m,
                label: (
                  <span className={classes.method}>
                    <span>{paymentMethodLabels[m]}</span>
                    <Kbd size="xs">F{i + 1}</Kbd>
                  </span>
                ),
              }))}
            />

            {method === 'cash' ? (
              <CashTender form={form} currency={currency} inputRef={cashRef} />
            ) : (
              <OtherTender form={form} currency={currency} inputRef={amountRef} />
            )}

            {tenders.length > 0 && <TenderList form={form} currency={currency} />}
          </>
        )}

        {errorContent && (
          <Alert color="red" title="The sale was not completed" role="alert">
            {errorContent}
          </Alert>
        )}

        <Group justify="space-between" wrap="wrap">
          <Text size="xs" c="dimmed">
            <Kbd>Enter</Kbd> completes when paid (no cash typed: exact cash) · <Kbd>Esc</Kbd> back to the cart
          </Text>
          <Group gap="sm">
            {!nothingToPay && (
              <Button
                variant="default"
                onClick={form.addPayment}
                disabled={submitting || draftMinor <= 0 || Boolean(amountError) || draftMinor >= remainingMinor}
              >
                Add payment
              </Button>
            )}
            <Button
              type="submit"
              size="md"
              loading={submitting}
              disabled={!form.covered}
              data-autofocus={nothingToPay || undefined}
            >
              Complete sale
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
