import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { createStockTransfer, unitAllowsFractions, type Product } from '@ipos/contracts';
import { showApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { formatQuantity } from '../../../lib/quantity';
import { useCreateStockTransfer } from '../api/stock';
import { parseQuantityInput } from '../quantity-input';
import { onHandIn } from '../stock-figures';

export interface TransferDialogProps {
  opened: boolean;
  onClose: () => void;
  product: Product;
  /** The active store: the stock leaves from here. */
  storeId: string;
}

type Errors = { toStoreId?: string; note?: string; lines?: string; byVariant: Record<string, string> };

/**
 * Send stock of a product's variants from the active store to another store of the business. It
 * leaves now and is in transit until the other store receives it.
 */
export function TransferDialog(props: TransferDialogProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={`Transfer: ${props.product.name}`} size="lg">
      {props.opened ? <TransferForm {...props} /> : null}
    </Modal>
  );
}

function TransferForm({ onClose, product, storeId }: TransferDialogProps) {
  const variants = product.variants.filter((v) => !v.isArchived);
  // Every variant lists every store of the business, in name order.
  const destinations = (variants[0]?.stores ?? []).filter((s) => s.storeId !== storeId);
  const [toStoreId, setToStoreId] = useState(destinations.length === 1 ? destinations[0]!.storeId : '');
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [note, setNote] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({ byVariant: {} });
  const send = useCreateStockTransfer();
  const fractions = unitAllowsFractions(product.unit);

  const filled = variants.filter((v) => (quantities[v.id] ?? '').trim() !== '');

  const check = () => {
    const errors: Errors = { byVariant: {} };
    if (!toStoreId) errors.toStoreId = 'Choose the store that receives it';
    const lines: { variantId: string; quantity: number }[] = [];
    for (const v of filled) {
      const parsed = parseQuantityInput(quantities[v.id] ?? '', product.unit);
      if (!parsed.ok) errors.byVariant[v.id] = parsed.message;
      else if (parsed.value === 0) errors.byVariant[v.id] = 'Enter a quantity above zero';
      else lines.push({ variantId: v.id, quantity: parsed.value });
    }
    if (filled.length === 0) errors.lines = 'Enter the quantity to send';
    const body = { toStoreId, ...(note.trim() ? { note: note.trim() } : {}), lines };
    const result = createStockTransfer.body!.safeParse(body);
    if (!result.success) {
      for (const issue of result.error.issues) {
        if (issue.path[0] === 'note') errors.note ??= issue.message;
      }
    }
    const ok = !errors.toStoreId && !errors.note && !errors.lines && Object.keys(errors.byVariant).length === 0;
    return { errors, body: ok ? body : undefined, lines };
  };

  const local = submitted ? check().errors : { byVariant: {} as Record<string, string> };
  const errors: Errors = {
    toStoreId: serverErrors.toStoreId ?? local.toStoreId,
    note: serverErrors.note ?? local.note,
    lines: local.lines,
    byVariant: { ...local.byVariant, ...serverErrors.byVariant },
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    setSubmitted(true);
    setServerErrors({ byVariant: {} });
    const { body, lines } = check();
    if (!body) return;
    try {
      const transfer = await send.mutateAsync(body);
      toast.show({
        type: 'success',
        message: `Sent ${transfer.number} to ${transfer.toStore.name}: in transit until ${transfer.toStore.name} receives it.`,
      });
      onClose();
    } catch (error) {
      if (!isApiError(error)) return void showApiError(error, 'Could not send the transfer');
      const found: Errors = { byVariant: {} };
      for (const { field, message } of error.fieldErrors) {
        const path = field.replace(/^body\./, '');
        const line = /^lines\.(\d+)/.exec(path);
        const variantId = line ? lines[Number(line[1])]?.variantId : undefined;
        if (variantId) found.byVariant[variantId] ??= message;
        else if (path === 'toStoreId') found.toStoreId = message;
        else if (path === 'note') found.note = message;
      }
      const placed = found.toStoreId || found.note || Object.keys(found.byVariant).length > 0;
      if (placed) setServerErrors(found);
      else showApiError(error, 'Could not send the transfer');
    }
  };

  if (destinations.length === 0)
    return (
      <Stack>
        <Text>This business has no other store to send stock to.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
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
        <Table.ScrollContainer minWidth={420}>
          <Table aria-label="Quantities to send" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Variant</Table.Th>
                <Table.Th ta="right">On hand here</Table.Th>
                <Table.Th w={160}>Send</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {variants.map((v) => {
                const onHand = onHandIn(v, storeId);
                const parsed = parseQuantityInput(quantities[v.id] ?? '', product.unit);
                const over = product.isTracked && parsed.ok && parsed.value > onHand;
                const label = v.label || product.name;
                return (
                  <Table.Tr key={v.id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {label}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {v.sku}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatQuantity(onHand, product.unit)}
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`Quantity of ${label} to send`}
                        inputMode={fractions ? 'decimal' : 'numeric'}
                        value={quantities[v.id] ?? ''}
                        error={
                          errors.byVariant[v.id] ??
                          (over ? `More than the ${formatQuantity(onHand, product.unit)} on hand` : undefined)
                        }
                        onChange={(event) => {
                          const value = event.currentTarget.value;
                          setQuantities((q) => ({ ...q, [v.id]: value }));
                          setServerErrors(({ byVariant: { [v.id]: _, ...rest }, ...e }) => ({ ...e, byVariant: rest }));
                        }}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
          <Button variant="default" onClick={onClose}>
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
