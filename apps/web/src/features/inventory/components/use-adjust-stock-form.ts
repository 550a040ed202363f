import { useState, type FormEvent } from 'react';
import {
  createStockAdjustmentBodySchema,
  unitAllowsFractions,
  type CreateStockAdjustmentBody,
  type Product,
  type StockAdjustmentReason,
} from '@ipos/contracts';
import { showApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { formatQuantity } from '../../../lib/quantity';
import { useCreateStockAdjustment } from '../api/stock';
import { addQuantities, parseQuantityInput } from '../quantity-input';
import { onHandIn } from '../stock-figures';

export type Direction = 'add' | 'remove';
export type Field = 'variantId' | 'quantity' | 'reasonCode' | 'note';
type Errors = Partial<Record<Field, string>>;

/** Where the contract's (and the API's) paths land in this form. */
function fieldOf(path: string): Field | undefined {
  const p = path.replace(/^body\./, '');
  if (p.startsWith('lines.0.delta') || p === 'lines') return 'quantity';
  if (p.startsWith('lines.0.variantId')) return 'variantId';
  if (p === 'reasonCode' || p === 'note') return p;
  return undefined;
}

/**
 * The adjustment form's state: the variant, direction, quantity, reason and note; on hand now and
 * after; the contract's rules checked once submitted, and the API's field errors (INSUFFICIENT_STOCK
 * on the quantity: "Only 3 on hand") until the field changes.
 */
export function useAdjustStockForm({
  product,
  storeId,
  onClose,
  onAdjusted,
}: {
  product: Product;
  storeId: string;
  onClose: () => void;
  onAdjusted?: (number: string) => void;
}) {
  const variants = product.variants.filter((v) => !v.isArchived);
  const [variantId, setVariantId] = useState(variants[0]?.id ?? '');
  const [direction, setDirection] = useState<Direction>('add');
  const [quantity, setQuantity] = useState('');
  const [reasonCode, setReasonCode] = useState<StockAdjustmentReason | ''>('');
  const [note, setNote] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const adjust = useCreateStockAdjustment();

  const variant = variants.find((v) => v.id === variantId);
  const onHand = variant ? onHandIn(variant, storeId) : 0;
  const parsed = parseQuantityInput(quantity, product.unit);
  const delta = parsed.ok ? (direction === 'add' ? parsed.value : -parsed.value) : null;
  const after = delta === null ? null : addQuantities(onHand, delta);

  const check = (): { errors: Errors; body?: CreateStockAdjustmentBody } => {
    const errors: Errors = {};
    if (!parsed.ok) errors.quantity = parsed.message;
    const body: CreateStockAdjustmentBody = {
      reasonCode: reasonCode as StockAdjustmentReason,
      ...(note.trim() ? { note: note.trim() } : {}),
      lines: [{ variantId, delta: delta ?? 0 }],
    };
    const result = createStockAdjustmentBodySchema.safeParse(body);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = fieldOf(issue.path.join('.'));
        if (field && !errors[field]) errors[field] = issue.message;
      }
    }
    return Object.keys(errors).length > 0 ? { errors } : { errors, body };
  };

  const errors: Errors = submitted ? { ...serverErrors, ...check().errors } : serverErrors;
  const clear = (field: Field) => setServerErrors(({ [field]: _, ...rest }) => rest);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (adjust.isPending) return;
    setSubmitted(true);
    setServerErrors({});
    const { body } = check();
    if (!body) return;
    try {
      const saved = await adjust.mutateAsync(body);
      const line = saved.lines[0];
      toast.show({
        type: 'success',
        message:
          line?.onHandAfter != null
            ? `Saved ${saved.number}: on hand is now ${formatQuantity(line.onHandAfter, product.unit)}.`
            : `Saved ${saved.number}.`,
      });
      onAdjusted?.(saved.number);
      onClose();
    } catch (error) {
      if (!isApiError(error)) return void showApiError(error, 'Could not adjust the stock');
      const found: Errors = {};
      for (const { field, message } of error.fieldErrors) {
        const name = fieldOf(field);
        if (name && !found[name]) found[name] = message;
      }
      if (error.code === 'INSUFFICIENT_STOCK' && !found.quantity)
        found.quantity = `Only ${formatQuantity(onHand, product.unit)} on hand`;
      if (Object.keys(found).length > 0) setServerErrors(found);
      else showApiError(error, 'Could not adjust the stock');
    }
  };

  const fractions = unitAllowsFractions(product.unit);
  const goesNegative = product.isTracked && after !== null && after < 0;

  return {
    variants,
    variantId,
    setVariantId,
    direction,
    setDirection,
    quantity,
    setQuantity,
    reasonCode,
    setReasonCode,
    note,
    setNote,
    errors,
    clear,
    submit,
    saving: adjust.isPending,
    onHand,
    after,
    fractions,
    goesNegative,
  };
}
