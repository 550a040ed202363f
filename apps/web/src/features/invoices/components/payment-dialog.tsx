import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import {
  mobileMoneyProviderLabels,
  mobileMoneyProviders,
  paymentMethodLabels,
  paymentMethods,
  recordInvoicePaymentBodySchema,
  type CurrencyCode,
  type Invoice,
  type MobileMoneyProvider,
  type PaymentMethod,
  type RecordInvoicePaymentBody,
} from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { MoneyInput, minorToInput, parseMoneyInput } from '../../../components/money/money-input';
import { describeApiError, showApiError, toast } from '../../../components/toast';
import { formatMoney } from '../../../lib/money';
import { isApiError } from '../../../lib/api-client';
import { useRecordInvoicePayment } from '../api/invoices';
import { newAttempt, wasRefused } from '../../../lib/attempt';

type Field = 'amountMinor' | 'method' | 'reference' | 'provider' | 'phone' | 'paidOn' | 'note';
type Errors = Partial<Record<Field, string>>;
const fields: readonly Field[] = ['amountMinor', 'method', 'reference', 'provider', 'phone', 'paidOn', 'note'];

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
  const [amount, setAmount] = useState(minorToInput(invoice.balanceMinor, currency));
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [reference, setReference] = useState('');
  const [provider, setProvider] = useState<MobileMoneyProvider | ''>('');
  const [phone, setPhone] = useState(invoice.customer.phone ?? '');
  const [paidOn, setPaidOn] = useState(today);
  const [note, setNote] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // One attempt, one payment id and one Idempotency-Key: a retry after a lost answer sends both
  // again, so the server answers the first payment instead of recording it twice.
  const [attempt, setAttempt] = useState(newAttempt);
  const record = useRecordInvoicePayment(invoice.id);

  const parsedAmount = parseMoneyInput(amount, currency);
  const buildBody = (): RecordInvoicePaymentBody => ({
    id: attempt.id,
    amountMinor: parsedAmount.ok ? (parsedAmount.minor ?? Number.NaN) : Number.NaN,
    method,
    ...(method !== 'cash' && reference.trim() ? { reference: reference.trim() } : {}),
    ...(method === 'mobile_money' && provider ? { provider } : {}),
    ...(method === 'mobile_money' && phone.trim() ? { phone: phone.trim() } : {}),
    ...(paidOn ? { paidOn } : {}),
    ...(note.trim() ? { note: note.trim() } : {}),
  });

  const check = () => {
    const found: Errors = {};
    if (!parsedAmount.ok) found.amountMinor = parsedAmount.message;
    else if (parsedAmount.minor === null) found.amountMinor = 'Enter the amount received';
    else if (parsedAmount.minor > invoice.balanceMinor)
      found.amountMinor = `That is more than the balance of ${formatMoney(invoice.balanceMinor, currency)}`;
    const body = buildBody();
    const result = recordInvoicePaymentBodySchema.safeParse(body);
    if (!result.success)
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? '') as Field;
        if (fields.includes(field)) found[field] ??= issue.message;
      }
    return { errors: found, body: Object.keys(found).length === 0 && result.success ? body : undefined };
  };
  const errors: Errors = { ...serverErrors, ...(submitted ? check().errors : {}) };
  const clear = (...names: Field[]) => {
    setServerErrors((current) => {
      const next = { ...current };
      for (const name of names) delete next[name];
      return next;
    });
    setFormError(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (record.isPending) return;
    setSubmitted(true);
    setServerErrors({});
    setFormError(null);
    const { body } = check();
    if (!body) return;
    try {
      const saved = await record.mutateAsync({ body, idempotencyKey: attempt.key });
      toast.show({
        type: 'success',
        message:
          saved.balanceMinor === 0
            ? `Payment recorded: ${saved.number ?? 'the invoice'} is paid in full.`
            : `Payment recorded: ${formatMoney(saved.balanceMinor, currency)} still owed.`,
      });
      onClose();
    } catch (error) {
      if (!isApiError(error)) return void showApiError(error, 'Could not record the payment');
      // The server answered and kept nothing: the corrected retry is a new attempt. A network
      // failure keeps the attempt, so trying again cannot pay twice.
      if (wasRefused(error)) setAttempt(newAttempt());
      if (error.code === 'INVOICE_OVERPAYMENT') {
        // Someone recorded a payment meanwhile: say what is owed now (the page refreshes behind).
        const owed = error.problem?.balanceMinor;
        setServerErrors({
          amountMinor:
            typeof owed === 'number'
              ? `That is more than the ${formatMoney(owed, currency)} still owed on this invoice`
              : 'That is more than is still owed on this invoice; reload to see the balance',
        });
        return;
      }
      const found: Errors = {};
      for (const { field, message } of error.fieldErrors) {
        const name = field.replace(/^body\./, '').split('.')[0] as Field;
        if (fields.includes(name)) found[name] ??= message;
      }
      setServerErrors(found);
      if (Object.keys(found).length === 0 || error.code !== 'VALIDATION_FAILED') setFormError(describeApiError(error));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Record a payment">
      <Stack gap="md">
        <Text size="sm">
          {invoice.number} · {invoice.customer.name} owes{' '}
          <Text span fw={700}>
            <Money amountMinor={invoice.balanceMinor} currency={currency} data-testid="payment-balance" />
          </Text>
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <MoneyInput
            label="Amount"
            required
            data-autofocus
            currency={currency}
            value={amount}
            error={errors.amountMinor}
            onChange={(value) => {
              setAmount(value);
              clear('amountMinor');
            }}
          />
          <TextInput
            type="date"
            label="Paid on"
            value={paidOn}
            max={today}
            error={errors.paidOn}
            onChange={(event) => {
              setPaidOn(event.currentTarget.value);
              clear('paidOn');
            }}
          />
          <NativeSelect
            label="Method"
            value={method}
            error={errors.method}
            data={paymentMethods.map((m) => ({ value: m, label: paymentMethodLabels[m] }))}
            onChange={(event) => {
              setMethod(event.currentTarget.value as PaymentMethod);
              clear('method', 'reference', 'provider', 'phone');
            }}
          />
          {method !== 'cash' ? (
            <TextInput
              label="Reference"
              description={method === 'card' ? 'The terminal’s reference' : 'Optional'}
              value={reference}
              maxLength={80}
              error={errors.reference}
              onChange={(event) => {
                setReference(event.currentTarget.value);
                clear('reference');
              }}
            />
          ) : null}
          {method === 'mobile_money' ? (
            <>
              <NativeSelect
                label="Provider"
                value={provider}
                error={errors.provider}
                data={[
                  { value: '', label: 'Choose the provider', disabled: true },
                  ...mobileMoneyProviders.map((p) => ({ value: p, label: mobileMoneyProviderLabels[p] })),
                ]}
                onChange={(event) => {
                  setProvider(event.currentTarget.value as MobileMoneyProvider);
                  clear('provider');
                }}
              />
              <TextInput
                label="Phone"
                inputMode="tel"
                value={phone}
                error={errors.phone}
                onChange={(event) => {
                  setPhone(event.currentTarget.value);
                  clear('phone');
                }}
              />
            </>
          ) : null}
        </SimpleGrid>
        <Textarea
          label="Note"
          rows={2}
          maxLength={500}
          value={note}
          error={errors.note}
          onChange={(event) => {
            setNote(event.currentTarget.value);
            clear('note');
          }}
        />
        {formError ? (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={record.isPending}>
            Record payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
