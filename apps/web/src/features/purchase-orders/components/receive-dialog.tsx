import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import {
  purchaseOrderStatus,
  receivePurchaseOrderBodySchema,
  unitAllowsFractions,
  type CurrencyCode,
  type PurchaseOrder,
  type ReceivePurchaseOrderBody,
} from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { MoneyInput, minorToInput, parseMoneyInput } from '../../../components/money/money-input';
import { describeApiError, showApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { formatQuantity } from '../../../lib/quantity';
import { useReceivePurchaseOrder } from '../api/purchase-orders';
import { lineAmountMinor, outstandingOf, parseQuantity } from '../order-figures';
import { lineErrorsFrom, type LineErrors } from './line-errors';
import { newAttempt, wasRefused } from '../../../lib/attempt';

export interface ReceiveDialogProps {
  opened: boolean;
  onClose: () => void;
  order: PurchaseOrder;
  currency: CurrencyCode;
}

/**
 * Receive a delivery against an OPEN order: per line what arrived (at most what is still expected;
 * prefilled with it), a unit cost when the vendor charged another price, the delivery note's
 * reference and a note. One receipt id and Idempotency-Key per attempt, kept for a retry after a
 * lost answer so the goods are never counted in twice.
 */
export function ReceiveDialog(props: ReceiveDialogProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={`Receive goods for ${props.order.number}`} size="xl">
      {props.opened ? <ReceiveForm {...props} /> : null}
    </Modal>
  );
}

