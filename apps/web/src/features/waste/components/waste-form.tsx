import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CloseButton,
  FileInput,
  Group,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  MAX_WASTE_PHOTO_BYTES,
  recordWasteBodySchema,
  unitAllowsFractions,
  wasteNeedsApproval,
  wastePhotoTypes,
  wasteReasonLabels,
  wasteReasons,
  wasteValueMinor,
  type CurrencyCode,
  type RegisterSellable,
  type WasteDetail,
} from '@ipos/contracts';
import { useZodForm } from '../../../components/form/use-zod-form';
import { Money } from '../../../components/money/money';
import { VariantPicker } from '../../../components/pickers/variant-picker';
import { showApiError, toast } from '../../../components/toast';
import { formatQuantity } from '../../../lib/quantity';
import { usePutWastePhoto, useRecordWaste } from '../api/waste';
import { newAttempt } from '../../../lib/attempt';

export interface WasteFormProps {
  storeId: string;
  currency: CurrencyCode;
  /** The store's approval threshold, to say before saving whether it will wait for a manager. */
  thresholdMinor: number;
  /** waste.approve: the recorder's own waste never waits. */
  canApprove: boolean;
  onSaved: (waste: WasteDetail) => void;
  onCancel: () => void;
}

/** A typed quantity as a number, or undefined while it is not one. */
function quantityOf(text: string): number | undefined {
  const trimmed = text.trim();
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : undefined;
}

/**
 * Record waste: one product (searched by name, SKU or barcode), the quantity in its unit, a reason,
 * a note (required for "Other") and an optional photo. Shows what it is worth at cost and whether
 * it will wait for a manager's approval, with the rule the API applies; for a role that does not see
 * costs (no inventory.costs, the product's cost is null) only the rule.
 */
