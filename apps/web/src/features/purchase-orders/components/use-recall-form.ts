import { useState, type FormEvent } from 'react';
import {
  purchaseOrderStatus,
  recallPurchaseOrderBodySchema,
  type PurchaseOrder,
  type RecallPurchaseOrderBody,
} from '@ipos/contracts';
import { describeApiError, showApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useAttempts } from '../../../lib/attempt';
import { formatQuantity } from '../../../lib/quantity';
import { useRecallPurchaseOrder } from '../api/purchase-orders';
import { heldOf, lineAmountMinor, parseQuantity } from '../order-figures';
import { lineErrorsFrom, type LineErrors } from './line-errors';

/**
 * Goods going back to the vendor: what of each line still held (received − returned) and why,
 * checked (never more than held) with the contract's schema, sent once per attempt (one id and key,
 * kept for a retry after a lost answer), and the API's refusals placed on their lines and the reason
 * or said above the buttons.
 */
export function useRecallForm({ order, onClose }: { order: PurchaseOrder; onClose: () => void }) {
  const held = order.lines.filter((line) => heldOf(line) > 0);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverLines, setServerLines] = useState<LineErrors>({});
  const [serverReason, setServerReason] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  // A retry after a lost answer is the same return (key and id); a refusal or another return is new.
  const attempts = useAttempts({ idField: 'id' });
  const recall = useRecallPurchaseOrder(order.id);

  const parsed = held.map((line) => ({ line, quantity: parseQuantity(quantities[line.lineNo] ?? '', line.unit) }));

  const check = () => {
    const lines: LineErrors = {};
    const chosen: RecallPurchaseOrderBody['lines'] = [];
    for (const { line, quantity } of parsed) {
      if (!quantity.ok) lines[line.lineNo] = { quantity: quantity.message };
      else if (quantity.value !== null && quantity.value > heldOf(line))
        lines[line.lineNo] = { quantity: `At most ${formatQuantity(heldOf(line), line.unit)} can go back` };
      if (quantity.ok && quantity.value) chosen.push({ lineNo: line.lineNo, quantity: quantity.value });
    }
    const body: RecallPurchaseOrderBody = { id: attempts.nextId(), lines: chosen, reason };
    const result = recallPurchaseOrderBodySchema.safeParse(body);
    let reasonError: string | undefined;
    let form: string | null = null;
    if (!result.success)
      for (const issue of result.error.issues) {
        const [first, index] = issue.path;
        if (first === 'reason') reasonError ??= issue.message;
        else if (first === 'lines' && typeof index === 'number')
          lines[chosen[index]!.lineNo] ??= { quantity: issue.message };
        else form ??= issue.message;
      }
    const ok = result.success && Object.keys(lines).length === 0;
    return { lines, reasonError, form, body: ok ? body : undefined };
  };

  const local = submitted ? check() : { lines: {} as LineErrors, reasonError: undefined, form: null };
  const valueMinor = parsed.reduce(
    (sum, { line, quantity }) =>
      quantity.ok && quantity.value ? sum + lineAmountMinor(quantity.value, line.unitCostMinor) : sum,
    0,
  );
  const reset = () => {
    setServerLines({});
    setServerReason(undefined);
    setFormError(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (recall.isPending) return;
    setSubmitted(true);
    reset();
    const { body } = check();
    if (!body) return;
    try {
      const { id, key } = attempts.for(body);
      const saved = await recall.mutateAsync({ body: { ...body, id }, idempotencyKey: key });
      attempts.succeeded();
      toast.show({
        type: 'success',
        message:
          saved.status === purchaseOrderStatus.FULLY_RECALLED
            ? `Everything received went back: ${saved.number} is fully recalled.`
            : 'Goods returned to the vendor.',
      });
      onClose();
    } catch (error) {
      attempts.failed(error);
      if (!isApiError(error)) return void showApiError(error, 'Could not return the goods');
      const found = lineErrorsFrom(error.fieldErrors, body.lines);
      setServerLines(found.lines);
      setServerReason(found.fields.reason);
      if (error.code === 'RECALL_EXCEEDS_RECEIVED')
        setFormError(
          'That is more than is left to return on the highlighted lines: someone may have returned part of it meanwhile.',
        );
      else if (error.code === 'NETWORK_ERROR')
        setFormError(
          'No answer from iPos: check the connection and press Return again (it will not be counted twice).',
        );
      else if (found.form) setFormError(found.form);
      else if (Object.keys(found.lines).length === 0 && !found.fields.reason && error.code !== 'VALIDATION_FAILED')
        setFormError(describeApiError(error));
    }
  };

  return {
    held,
    quantities,
    setQuantity: (lineNo: number, text: string) => {
      setQuantities((current) => ({ ...current, [lineNo]: text }));
      reset();
    },
    reason,
    setReason: (text: string) => {
      setReason(text);
      setServerReason(undefined);
    },
    /** The line's quantity error: the API's answer first, else the local check once submitted. */
    lineError: (lineNo: number) => serverLines[lineNo]?.quantity ?? local.lines[lineNo]?.quantity,
    /** The API refused this line's quantity (more than is left): the row is highlighted. */
    isOver: (lineNo: number) => Boolean(serverLines[lineNo]?.quantity),
    reasonError: serverReason ?? local.reasonError,
    formError: formError ?? local.form,
    valueMinor,
    isPending: recall.isPending,
    submit,
  };
}