function ReceiveForm({ onClose, order, currency }: ReceiveDialogProps) {
  const expected = order.lines.filter((line) => outstandingOf(line) > 0);
  const [quantities, setQuantities] = useState<Record<number, string>>(() =>
    Object.fromEntries(expected.map((line) => [line.lineNo, String(outstandingOf(line))])),
  );
  const [costs, setCosts] = useState<Record<number, string>>({});
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverLines, setServerLines] = useState<LineErrors>({});
  const [serverFields, setServerFields] = useState<Partial<Record<'reference' | 'note', string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // One attempt, one key and one receipt id: a retry after a lost answer is the same receipt.
  const [attempt, setAttempt] = useState(newAttempt);
  const receive = useReceivePurchaseOrder(order.id);

  const parsed = expected.map((line) => ({
    line,
    quantity: parseQuantity(quantities[line.lineNo] ?? '', line.unit),
    cost: parseMoneyInput(costs[line.lineNo] ?? '', currency),
  }));

  const check = () => {
    const lines: LineErrors = {};
    const chosen: ReceivePurchaseOrderBody['lines'] = [];
    for (const { line, quantity, cost } of parsed) {
      if (!quantity.ok) lines[line.lineNo] = { quantity: quantity.message };
      else if (quantity.value !== null && quantity.value > outstandingOf(line))
        lines[line.lineNo] = {
          quantity: `At most ${formatQuantity(outstandingOf(line), line.unit)} is still expected`,
        };
      if (!cost.ok) lines[line.lineNo] = { ...lines[line.lineNo], unitCostMinor: cost.message };
      if (quantity.ok && quantity.value)
        chosen.push({
          lineNo: line.lineNo,
          quantity: quantity.value,
          ...(cost.ok && cost.minor !== null ? { unitCostMinor: cost.minor } : {}),
        });
    }
    const body: ReceivePurchaseOrderBody = {
      id: attempt.id,
      lines: chosen,
      ...(reference.trim() ? { reference: reference.trim() } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    const result = receivePurchaseOrderBodySchema.safeParse(body);
    let form: string | null = null;
    if (!result.success)
      for (const issue of result.error.issues) {
        const [first, index, field] = issue.path;
        if (first === 'lines' && typeof index === 'number' && typeof field === 'string') {
          const lineNo = chosen[index]!.lineNo;
          lines[lineNo] = { [field]: issue.message, ...lines[lineNo] };
        } else form ??= issue.message;
      }
    const ok = result.success && Object.keys(lines).length === 0;
    return { lines, form, body: ok ? body : undefined };
  };

  const local = submitted ? check() : { lines: {} as LineErrors, form: null };
  const lineError = (lineNo: number, field: 'quantity' | 'unitCostMinor') =>
    serverLines[lineNo]?.[field] ?? local.lines[lineNo]?.[field];
  const shownFormError = formError ?? local.form;
  const valueMinor = parsed.reduce((sum, { line, quantity, cost }) => {
    if (!quantity.ok || !quantity.value) return sum;
    const unitCost = cost.ok && cost.minor !== null ? cost.minor : line.unitCostMinor;
    return sum + lineAmountMinor(quantity.value, unitCost);
  }, 0);

  const reset = () => {
    setServerLines({});
    setServerFields({});
    setFormError(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (receive.isPending) return;
    setSubmitted(true);
    reset();
    const { body } = check();
    if (!body) return;
    try {
      const saved = await receive.mutateAsync({ body, idempotencyKey: attempt.key });
      toast.show({
        type: 'success',
        message:
          saved.status === purchaseOrderStatus.CLOSED
            ? `Everything arrived: ${saved.number} is closed.`
            : 'Delivery received.',
      });
      onClose();
    } catch (error) {
      if (!isApiError(error)) return void showApiError(error, 'Could not receive the delivery');
      // The server answered and kept nothing: the corrected retry is a new receipt. A network
      // failure keeps the attempt, so "Receive" again resends the same receipt and key.
      if (wasRefused(error)) setAttempt(newAttempt());
      const found = lineErrorsFrom(error.fieldErrors, body.lines);
      setServerLines(found.lines);
      setServerFields({
        ...(found.fields.reference ? { reference: found.fields.reference } : {}),
        ...(found.fields.note ? { note: found.fields.note } : {}),
      });
      if (error.code === 'RECEIVE_EXCEEDS_ORDER')
        setFormError(
          'That is more than is still expected on the highlighted lines: someone may have received part of it meanwhile. Close this and open Receive again to see what is left.',
        );
      else if (error.code === 'NETWORK_ERROR')
        setFormError(
          'No answer from iPos: check the connection and press Receive again (it will not be counted twice).',
        );
      else if (Object.keys(found.lines).length === 0 && !found.form && error.code !== 'VALIDATION_FAILED')
        setFormError(describeApiError(error));
      else if (found.form) setFormError(found.form);
    }
  };

  if (expected.length === 0)
    return (
      <Stack>
        <Text>Everything ordered has arrived.</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Receive goods">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            Enter what arrived. Leave a line empty when none of it came.
          </Text>
          <Group gap="xs">
            <Button
              variant="light"
              size="xs"
              onClick={() => {
                setQuantities(Object.fromEntries(expected.map((l) => [l.lineNo, String(outstandingOf(l))])));
                reset();
              }}
            >
              Everything expected
            </Button>
            <Button
              variant="subtle"
              size="xs"
              onClick={() => {
                setQuantities({});
                reset();
              }}
            >
              Clear
            </Button>
          </Group>
        </Group>
        <Table.ScrollContainer minWidth={620}>
          <Table verticalSpacing="xs" aria-label="Lines to receive">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th ta="right">Expected</Table.Th>
                <Table.Th w={140}>Received now</Table.Th>
                <Table.Th w={170}>Unit cost</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {expected.map((line) => {
                const over = Boolean(serverLines[line.lineNo]?.quantity);
                return (
                  <Table.Tr
                    key={line.lineNo}
                    data-testid="receive-line"
                    data-over={over || undefined}
                    bg={over ? 'var(--mantine-color-red-light)' : undefined}
                  >
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {line.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {line.sku} · ordered {formatQuantity(line.quantityOrdered, line.unit)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{formatQuantity(outstandingOf(line), line.unit)}</Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`Received quantity of ${line.name}`}
                        placeholder="0"
                        inputMode={unitAllowsFractions(line.unit) ? 'decimal' : 'numeric'}
                        value={quantities[line.lineNo] ?? ''}
                        error={lineError(line.lineNo, 'quantity')}
                        onChange={(e) => {
                          const text = e.currentTarget.value;
                          setQuantities((current) => ({ ...current, [line.lineNo]: text }));
                          reset();
                        }}
                      />
                    </Table.Td>
                    <Table.Td>
                      <MoneyInput
                        aria-label={`Unit cost of ${line.name}`}
                        currency={currency}
                        placeholder={minorToInput(line.unitCostMinor, currency)}
                        description={costs[line.lineNo] ? undefined : 'As ordered'}
                        value={costs[line.lineNo] ?? ''}
                        error={lineError(line.lineNo, 'unitCostMinor')}
                        onChange={(value) => {
                          setCosts((current) => ({ ...current, [line.lineNo]: value }));
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
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Reference"
            description="The delivery note or the vendor’s invoice number"
            maxLength={80}
            value={reference}
            error={serverFields.reference}
            onChange={(e) => setReference(e.currentTarget.value)}
          />
          <Textarea
            label="Note"

            rows={1}
            maxLength={500}
            value={note}
            error={serverFields.note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
        </SimpleGrid>
        {shownFormError ? (
          <Alert color="red" variant="light" role="alert">
            {shownFormError}
          </Alert>
        ) : null}
        <Group justify="space-between" wrap="wrap">
          <Text aria-live="polite" data-testid="receive-value">
            Value of this delivery{' '}
            <Text span fw={700}>
              <Money amountMinor={valueMinor} currency={currency} />
            </Text>
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={receive.isPending}>
              Receive
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
