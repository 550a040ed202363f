import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  createStockAdjustmentBodySchema,
  stockAdjustmentReasonLabels,
  stockAdjustmentReasons,
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

type Direction = 'add' | 'remove';
type Field = 'variantId' | 'quantity' | 'reasonCode' | 'note';
type Errors = Partial<Record<Field, string>>;

/** Where the contract's (and the API's) paths land in this form. */
function fieldOf(path: string): Field | undefined {
  const p = path.replace(/^body\./, '');
  if (p.startsWith('lines.0.delta') || p === 'lines') return 'quantity';
  if (p.startsWith('lines.0.variantId')) return 'variantId';
  if (p === 'reasonCode' || p === 'note') return p;
  return undefined;
}

export interface AdjustStockDialogProps {
  opened: boolean;
  onClose: () => void;
  product: Product;
  /** The active store: the adjustment happens there. */
  storeId: string;
  /** Called with the saved adjustment's number (after the toast). */
  onAdjusted?: (number: string) => void;
}

/**
 * Adjust stock of one variant in the active store: add or remove a quantity with a reason. Shows on
 * hand now and after, checks the contract's rules before sending, and puts INSUFFICIENT_STOCK on the
 * quantity ("Only 3 on hand").
 */
export function AdjustStockDialog(props: AdjustStockDialogProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={`Adjust stock: ${props.product.name}`} size="lg">
      {props.opened ? <AdjustStockForm {...props} /> : null}
    </Modal>
  );
}

function AdjustStockForm({ onClose, product, storeId, onAdjusted }: AdjustStockDialogProps) {
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

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Adjust stock">
      <Stack gap="md">
        {variants.length > 1 ? (
          <NativeSelect
            label="Variant"
            value={variantId}
            error={errors.variantId}
            onChange={(event) => {
              setVariantId(event.currentTarget.value);
              clear('variantId');
              clear('quantity');
            }}
            data={variants.map((v) => ({ value: v.id, label: `${v.label || product.name} (${v.sku})` }))}
          />
        ) : null}
        <Stack gap={4}>
          <Text size="sm" fw={500} id="adjust-direction">
            Change
          </Text>
          <SegmentedControl
            aria-labelledby="adjust-direction"
            value={direction}
            onChange={(value) => {
              setDirection(value as Direction);
              clear('quantity');
            }}
            data={[
              { value: 'add', label: 'Add stock' },
              { value: 'remove', label: 'Remove stock' },
            ]}
          />
        </Stack>
        <TextInput
          label="Quantity"
          description={fractions ? `In ${product.unit}, up to 3 decimals` : 'Whole units'}
          inputMode={fractions ? 'decimal' : 'numeric'}
          value={quantity}
          error={errors.quantity}
          onChange={(event) => {
            setQuantity(event.currentTarget.value);
            clear('quantity');
          }}
          required
          data-autofocus
        />
        <NativeSelect
          label="Reason"
          value={reasonCode}
          error={errors.reasonCode}
          required
          onChange={(event) => {
            setReasonCode(event.currentTarget.value as StockAdjustmentReason);
            clear('reasonCode');
          }}
          data={[
            { value: '', label: 'Select a reason', disabled: true },
            ...stockAdjustmentReasons.map((r) => ({ value: r, label: stockAdjustmentReasonLabels[r] })),
          ]}
        />
        <Textarea
          label="Note"
          description={reasonCode === 'other' ? 'Required: say why' : 'Optional'}
          value={note}
          error={errors.note}
          maxLength={500}
          rows={2}
          onChange={(event) => {
            setNote(event.currentTarget.value);
            clear('note');
          }}
        />
        <Alert variant="light" color={goesNegative ? 'orange' : 'blue'} aria-live="polite" data-testid="adjust-preview">
          <Text size="sm">
            On hand now: <strong>{formatQuantity(onHand, product.unit)}</strong>
            {after !== null ? (
              <>
                {' '}
                → after this adjustment: <strong>{formatQuantity(after, product.unit)}</strong>
              </>
            ) : null}
          </Text>
          {goesNegative ? (
            <Text size="sm" mt={4}>
              This takes stock below zero; it is refused unless this store allows negative stock.
            </Text>
          ) : null}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={adjust.isPending}>
            Save adjustment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