export function WasteForm({ storeId, currency, thresholdMinor, canApprove, onSaved, onCancel }: WasteFormProps) {
  const [variant, setVariant] = useState<RegisterSellable | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  // One record id and key for this form: a retry after a lost answer is the same record.
  const [attempt] = useState(newAttempt);
  const recording = useRecordWaste();
  const uploading = usePutWastePhoto();

  const form = useZodForm({
    schema: recordWasteBodySchema,
    initialValues: { variantId: '', quantity: '', reason: '', note: '' },
    toInput: (v) => ({
      id: attempt.id,
      variantId: v.variantId,
      quantity: quantityOf(v.quantity) ?? Number.NaN,
      reason: v.reason || undefined,
      ...(v.note.trim() ? { note: v.note } : {}),
    }),
    validate: (v) => {
      const q = quantityOf(v.quantity);
      if (!variant || q === undefined) return {};
      if (!unitAllowsFractions(variant.unit) && !Number.isInteger(q))
        return { quantity: `${variant.name} is counted in whole units` };
      if (variant.isTracked && q > variant.onHand)
        return { quantity: `Only ${formatQuantity(variant.onHand, variant.unit)} on hand` };
      return {};
    },
  });

  const quantity = quantityOf(form.values.quantity);
  const cost = variant?.costPriceMinor ?? null;
  const valueMinor = cost !== null && quantity !== undefined ? wasteValueMinor(quantity, cost) : null;
  const waits = valueMinor !== null && wasteNeedsApproval({ valueMinor, thresholdMinor, canApprove });

  const pickPhoto = (file: File | null) => {
    setPhotoError(null);
    if (file && !(wastePhotoTypes as readonly string[]).includes(file.type)) {
      setPhotoError('Choose a JPEG, PNG or WebP photo');
      return;
    }
    if (file && file.size > MAX_WASTE_PHOTO_BYTES) {
      setPhotoError('The photo is larger than 5 MB; take a smaller one');
      return;
    }
    setPhoto(file);
  };

  const submit = form.onSubmit(async (body) => {
    let saved: WasteDetail;
    try {
      saved = await recording.mutateAsync({ body, idempotencyKey: attempt.key });
    } catch (error) {
      form.reportApiError(error, 'Could not record the waste');
      return;
    }
    if (photo) {
      try {
        saved = await uploading.mutateAsync({ wasteId: saved.id, file: photo });
      } catch (error) {
        showApiError(error, 'The waste is recorded, but the photo did not upload; add it from the record');
      }
    }
    toast.show({
      type: 'success',
      message:
        saved.status === 'pending'
          ? `${saved.number} is waiting for a manager's approval`
          : `${saved.number} recorded: ${saved.name} written off`,
    });
    onSaved(saved);
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md" maw={640}>
        {variant ? (
          <Card withBorder padding="sm" radius="md" data-testid="waste-product">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2}>
                <Text fw={600}>{variant.name}</Text>
                <Text size="sm" c="dimmed">
                  {variant.sku}
                  {cost !== null ? (
                    <>
                      {' '}
                      · cost <Money amountMinor={cost} currency={currency} size="sm" /> per {variant.unit}
                    </>
                  ) : null}
                  {variant.isTracked
                    ? ` · ${formatQuantity(variant.onHand, variant.unit)} on hand`
                    : ' · stock not tracked'}
                </Text>
              </Stack>
              <CloseButton
                aria-label="Choose another product"
                onClick={() => {
                  setVariant(null);
                  form.setValue('variantId', '');
                }}
              />
            </Group>
          </Card>
        ) : (
          <Stack gap={4}>
            <VariantPicker
              storeId={storeId}
              currency={currency}
              price="cost"
              label="Product"
              autoFocus
              onPick={(v) => {
                setVariant(v);
                form.setValue('variantId', v.variantId);
              }}
            />
            {form.errors.variantId ? (
              <Text size="sm" c="red" role="alert">
                {form.errors.variantId === 'Choose a product' ? 'Choose a product' : form.errors.variantId}
              </Text>
            ) : null}
          </Stack>
        )}
        <Group align="flex-start" gap="md" wrap="wrap">
          <TextInput
            {...form.field('quantity')}
            label={variant ? `Quantity (${variant.unit})` : 'Quantity'}
            inputMode={variant && !unitAllowsFractions(variant.unit) ? 'numeric' : 'decimal'}
            autoComplete="off"
            required
            w={180}
          />
          <NativeSelect
            label="Reason"
            required
            w={200}
            data={[
              { value: '', label: 'Choose a reason', disabled: true },
              ...wasteReasons.map((r) => ({ value: r, label: wasteReasonLabels[r] })),
            ]}
            {...form.field('reason')}
          />
        </Group>
        <Textarea
          {...form.field('note')}
          label="Note"
          description={form.values.reason === 'other' ? 'Say what happened' : 'Optional: what happened, where'}
          required={form.values.reason === 'other'}
          rows={3}
          maxLength={500}
        />
        <FileInput
          label="Photo"
          description="Optional: JPEG, PNG or WebP up to 5 MB"
          placeholder="Take or choose a photo"
          accept="image/*"
          capture="environment"
          clearable
          value={photo}
          error={photoError}
          onChange={pickPhoto}
        />
        {valueMinor !== null ? (
          <Alert
            color={waits ? 'yellow' : 'blue'}
            variant="light"
            title={waits ? 'Needs a manager’s approval' : 'Written off when saved'}
            data-testid="waste-preview"
          >
            Worth <Money amountMinor={valueMinor} currency={currency} fw={700} /> at cost.{' '}
            {waits ? (
              <>
                That is above this store’s threshold of <Money amountMinor={thresholdMinor} currency={currency} />: it
                waits for a manager, and the stock stays until it is approved.
              </>
            ) : variant?.isTracked ? (
              'The stock goes down as soon as you save.'
            ) : (
              'This product does not track stock; only the record is kept.'
            )}
          </Alert>
        ) : variant && cost === null && !canApprove ? (
          <Text size="sm" c="dimmed" data-testid="waste-rule">
            Waste worth more than <Money amountMinor={thresholdMinor} currency={currency} /> at cost waits for a
            manager’s approval; the stock stays until it is approved.
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={form.isSubmitting}>
            {waits ? 'Send for approval' : 'Record waste'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
