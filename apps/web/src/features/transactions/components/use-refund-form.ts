import { useState, type FormEvent } from 'react';
import {
  createRefundBodySchema,
  type CreateRefundBody,
  type MobileMoneyProvider,
  type PaymentMethod,
  type SaleDetail,
} from '@ipos/contracts';
import { describeApiError, showApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useAttempts } from '../../../lib/attempt';
import { useCreateRefund, useOpenRegisters } from '../api/transactions';
import { parseRefundQuantity, refundPreview, remainingOf } from '../refund-figures';

export type RefundField = 'method' | 'sessionId' | 'reference' | 'provider' | 'phone' | 'reason';
type Errors = Partial<Record<RefundField, string>>;
const fields: readonly RefundField[] = ['method', 'sessionId', 'reference', 'provider', 'phone', 'reason'];
type Found = { errors: Errors; lines: Record<number, string>; form: string | null };

/** Where the contract's and the API's paths land: a line of the table, a field, or the form. */
function place(path: string, message: string, body: CreateRefundBody, found: Found) {
  const p = path.replace(/^body\./, '');
  const line = /^lines\.(\d+)/.exec(p);
  if (line) {
    const lineNo = body.lines[Number(line[1])]?.lineNo;
    if (lineNo !== undefined && !found.lines[lineNo]) found.lines[lineNo] = message;
    else found.form ??= message;
  } else if (fields.includes(p as RefundField)) {
    found.errors[p as RefundField] ??= message;
  } else found.form ??= message;
}

/**
 * A refund being prepared: the quantity and restock of each line still refundable, the method (cash
 * out of an open register), the reason; checked with the contract's schema, previewed with the
 * server's formula, and sent once per attempt, the API's errors placed on their lines and fields.
 */
