import { Alert, Button, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import type { CurrencyCode, StockTransfer } from '@ipos/contracts';
import { VariantPicker } from '../../../components/pickers/variant-picker';
import { lineOfSellable, type TransferLine } from '../transfer-lines';
import { TransferLinesTable } from './transfer-lines-table';
import { useTransferSheet } from './use-transfer-sheet';

export interface TransferDestination {
  storeId: string;
  storeName: string;
  storeAlias: string;
}

export interface TransferSheetProps {
  /** The active store: the stock leaves from here. */
  storeId: string;
  currency: CurrencyCode;
  /** The other stores of the business. */
  destinations: TransferDestination[];
  initialLines: TransferLine[];
  onSent: (transfer: StockTransfer) => void;
  onCancel: () => void;
}

/**
 * One transfer document of many lines: the quantity to send per line (lines left blank are not
 * sent), lines removed or added by search or a scanned barcode, the receiving store and a note. A
 * refusal keeps everything typed and shows each field error on its line.
 */
export function TransferSheet({ storeId, currency, destinations, initialLines, onSent, onCancel }: TransferSheetProps) {
  const { toStoreId, chooseStore, lines, setQuantity, removeLine, addLine, note, setNote, errors, submit, sending } =
    useTransferSheet({ destinations, initialLines, onSent });

  if (destinations.length === 0)
    return (
      <Stack>
        <Text>This business has no other store to send stock to.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Close
          </Button>
        </Group>
      </Stack>
    );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Transfer stock">
      <Stack gap="md">
        <NativeSelect
          label="Send to"
          value={toStoreId}
          error={errors.toStoreId}
          required
          onChange={(event) => chooseStore(event.currentTarget.value)}
          data={[
            { value: '', label: 'Choose a store', disabled: true },
            ...destinations.map((s) => ({ value: s.storeId, label: `${s.storeName} (${s.storeAlias})` })),
          ]}
        />
        <TransferLinesTable lines={lines} errors={errors.byVariant} onQuantity={setQuantity} onRemove={removeLine} />
        <VariantPicker
          storeId={storeId}
          currency={currency}
          price="cost"
          label="Add a product"
          placeholder="Name, SKU or scan a barcode"
          excludeVariantIds={new Set(lines.map((l) => l.variantId))}
          onPick={(variant) => addLine(lineOfSellable(variant))}
        />
        {errors.lines ? (
          <Alert color="red" variant="light" role="alert">
            {errors.lines}
          </Alert>
        ) : null}
        <Textarea
          label="Note"
          description="Optional: what it is for, who carries it"
          value={note}
          error={errors.note}
          maxLength={500}
          rows={2}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={sending}>
            Send transfer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
