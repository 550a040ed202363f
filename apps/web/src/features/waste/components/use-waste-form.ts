import { useState } from 'react';
import {
  MAX_WASTE_PHOTO_BYTES,
  recordWasteBodySchema,
  unitAllowsFractions,
  wasteNeedsApproval,
  wastePhotoTypes,
  wasteValueMinor,
  type RegisterSellable,
  type WasteDetail,
} from '@ipos/contracts';
import { useZodForm } from '../../../components/form/use-zod-form';
import { showApiError, toast } from '../../../components/toast';
import { useAttempts } from '../../../lib/attempt';
import { formatQuantity } from '../../../lib/quantity';
import { usePutWastePhoto, useRecordWaste } from '../api/waste';

/** A typed quantity as a number, or undefined while it is not one. */
function quantityOf(text: string): number | undefined {
  const trimmed = text.trim();
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : undefined;
}

/**
 * The waste form's state and submit: the chosen product, the fields checked against its unit and
 * stock, the photo checked before it is kept, the value at cost and whether it will wait; saving
 * records the waste under one id and key (a retry is the same record), then uploads the photo.
 */
export function useWasteForm({
  thresholdMinor,
  canApprove,
  onSaved,
}: {
  thresholdMinor: number;
  canApprove: boolean;
  onSaved: (waste: WasteDetail) => void;
}) {
  const [variant, setVariant] = useState<RegisterSellable | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  // A retry after a lost answer is the same record (key and id); a refusal or another record is new.
  const attempts = useAttempts({ idField: 'id' });
  const recording = useRecordWaste();
  const uploading = usePutWastePhoto();

  const form = useZodForm({
    schema: recordWasteBodySchema,
    initialValues: { variantId: '', quantity: '', reason: '', note: '' },
    toInput: (v) => ({
      id: attempts.nextId(),
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
      const { id, key } = attempts.for(body);
      saved = await recording.mutateAsync({ body: { ...body, id }, idempotencyKey: key });
      attempts.succeeded();
    } catch (error) {
      attempts.failed(error);
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

  const chooseVariant = (v: RegisterSellable | null) => {
    setVariant(v);
    form.setValue('variantId', v?.variantId ?? '');
  };

  return { form, variant, chooseVariant, photo, photoError, pickPhoto, cost, valueMinor, waits, submit };
}
