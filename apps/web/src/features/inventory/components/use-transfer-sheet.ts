import { useState, type FormEvent } from 'react';
import type { StockTransfer } from '@ipos/contracts';
import { showApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useCreateStockTransfer } from '../api/stock';
import { checkTransfer, placeServerErrors, type TransferErrors, type TransferLine } from '../transfer-lines';

const noErrors = (): TransferErrors => ({ byVariant: {} });

/**
 * The transfer sheet's state and submit: the receiving store, the lines and the note; the rules
 * checked once submitted; a refusal keeps everything typed and puts each field error on its line
 * until that line changes.
 */
export function useTransferSheet({
  destinations,
  initialLines,
  onSent,
}: {
  destinations: { storeId: string }[];
  initialLines: TransferLine[];
  onSent: (transfer: StockTransfer) => void;
}) {
  const [toStoreId, setToStoreId] = useState(destinations.length === 1 ? destinations[0]!.storeId : '');
  const [lines, setLines] = useState<TransferLine[]>(initialLines);
  const [note, setNote] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<TransferErrors>(noErrors);
  const send = useCreateStockTransfer();

  const local = submitted ? checkTransfer({ toStoreId, note, lines }).errors : noErrors();
  const errors: TransferErrors = {
    toStoreId: serverErrors.toStoreId ?? local.toStoreId,
    note: serverErrors.note ?? local.note,
    lines: local.lines,
    byVariant: { ...local.byVariant, ...serverErrors.byVariant },
  };
  const forgetLineError = (variantId: string) =>
    setServerErrors(({ byVariant: { [variantId]: _, ...rest }, ...e }) => ({ ...e, byVariant: rest }));
  const setQuantity = (variantId: string, quantity: string) => {
    setLines((current) => current.map((l) => (l.variantId === variantId ? { ...l, quantity } : l)));
    forgetLineError(variantId);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    setSubmitted(true);
    setServerErrors(noErrors());
    const { body } = checkTransfer({ toStoreId, note, lines });
    if (!body) return;
    try {
      const transfer = await send.mutateAsync(body);
      toast.show({
        type: 'success',
        message: `Sent ${transfer.number} to ${transfer.toStore.name} (${transfer.lines.length} ${transfer.lines.length === 1 ? 'line' : 'lines'}): in transit until ${transfer.toStore.name} receives it.`,
      });
      onSent(transfer);
    } catch (error) {
      if (!isApiError(error)) return void showApiError(error, 'Could not send the transfer');
      const { found, placed } = placeServerErrors(error.fieldErrors, body.lines);
      if (placed) setServerErrors(found);
      else showApiError(error, 'Could not send the transfer');
    }
  };
  const chooseStore = (id: string) => {
    setToStoreId(id);
    setServerErrors((e) => ({ ...e, toStoreId: undefined }));
  };
  const removeLine = (variantId: string) => {
    setLines((current) => current.filter((l) => l.variantId !== variantId));
    forgetLineError(variantId);
  };
  const addLine = (line: TransferLine) => setLines((current) => [...current, line]);

  return {
    toStoreId,
    chooseStore,
    lines,
    setQuantity,
    removeLine,
    addLine,
    note,
    setNote,
    errors,
    submit,
    sending: send.isPending,
  };
}
