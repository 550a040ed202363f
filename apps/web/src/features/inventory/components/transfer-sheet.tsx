import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  CloseButton,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { unitAllowsFractions, type CurrencyCode, type StockTransfer } from '@ipos/contracts';
import { VariantPicker } from '../../../components/pickers/variant-picker';
import { showApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { formatQuantity } from '../../../lib/quantity';
import { useCreateStockTransfer } from '../api/stock';
import {
  checkTransfer,
  isOverOnHand,
  lineOfSellable,
  placeServerErrors,
  type TransferErrors,
  type TransferLine,
} from '../transfer-lines';

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

const noErrors = (): TransferErrors => ({ byVariant: {} });

/**
 * One transfer document of many lines: the quantity to send per line (lines left blank are not
 * sent), lines removed or added by search or a scanned barcode, the receiving store and a note. A
 * refusal keeps everything typed and shows each field error on its line.
 */
export function TransferSheet({ storeId, currency, destinations, initialLines, onSent, onCancel }: TransferSheetProps) {
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
          onChange={(event) => {
            setToStoreId(event.currentTarget.value);
            setServerErrors((e) => ({ ...e, toStoreId: undefined }));
          }}
          data={[
            { value: '', label: 'Choose a store', disabled: true },
            ...destinations.map((s) => ({ value: s.storeId, label: `${s.storeName} (${s.storeAlias})` })),
          ]}
        />
        <TransferLinesTable
          lines={lines}
          errors={errors.byVariant}
          onQuantity={setQuantity}
          onRemove={(variantId) => {
            setLines((current) => current.filter((l) => l.variantId !== variantId));
            forgetLineError(variantId);
          }}
        />
        <VariantPicker
          storeId={storeId}
          currency={currency}
          price="cost"
          label="Add a product"
          placeholder="Name, SKU or scan a barcode"
          excludeVariantIds={new Set(lines.map((l) => l.variantId))}
          onPick={(variant) => setLines((current) => [...current, lineOfSellable(variant)])}
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
          <Button type="submit" loading={send.isPending}>
            Send transfer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TransferLinesTable({
  lines,
  errors,
  onQuantity,
  onRemove,
}: {
  lines: TransferLine[];
  errors: Record<string, string>;
  onQuantity: (variantId: string, quantity: string) => void;
  onRemove: (variantId: string) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={460}>
      <Table aria-label="Quantities to send" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right">On hand here</Table.Th>
            <Table.Th w={160}>Send</Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text size="sm" c="dimmed" ta="center" py="sm">
                  No lines yet: search for a product or scan its barcode below.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
          {lines.map((line) => (
            <Table.Tr key={line.variantId} data-testid="transfer-line">
              <Table.Td>
                <Text size="sm" fw={500}>
                  {line.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {line.sku}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {line.isTracked ? formatQuantity(line.onHand, line.unit) : '—'}
              </Table.Td>
              <Table.Td>
                <TextInput
                  aria-label={`Quantity of ${line.name} to send`}
                  inputMode={unitAllowsFractions(line.unit) ? 'decimal' : 'numeric'}
                  value={line.quantity}
                  error={
                    errors[line.variantId] ??
                    (isOverOnHand(line) ? `More than the ${formatQuantity(line.onHand, line.unit)} on hand` : undefined)
                  }
                  onChange={(event) => onQuantity(line.variantId, event.currentTarget.value)}
                />
              </Table.Td>
              <Table.Td>
                <CloseButton aria-label={`Remove ${line.name}`} onClick={() => onRemove(line.variantId)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
