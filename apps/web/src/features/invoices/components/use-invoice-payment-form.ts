import { useState, type FormEvent } from 'react';
import {
  recordInvoicePaymentBodySchema,
  type CurrencyCode,
  type Invoice,
  type MobileMoneyProvider,
  type PaymentMethod,
  type RecordInvoicePaymentBody,
} from '@ipos/contracts';
import { minorToInput, parseMoneyInput } from '../../../components/money/money-input';
import { describeApiError, showApiError, toast } from '../../../components/toast';
import { formatMoney } from '../../../lib/money';
import { isApiError } from '../../../lib/api-client';
import { useRecordInvoicePayment } from '../api/invoices';
import { useAttempts } from '../../../lib/attempt';

export type PaymentField = 'amountMinor' | 'method' | 'reference' | 'provider' | 'phone' | 'paidOn' | 'note';
type Errors = Partial<Record<PaymentField, string>>;
const fields: readonly PaymentField[] = ['amountMinor', 'method', 'reference', 'provider', 'phone', 'paidOn', 'note'];

/**
 * A payment received against an invoice, being recorded: its fields checked (never more than the
 * balance) with the contract's schema, sent once per attempt, and the API's refusals said on their
 * fields or once above the buttons (INVOICE_OVERPAYMENT names what is owed now).
 */
export function useInvoicePaymentForm({
  invoice,
  currency,
  today,
  onClose,
}: {
  invoice: Invoice;
  currency: CurrencyCode;
  today: string;
  onClose: () => void;
}) {
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
  // A retry after a lost answer sends the same payment id and Idempotency-Key, so the server answers
  // the first payment instead of recording it twice; a refusal or another payment is a new attempt.
  const attempts = useAttempts({ idField: 'id' });
  const record = useRecordInvoicePayment(invoice.id);

  const parsedAmount = parseMoneyInput(amount, currency);
  const buildBody = (): RecordInvoicePaymentBody => ({
    id: attempts.nextId(),
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
        const field = String(issue.path[0] ?? '') as PaymentField;
        if (fields.includes(field)) found[field] ??= issue.message;
      }
    return { errors: found, body: Object.keys(found).length === 0 && result.success ? body : undefined };
  };
  const errors: Errors = { ...serverErrors, ...(submitted ? check().errors : {}) };
  const clear = (...names: PaymentField[]) => {
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
      const { id, key } = attempts.for(body);
      const saved = await record.mutateAsync({ body: { ...body, id }, idempotencyKey: key });
      attempts.succeeded();
      toast.show({
        type: 'success',
        message:
          saved.balanceMinor === 0
            ? `Payment recorded: ${saved.number ?? 'the invoice'} is paid in full.`
            : `Payment recorded: ${formatMoney(saved.balanceMinor, currency)} still owed.`,
      });
      onClose();
    } catch (error) {
      attempts.failed(error);
      if (!isApiError(error)) return void showApiError(error, 'Could not record the payment');
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
        const name = field.replace(/^body\./, '').split('.')[0] as PaymentField;
        if (fields.includes(name)) found[name] ??= message;
      }
      setServerErrors(found);
      if (Object.keys(found).length === 0 || error.code !== 'VALIDATION_FAILED') setFormError(describeApiError(error));
    }
  };

  /** Changes a field and clears the server's errors on the fields named. */
  const edit =
    <T>(set: (value: T) => void, ...names: PaymentField[]) =>
    (value: T) => {
      set(value);
      clear(...names);
    };

  return {
    amount,
    setAmount: edit(setAmount, 'amountMinor'),
    method,
    setMethod: edit(setMethod, 'method', 'reference', 'provider', 'phone'),
    reference,
    setReference: edit(setReference, 'reference'),
    provider,
    setProvider: edit(setProvider, 'provider'),
    phone,
    setPhone: edit(setPhone, 'phone'),
    paidOn,
    setPaidOn: edit(setPaidOn, 'paidOn'),
    note,
    setNote: edit(setNote, 'note'),
    errors,
    formError,
    isPending: record.isPending,
    submit,
  };
}
