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
  stockAdjustmentReasonLabels,
  stockAdjustmentReasons,
  type Product,
  type StockAdjustmentReason,
} from '@ipos/contracts';
import { formatQuantity } from '../../../lib/quantity';
import { useAdjustStockForm, type Direction } from './use-adjust-stock-form';

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
  const {
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
    saving,
    onHand,
    after,
    fractions,
    goesNegative,
  } = useAdjustStockForm({ product, storeId, onClose, onAdjusted });

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
          <Button type="submit" loading={saving}>
            Save adjustment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
