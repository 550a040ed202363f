import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput, Textarea } from '@mantine/core';
import {
  mobileMoneyProviderLabels,
  mobileMoneyProviders,
  paymentMethodLabels,
  paymentMethods,
  type CurrencyCode,
  type Invoice,
  type MobileMoneyProvider,
  type PaymentMethod,
} from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { MoneyInput } from '../../../components/money/money-input';
import { useInvoicePaymentForm } from './use-invoice-payment-form';
import { FormColumns } from '../../../components/form/form-columns';

export interface PaymentDialogProps {
  opened: boolean;
  onClose: () => void;
  invoice: Invoice;
  currency: CurrencyCode;
  /** The store's today: the paid-on date it starts from. */
  today: string;
}

/**
 * Record money received against an issued invoice: the amount (the balance unless less came in), how
 * it came (the register's tender fields), the day, a note. Never more than the balance (the API
 * answers 409 INVOICE_OVERPAYMENT, said here in plain words).
 */
export function PaymentDialog(props: PaymentDialogProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Record a payment" size="lg">
      {props.opened ? <PaymentForm {...props} /> : null}
    </Modal>
  );
}

function PaymentForm({ onClose, invoice, currency, today }: PaymentDialogProps) {
  const form = useInvoicePaymentForm({ invoice, currency, today, onClose });

  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate aria-label="Record a payment">
      <Stack gap="md">
        <Text size="sm">
          {invoice.number} · {invoice.customer.name} owes{' '}
          <Text span fw={700}>
            <Money amountMinor={invoice.balanceMinor} currency={currency} data-testid="payment-balance" />
          </Text>
        </Text>
        <FormColumns spacing="sm">
          <MoneyInput
            label="Amount"
            required
            data-autofocus
            currency={currency}
            value={form.amount}
            error={form.errors.amountMinor}
            onChange={form.setAmount}
          />
          <TextInput
            type="date"
            label="Paid on"
            value={form.paidOn}
            max={today}
            error={form.errors.paidOn}
            onChange={(event) => form.setPaidOn(event.currentTarget.value)}
          />
          <NativeSelect
            label="Method"
            value={form.method}
            error={form.errors.method}
            data={paymentMethods.map((m) => ({ value: m, label: paymentMethodLabels[m] }))}
            onChange={(event) => form.setMethod(event.currentTarget.value as PaymentMethod)}
          />
          {form.method !== 'cash' ? (
            <TextInput
              label="Reference"
              description={form.method === 'card' ? 'The terminal’s reference' : 'Optional'}
              value={form.reference}
              maxLength={80}
              error={form.errors.reference}
              onChange={(event) => form.setReference(event.currentTarget.value)}
            />
          ) : null}
          {form.method === 'mobile_money' ? (
            <>
              <NativeSelect
                label="Provider"
                value={form.provider}
                error={form.errors.provider}
                data={[
                  { value: '', label: 'Choose the provider', disabled: true },
                  ...mobileMoneyProviders.map((p) => ({ value: p, label: mobileMoneyProviderLabels[p] })),
                ]}
                onChange={(event) => form.setProvider(event.currentTarget.value as MobileMoneyProvider)}
              />
              <TextInput
                label="Phone"
                inputMode="tel"
                value={form.phone}
                error={form.errors.phone}
                onChange={(event) => form.setPhone(event.currentTarget.value)}
              />
            </>
          ) : null}
        </FormColumns>
        <Textarea
          label="Note"
          rows={2}
          maxLength={500}
          value={form.note}
          error={form.errors.note}
          onChange={(event) => form.setNote(event.currentTarget.value)}
        />
        {form.formError ? (
          <Alert color="red" variant="light" role="alert">
            {form.formError}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={form.isPending}>
            Record payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
