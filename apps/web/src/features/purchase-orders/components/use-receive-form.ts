import { useState, type FormEvent } from 'react';
import {
  purchaseOrderStatus,
  receivePurchaseOrderBodySchema,
  type CurrencyCode,
  type PurchaseOrder,
  type ReceivePurchaseOrderBody,
} from '@ipos/contracts';
import { parseMoneyInput } from '../../../components/money/money-input';
import { describeApiError, showApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useAttempts } from '../../../lib/attempt';
import { formatQuantity } from '../../../lib/quantity';
import { useReceivePurchaseOrder } from '../api/purchase-orders';
import { lineAmountMinor, outstandingOf, parseQuantity } from '../order-figures';
import { lineErrorsFrom, type LineErrors } from './line-errors';

/**
 * A delivery being received: what arrived of each line still expected (prefilled with it) and at
 * what unit cost, checked (never more than expected) with the contract's schema, sent once per
 * attempt, and the API's refusals placed on their lines and fields or said above the buttons.
 */
export function useReceiveForm({
  order,
  currency,
  onClose,
}: {
  order: PurchaseOrder;
  currency: CurrencyCode;
  onClose: () => void;
}) {
  const expected = order.lines.filter((line) => outstandingOf(line) > 0);
  const [quantities, setQuantities] = useState<Record<number, string>>(() =>
    Object.fromEntries(expected.map((line) => [line.lineNo, String(outstandingOf(line))])),
  );
  const [costs, setCosts] = useState<Record<number, string>>({});
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverLines, setServerLines] = useState<LineErrors>({});
  const [serverFields, setServerFields] = useState<Partial<Record<'reference' | 'note', string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // A retry after a lost answer is the same receipt (key and id): "Receive" again cannot count it
  // twice; a refusal or another receipt is a new attempt.
  const attempts = useAttempts({ idField: 'id' });
  const receive = useReceivePurchaseOrder(order.id);

  const parsed = expected.map((line) => ({
    line,
    quantity: parseQuantity(quantities[line.lineNo] ?? '', line.unit),
    cost: parseMoneyInput(costs[line.lineNo] ?? '', currency),
  }));

  const check = () => {
    const lines: LineErrors = {};
    const chosen: ReceivePurchaseOrderBody['lines'] = [];
    for (const { line, quantity, cost } of parsed) {
      if (!quantity.ok) lines[line.lineNo] = { quantity: quantity.message };
      else if (quantity.value !== null && quantity.value > outstandingOf(line))
        lines[line.lineNo] = {
          quantity: `At most ${formatQuantity(outstandingOf(line), line.unit)} is still expected`,
        };
      if (!cost.ok) lines[line.lineNo] = { ...lines[line.lineNo], unitCostMinor: cost.message };
      if (quantity.ok && quantity.value)
        chosen.push({
          lineNo: line.lineNo,
          quantity: quantity.value,
          ...(cost.ok && cost.minor !== null ? { unitCostMinor: cost.minor } : {}),
        });
    }
    const body: ReceivePurchaseOrderBody = {
      id: attempts.nextId(),
      lines: chosen,
      ...(reference.trim() ? { reference: reference.trim() } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    const result = receivePurchaseOrderBodySchema.safeParse(body);
    let form: string | null = null;
    if (!result.success)
      for (const issue of result.error.issues) {
        const [first, index, field] = issue.path;
        if (first === 'lines' && typeof index === 'number' && typeof field === 'string') {
          const lineNo = chosen[index]!.lineNo;
          lines[lineNo] = { [field]: issue.message, ...lines[lineNo] };
        } else form ??= issue.message;
      }
    const ok = result.success && Object.keys(lines).length === 0;
    return { lines, form, body: ok ? body : undefined };
  };

  const local = submitted ? check() : { lines: {} as LineErrors, form: null };
  const lineError = (lineNo: number, field: 'quantity' | 'unitCostMinor') =>
    serverLines[lineNo]?.[field] ?? local.lines[lineNo]?.[field];
  const shownFormError = formError ?? local.form;
  const valueMinor = parsed.reduce((sum, { line, quantity, cost }) => {
    if (!quantity.ok || !quantity.value) return sum;
    const unitCost = cost.ok && cost.minor !== null ? cost.minor : line.unitCostMinor;
    return sum + lineAmountMinor(quantity.value, unitCost);
  }, 0);

  const reset = () => {
    setServerLines({});
    setServerFields({});
    setFormError(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (receive.isPending) return;
    setSubmitted(true);
    reset();
    const { body } = check();
    if (!body) return;
    try {
      const { id, key } = attempts.for(body);
      const saved = await receive.mutateAsync({ body: { ...body, id }, idempotencyKey: key });
      attempts.succeeded();
      toast.show({
        type: 'success',
        message:
          saved.status === purchaseOrderStatus.CLOSED
            ? `Everything arrived: ${saved.number} is closed.`
            : 'Delivery received.',
      });
      onClose();
    } catch (error) {
      attempts.failed(error);
      if (!isApiError(error)) return void showApiError(error, 'Could not receive the delivery');
      const found = lineErrorsFrom(error.fieldErrors, body.lines);
      setServerLines(found.lines);
      setServerFields({
        ...(found.fields.reference ? { reference: found.fields.reference } : {}),
        ...(found.fields.note ? { note: found.fields.note } : {}),
      });
      if (error.code === 'RECEIVE_EXCEEDS_ORDER')
        setFormError(
          'That is more than is still expected on the highlighted lines: someone may have received part of it meanwhile. Close this and open Receive again to see what is left.',
        );
      else if (error.code === 'NETWORK_ERROR')
        setFormError(
          'No answer from iPos: check the connection and press Receive again (it will not be counted twice).',
        );
      else if (Object.keys(found.lines).length === 0 && !found.form && error.code !== 'VALIDATION_FAILED')
        setFormError(describeApiError(error));
      else if (found.form) setFormError(found.form);
    }
  };

  return {
    expected,
    quantities,
    setQuantity: (lineNo: number, text: string) => {
      setQuantities((current) => ({ ...current, [lineNo]: text }));
      reset();
    },
    /** Every line at what is still expected. */
    fillExpected: () => {
      setQuantities(Object.fromEntries(expected.map((l) => [l.lineNo, String(outstandingOf(l))])));
      reset();
    },
    clearQuantities: () => {
      setQuantities({});
      reset();
    },
    costs,
    setCost: (lineNo: number, value: string) => {
      setCosts((current) => ({ ...current, [lineNo]: value }));
      reset();
    },
    reference,
    setReference,
    note,
    setNote,
    serverLines,
    serverFields,
    lineError,
    formError: shownFormError,
    valueMinor,
    isPending: receive.isPending,
    submit,
  };
}
