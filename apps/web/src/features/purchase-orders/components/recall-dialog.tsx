import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import {
  purchaseOrderStatus,
  recallPurchaseOrderBodySchema,
  unitAllowsFractions,
  type CurrencyCode,
  type PurchaseOrder,
  type RecallPurchaseOrderBody,
} from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { describeApiError, showApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { formatQuantity } from '../../../lib/quantity';
import { useRecallPurchaseOrder } from '../api/purchase-orders';
import { heldOf, lineAmountMinor, parseQuantity } from '../order-figures';
import { lineErrorsFrom, type LineErrors } from './line-errors';
import { newAttempt, wasRefused } from '../../../lib/attempt';

export interface RecallDialogProps {
  opened: boolean;
  onClose: () => void;
  order: PurchaseOrder;
  currency: CurrencyCode;
}

/**
 * Send received goods back to the vendor: per line at most received − returned, and why. Stock
 * leaves the store (`vendor_return`); the order becomes partially or fully recalled. Idempotent like
 * a receipt: one id and key per attempt, kept for a retry after a lost answer.
 */
export function RecallDialog(props: RecallDialogProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={`Return goods of ${props.order.number}`} size="xl">
      {props.opened ? <RecallForm {...props} /> : null}
    </Modal>
  );
}

function RecallForm({ onClose, order, currency }: RecallDialogProps) {
  const held = order.lines.filter((line) => heldOf(line) > 0);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverLines, setServerLines] = useState<LineErrors>({});
  const [serverReason, setServerReason] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(newAttempt);
  const recall = useRecallPurchaseOrder(order.id);

  const parsed = held.map((line) => ({ line, quantity: parseQuantity(quantities[line.lineNo] ?? '', line.unit) }));

  const check = () => {
    const lines: LineErrors = {};
    const chosen: RecallPurchaseOrderBody['lines'] = [];
    for (const { line, quantity } of parsed) {
      if (!quantity.ok) lines[line.lineNo] = { quantity: quantity.message };
      else if (quantity.value !== null && quantity.value > heldOf(line))
        lines[line.lineNo] = { quantity: `At most ${formatQuantity(heldOf(line), line.unit)} can go back` };
      if (quantity.ok && quantity.value) chosen.push({ lineNo: line.lineNo, quantity: quantity.value });
    }
    const body: RecallPurchaseOrderBody = { id: attempt.id, lines: chosen, reason };
    const result = recallPurchaseOrderBodySchema.safeParse(body);
    let reasonError: string | undefined;
    let form: string | null = null;
    if (!result.success)
      for (const issue of result.error.issues) {
        const [first, index] = issue.path;
        if (first === 'reason') reasonError ??= issue.message;
        else if (first === 'lines' && typeof index === 'number')
          lines[chosen[index]!.lineNo] ??= { quantity: issue.message };
        else form ??= issue.message;
      }
    const ok = result.success && Object.keys(lines).length === 0;
    return { lines, reasonError, form, body: ok ? body : undefined };
  };

  const local = submitted ? check() : { lines: {} as LineErrors, reasonError: undefined, form: null };
  const valueMinor = parsed.reduce(
    (sum, { line, quantity }) =>
      quantity.ok && quantity.value ? sum + lineAmountMinor(quantity.value, line.unitCostMinor) : sum,
    0,
  );
  const reset = () => {
    setServerLines({});
    setServerReason(undefined);
    setFormError(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (recall.isPending) return;
    setSubmitted(true);
    reset();
    const { body } = check();
    if (!body) return;
    try {
      const saved = await recall.mutateAsync({ body, idempotencyKey: attempt.key });
      toast.show({
        type: 'success',
        message:
          saved.status === purchaseOrderStatus.FULLY_RECALLED
            ? `Everything received went back: ${saved.number} is fully recalled.`
            : 'Goods returned to the vendor.',
      });
      onClose();
    } catch (error) {
      if (!isApiError(error)) return void showApiError(error, 'Could not return the goods');
      if (wasRefused(error)) setAttempt(newAttempt());
      const found = lineErrorsFrom(error.fieldErrors, body.lines);
      setServerLines(found.lines);
      setServerReason(found.fields.reason);
      if (error.code === 'RECALL_EXCEEDS_RECEIVED')
        setFormError(
          'That is more than is left to return on the highlighted lines: someone may have returned part of it meanwhile.',
        );
      else if (error.code === 'NETWORK_ERROR')
        setFormError(
          'No answer from iPos: check the connection and press Return again (it will not be counted twice).',
        );
      else if (found.form) setFormError(found.form);
      else if (Object.keys(found.lines).length === 0 && !found.fields.reason && error.code !== 'VALIDATION_FAILED')
        setFormError(describeApiError(error));
    }
  };

  if (held.length === 0)
    return (
      <Stack>
        <Text>Nothing received on this order is left to return.</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Return to vendor">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Enter what goes back to {order.vendor.name}. Returning goods ends receiving on this order.
        </Text>
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="xs" aria-label="Lines to return">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th ta="right">Can go back</Table.Th>
                <Table.Th w={150}>Return</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {held.map((line) => {
                const error = serverLines[line.lineNo]?.quantity ?? local.lines[line.lineNo]?.quantity;
                const over = Boolean(serverLines[line.lineNo]?.quantity);
                return (
                  <Table.Tr
                    key={line.lineNo}
                    data-testid="recall-line"
                    data-over={over || undefined}
                    bg={over ? 'var(--mantine-color-red-light)' : undefined}
                  >
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {line.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {line.sku} · received {formatQuantity(line.quantityReceived, line.unit)}
                        {line.quantityReturned > 0
                          ? `, returned ${formatQuantity(line.quantityReturned, line.unit)}`
                          : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{formatQuantity(heldOf(line), line.unit)}</Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`Return quantity of ${line.name}`}
                        placeholder="0"
                        inputMode={unitAllowsFractions(line.unit) ? 'decimal' : 'numeric'}
                        value={quantities[line.lineNo] ?? ''}
                        error={error}
                        onChange={(e) => {
                          const text = e.currentTarget.value;
                          setQuantities((current) => ({ ...current, [line.lineNo]: text }));
                          reset();
                        }}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Textarea
          label="Reason"
          required

          rows={2}
          maxLength={200}
          value={reason}
          error={serverReason ?? local.reasonError}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setServerReason(undefined);
          }}
        />
        {(formError ?? local.form) ? (
          <Alert color="red" variant="light" role="alert">
            {formError ?? local.form}
          </Alert>
        ) : null}
        <Group justify="space-between" wrap="wrap">
          <Text aria-live="polite">
            Value going back{' '}
            <Text span fw={700}>
              <Money amountMinor={valueMinor} currency={currency} />
            </Text>
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="orange" loading={recall.isPending}>
              Return to vendor
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