export function useRefundForm({
  sale,
  onClose,
  onRefunded,
}: {
  sale: SaleDetail;
  onClose: () => void;
  onRefunded?: (number: string) => void;
}) {
  const refundable = sale.lines.filter((line) => remainingOf(line) > 0);
  const firstPayment = sale.payments[0];
  const mobilePayment = sale.payments.find((p) => p.method === 'mobile_money');

  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [restock, setRestock] = useState<Record<number, boolean>>({});
  const [method, setMethod] = useState<PaymentMethod>(firstPayment?.method ?? 'cash');
  const [sessionId, setSessionId] = useState('');
  const [reference, setReference] = useState('');
  const [provider, setProvider] = useState<MobileMoneyProvider | ''>(mobilePayment?.provider ?? '');
  const [phone, setPhone] = useState(mobilePayment?.phone ?? '');
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [serverLineErrors, setServerLineErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // A retry after a lost answer sends the same key and refund id, so the server answers the first
  // refund instead of paying twice; a refusal or another refund is a new attempt.
  const attempts = useAttempts({ idField: 'id' });
  const refund = useCreateRefund(sale.id);

  const isCash = method === 'cash';
  const registers = useOpenRegisters(isCash);
  const openRegisters = registers.data?.items ?? [];
  // One open register: it is the one. Several: the person picks.
  const chosenSession = sessionId || (openRegisters.length === 1 ? openRegisters[0]!.id : '');

  const parsed = new Map(
    refundable.map((line) => [line.lineNo, parseRefundQuantity(quantities[line.lineNo] ?? '', line)]),
  );
  const chosen = refundable.flatMap((line) => {
    const q = parsed.get(line.lineNo);
    return q?.ok && q.value > 0 ? [{ line, quantity: q.value }] : [];
  });
  const preview = chosen.reduce(
    (sum, { line, quantity }) => {
      const share = refundPreview(line, quantity);
      return { totalMinor: sum.totalMinor + share.totalMinor, taxMinor: sum.taxMinor + share.taxMinor };
    },
    { totalMinor: 0, taxMinor: 0 },
  );

  const buildBody = (): CreateRefundBody => ({
    id: attempts.nextId(),
    lines: chosen.map(({ line, quantity }) => ({
      lineNo: line.lineNo,
      quantity,
      restock: restock[line.lineNo] ?? true,
    })),
    method,
    ...(isCash && chosenSession ? { sessionId: chosenSession } : {}),
    ...(!isCash && reference.trim() ? { reference: reference.trim() } : {}),
    ...(method === 'mobile_money' && provider ? { provider } : {}),
    ...(method === 'mobile_money' && phone.trim() ? { phone: phone.trim() } : {}),
    reason,
  });

  const check = () => {
    const found: Found = { errors: {}, lines: {}, form: null };
    for (const line of refundable) {
      const q = parsed.get(line.lineNo);
      if (q && !q.ok) found.lines[line.lineNo] = q.message;
    }
    const body = buildBody();
    const result = createRefundBodySchema.safeParse(body);
    if (!result.success)
      for (const issue of result.error.issues) place(issue.path.join('.'), issue.message, body, found);
    const ok = result.success && Object.keys(found.lines).length === 0;
    return { ...found, body: ok ? body : undefined };
  };

  const local = submitted ? check() : { errors: {}, lines: {}, form: null };
  const errors: Errors = { ...serverErrors, ...local.errors };
  const lineErrors: Record<number, string> = { ...serverLineErrors, ...local.lines };
  const shownFormError = formError ?? local.form;

  const clearField = (field: RefundField) => setServerErrors(({ [field]: _, ...rest }) => rest);
  const setQuantity = (lineNo: number, text: string) => {
    setQuantities((current) => ({ ...current, [lineNo]: text }));
    setServerLineErrors(({ [lineNo]: _, ...rest }) => rest);
    setFormError(null);
  };
  const refundAll = () => {
    setQuantities(Object.fromEntries(refundable.map((line) => [line.lineNo, String(remainingOf(line))])));
    setServerLineErrors({});
    setFormError(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (refund.isPending) return;
    setSubmitted(true);
    setServerErrors({});
    setServerLineErrors({});
    setFormError(null);
    const { body } = check();
    if (!body) return;
    try {
      const { id, key } = attempts.for(body);
      const saved = await refund.mutateAsync({ body: { ...body, id }, idempotencyKey: key });
      attempts.succeeded();
      toast.show({ type: 'success', message: `Refunded ${saved.number}.` });
      onRefunded?.(saved.number);
      onClose();
    } catch (error) {
      attempts.failed(error);
      if (!isApiError(error)) return void showApiError(error, 'Could not refund');
      const found: Found = { errors: {}, lines: {}, form: null };
      for (const { field, message } of error.fieldErrors) place(field, message, body, found);
      if (error.code === 'REFUND_EXCEEDS_SALE' && Object.keys(found.lines).length === 0)
        found.form ??= 'Someone refunded part of this sale meanwhile; the quantities left are updated.';
      if (Object.keys(found.errors).length > 0 || Object.keys(found.lines).length > 0 || found.form) {
        setServerErrors(found.errors);
        setServerLineErrors(found.lines);
        setFormError(found.form ?? (error.code === 'VALIDATION_FAILED' ? null : describeApiError(error)));
      } else showApiError(error, 'Could not refund');
    }
  };

  /** Changes a field and clears the server's errors on the fields named. */
  const edit =
    <T>(set: (value: T) => void, ...clear: RefundField[]) =>
    (value: T) => {
      set(value);
      for (const f of clear) clearField(f);
    };

  return {
    refundable,
    parsed,
    quantities,
    setQuantity,
    restock,
    setRestock: (lineNo: number, on: boolean) => setRestock((current) => ({ ...current, [lineNo]: on })),
    refundAll,
    method,
    setMethod: edit(setMethod, 'method', 'sessionId', 'reference', 'provider', 'phone'),
    isCash,
    registers,
    openRegisters,
    chosenSession,
    setSessionId: edit(setSessionId, 'sessionId'),
    reference,
    setReference: edit(setReference, 'reference'),
    provider,
    setProvider: edit(setProvider, 'provider'),
    phone,
    setPhone: edit(setPhone, 'phone'),
    reason,
    setReason: edit(setReason, 'reason'),
    errors,
    lineErrors,
    formError: shownFormError,
    preview,
    isPending: refund.isPending,
    submit,
  };
}

export type RefundFormState = ReturnType<typeof useRefundForm>;
