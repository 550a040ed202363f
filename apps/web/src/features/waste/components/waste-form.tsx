import { Button, FileInput, Group, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import {
  unitAllowsFractions,
  wasteReasonLabels,
  wasteReasons,
  type CurrencyCode,
  type WasteDetail,
} from '@ipos/contracts';
import { useWasteForm } from './use-waste-form';
import { WastePreview } from './waste-preview';
import { WasteProductField } from './waste-product-field';

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

/**
 * Record waste: one product (searched by name, SKU or barcode), the quantity in its unit, a reason,
 * a note (required for "Other") and an optional photo. Shows what it is worth at cost and whether
 * it will wait for a manager's approval, with the rule the API applies; for a role that does not see
 * costs (no inventory.costs, the product's cost is null) only the rule.
 */
export function WasteForm({ storeId, currency, thresholdMinor, canApprove, onSaved, onCancel }: WasteFormProps) {
  const { form, variant, chooseVariant, photo, photoError, pickPhoto, cost, valueMinor, waits, submit } = useWasteForm({
    thresholdMinor,
    canApprove,
    onSaved,
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md" maw={640}>
        <WasteProductField
          storeId={storeId}
          currency={currency}
          variant={variant}
          cost={cost}
          error={form.errors.variantId}
          onChoose={chooseVariant}
        />
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
        <WastePreview
          variant={variant}
          cost={cost}
          valueMinor={valueMinor}
          waits={waits}
          thresholdMinor={thresholdMinor}
          canApprove={canApprove}
          currency={currency}
        />
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
