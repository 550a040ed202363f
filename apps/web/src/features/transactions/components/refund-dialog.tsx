import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  createRefundBodySchema,
  mobileMoneyProviderLabels,
  mobileMoneyProviders,
  paymentMethodLabels,
  paymentMethods,
  type CreateRefundBody,
  type CurrencyCode,
  type MobileMoneyProvider,
  type PaymentMethod,
  type SaleDetail,
} from '@ipos/contracts';
import { LoadError } from '../../../components/feedback/load-states';
import { Money } from '../../../components/money/money';
import { describeApiError, showApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { formatQuantity } from '../../../lib/quantity';
import { useCreateRefund, useOpenRegisters } from '../api/transactions';
import { isFractional, parseRefundQuantity, refundPreview, remainingOf } from '../refund-figures';
import { newAttempt, wasRefused } from '../../../lib/attempt';

type Field = 'method' | 'sessionId' | 'reference' | 'provider' | 'phone' | 'reason';
type Errors = Partial<Record<Field, string>>;
const fields: readonly Field[] = ['method', 'sessionId', 'reference', 'provider', 'phone', 'reason'];

export interface RefundDialogProps {
  opened: boolean;
  onClose: () => void;
  sale: SaleDetail;
  currency: CurrencyCode;
  /** Called with the refund's number after it is saved (the page refreshes on its own). */
  onRefunded?: (number: string) => void;
}

/**
 * Refund chosen lines and quantities of a sale: never more than sold minus already refunded, each
 * line back on the shelf or not, paid back by one method (cash out of an open register). The amount
 * shown is the server's own formula (`refundShareMinor`), so what is previewed is what is paid.
 */
export function RefundDialog(props: RefundDialogProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={`Refund ${props.sale.number}`} size="xl">
      {props.opened ? <RefundForm {...props} /> : null}
    </Modal>
  );
}

function RefundForm({ onClose, sale, currency, onRefunded }: RefundDialogProps) {
  const refundable = sale.lines.filter((line) => remainingOf(line) > 0);
  const firstPayment = sale.payments[0];
  const mobilePayment = sale.payments.find((p) => p.method === 'mobile_money');

  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [restock, setRestock] = useState<Record<number, boolean>>({});
  const [method, setMethod] = useState<PaymentMethod>(firstPayment?.method ?? 'cash');
  const [sessionId, setSessionId] = useState('');
  const [reference, setReference] = useState('');
  const [provider, setProvider] = useState<MobileMoneyProvider | ''>(mobilePayment?.provider ?? '');
  const [phone, setPhone] = useState(mobilePayment?.phone ?? '');
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [serverLineErrors, setServerLineErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // One attempt, one key: a retry after a lost answer sends the same key and refund id, so the
  // server answers the first refund instead of paying twice.
  const [attempt, setAttempt] = useState(newAttempt);
  const refund = useCreateRefund(sale.id);

  const isCash = method === 'cash';
  const registers = useOpenRegisters(isCash);
  const openRegisters = registers.data?.items ?? [];
  // One open register: it is the one. Several: the person picks.
  const chosenSession = sessionId || (openRegisters.length === 1 ? openRegisters[0]!.id : '');

  const parsed = new Map(
    refundable.map((line) => [line.lineNo, parseRefundQuantity(quantities[line.lineNo] ?? '', line)]),
  );
  const chosen = refundable.flatMap((line) => {
    const q = parsed.get(line.lineNo);
    return q?.ok && q.value > 0 ? [{ line, quantity: q.value }] : [];
  });
  const preview = chosen.reduce(
    (sum, { line, quantity }) => {
      const share = refundPreview(line, quantity);
      return { totalMinor: sum.totalMinor + share.totalMinor, taxMinor: sum.taxMinor + share.taxMinor };
    },
    { totalMinor: 0, taxMinor: 0 },
  );

  const buildBody = (): CreateRefundBody => ({
    id: attempt.id,
    lines: chosen.map(({ line, quantity }) => ({
      lineNo: line.lineNo,
      quantity,
      restock: restock[line.lineNo] ?? true,
    })),
    method,
    ...(isCash && chosenSession ? { sessionId: chosenSession } : {}),
    ...(!isCash && reference.trim() ? { reference: reference.trim() } : {}),
    ...(method === 'mobile_money' && provider ? { provider } : {}),
    ...(method === 'mobile_money' && phone.trim() ? { phone: phone.trim() } : {}),
    reason,
  });

  /** Where the contract's and the API's paths land: a line of the table, a field, or the form. */
  const place = (
    path: string,
    message: string,
    body: CreateRefundBody,
    found: { errors: Errors; lines: Record<number, string>; form: string | null },
  ) => {
    const p = path.replace(/^body\./, '');
    const line = /^lines\.(\d+)/.exec(p);
    if (line) {
      const lineNo = body.lines[Number(line[1])]?.lineNo;
      if (lineNo !== undefined && !found.lines[lineNo]) found.lines[lineNo] = message;
      else found.form ??= message;
    } else if (fields.includes(p as Field)) {
      found.errors[p as Field] ??= message;
    } else found.form ??= message;
  };

  const check = () => {
    const found = { errors: {} as Errors, lines: {} as Record<number, string>, form: null as string | null };
    for (const line of refundable) {
      const q = parsed.get(line.lineNo);
      if (q && !q.ok) found.lines[line.lineNo] = q.message;
    }
    const body = buildBody();
    const result = createRefundBodySchema.safeParse(body);
    if (!result.success)
      for (const issue of result.error.issues) place(issue.path.join('.'), issue.message, body, found);
    const ok = result.success && Object.keys(found.lines).length === 0;
    return { ...found, body: ok ? body : undefined };
  };

  const local = submitted ? check() : { errors: {}, lines: {}, form: null };
  const errors: Errors = { ...serverErrors, ...local.errors };
  const lineErrors: Record<number, string> = { ...serverLineErrors, ...local.lines };
  const shownFormError = formError ?? local.form;

  const clearField = (field: Field) => setServerErrors(({ [field]: _, ...rest }) => rest);
  const setQuantity = (lineNo: number, text: string) => {
    setQuantities((current) => ({ ...current, [lineNo]: text }));
    setServerLineErrors(({ [lineNo]: _, ...rest }) => rest);
    setFormError(null);
  };
  const refundAll = () => {
    setQuantities(Object.fromEntries(refundable.map((line) => [line.lineNo, String(remainingOf(line))])));
    setServerLineErrors({});
    setFormError(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (refund.isPending) return;
    setSubmitted(true);
    setServerErrors({});
    setServerLineErrors({});
    setFormError(null);
    const { body } = check();
    if (!body) return;
    try {
      const saved = await refund.mutateAsync({ body, idempotencyKey: attempt.key });
      toast.show({ type: 'success', message: `Refunded ${saved.number}.` });
      onRefunded?.(saved.number);
      onClose();
    } catch (error) {
      if (!isApiError(error)) return void showApiError(error, 'Could not refund');
      // The server answered and kept nothing: the corrected retry is a new attempt.
      if (wasRefused(error)) setAttempt(newAttempt());
      const found = { errors: {} as Errors, lines: {} as Record<number, string>, form: null as string | null };
      for (const { field, message } of error.fieldErrors) place(field, message, body, found);
      if (error.code === 'REFUND_EXCEEDS_SALE' && Object.keys(found.lines).length === 0)
        found.form ??= 'Someone refunded part of this sale meanwhile; the quantities left are updated.';
      if (Object.keys(found.errors).length > 0 || Object.keys(found.lines).length > 0 || found.form) {
        setServerErrors(found.errors);
        setServerLineErrors(found.lines);
        setFormError(found.form ?? (error.code === 'VALIDATION_FAILED' ? null : describeApiError(error)));
      } else showApiError(error, 'Could not refund');
    }
  };

  if (refundable.length === 0) {
    return (
      <Stack gap="md">
        <Text>Everything on this sale has already been refunded.</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Refund">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Text size="sm" c="dimmed">
            Enter what the customer brings back. Untick “Back on shelf” for goods that cannot be sold again.
          </Text>
          <Button variant="light" size="xs" onClick={refundAll}>
            Refund all
          </Button>
        </Group>
        <Table.ScrollContainer minWidth={620}>
          <Table verticalSpacing="xs" aria-label="Lines to refund">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Left</Table.Th>
                <Table.Th w={150}>Refund</Table.Th>
                <Table.Th>Back on shelf</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {refundable.map((line) => {
                const q = parsed.get(line.lineNo);
                const amount = q?.ok && q.value > 0 ? refundPreview(line, q.value).totalMinor : 0;
                const left = remainingOf(line);
                return (
                  <Table.Tr key={line.lineNo} data-testid="refund-line">
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {line.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {line.sku} · sold {formatQuantity(line.quantity)}
                        {line.refundedQuantity > 0 ? `, refunded ${formatQuantity(line.refundedQuantity)}` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{formatQuantity(left)}</Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`Refund quantity of ${line.name}`}
                        placeholder="0"
                        inputMode={isFractional(line.unit) ? 'decimal' : 'numeric'}
                        value={quantities[line.lineNo] ?? ''}
                        error={lineErrors[line.lineNo]}
                        onChange={(event) => setQuantity(line.lineNo, event.currentTarget.value)}
                        rightSection={
                          <Text size="xs" c="dimmed">
                            {line.unit === 'each' ? '' : line.unit}
                          </Text>
                        }
                      />
                    </Table.Td>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Put ${line.name} back on the shelf`}
                        checked={restock[line.lineNo] ?? true}
                        onChange={(event) => {
                          const checked = event.currentTarget.checked;
                          setRestock((current) => ({ ...current, [line.lineNo]: checked }));
                        }}
                      />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money amountMinor={amount} currency={currency} c={amount ? undefined : 'dimmed'} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>

        <Group grow align="flex-start" wrap="wrap">
          <NativeSelect
            label="Refund by"
            value={method}
            error={errors.method}
            onChange={(event) => {
              setMethod(event.currentTarget.value as PaymentMethod);
              for (const f of ['method', 'sessionId', 'reference', 'provider', 'phone'] as const) clearField(f);
            }}
            data={paymentMethods.map((m) => ({ value: m, label: paymentMethodLabels[m] }))}
          />
          {isCash ? (
            openRegisters.length > 1 ? (
              <NativeSelect
                label="Paid out of"
                value={chosenSession}
                error={errors.sessionId}
                onChange={(event) => {
                  setSessionId(event.currentTarget.value);
                  clearField('sessionId');
                }}
                data={[
                  { value: '', label: 'Choose the register', disabled: true },
                  ...openRegisters.map((r) => ({ value: r.id, label: `${r.registerName} (${r.openedBy.name})` })),
                ]}
              />
            ) : openRegisters.length === 1 ? (
              <TextInput label="Paid out of" value={openRegisters[0]!.registerName} readOnly />
            ) : null
          ) : (
            <TextInput
              label="Reference"
              description={method === 'card' ? 'The terminal’s reference' : 'Optional'}
              value={reference}
              error={errors.reference}
              maxLength={80}
              onChange={(event) => {
                setReference(event.currentTarget.value);
                clearField('reference');
              }}
            />
          )}
        </Group>
        {isCash && registers.isError ? (
          <LoadError
            title="We could not load the open registers"
            error={registers.error}
            onRetry={() => void registers.refetch()}
            isRetrying={registers.isFetching}
          />
        ) : null}
        {isCash && registers.isSuccess && openRegisters.length === 0 ? (
          <Alert color="orange" variant="light" data-testid="no-open-register">
            Cash is paid out of an open register, and no register is open in this store. Open one at the register, or
            refund by another method.
            {errors.sessionId ? (
              <Text size="sm" c="red" mt={4}>
                {errors.sessionId}
              </Text>
            ) : null}
          </Alert>
        ) : null}
        {method === 'mobile_money' ? (
          <Group grow align="flex-start" wrap="wrap">
            <NativeSelect
              label="Provider"
              value={provider}
              error={errors.provider}
              onChange={(event) => {
                setProvider(event.currentTarget.value as MobileMoneyProvider);
                clearField('provider');
              }}
              data={[
                { value: '', label: 'Choose the provider', disabled: true },
                ...mobileMoneyProviders.map((p) => ({ value: p, label: mobileMoneyProviderLabels[p] })),
              ]}
            />
            <TextInput
              label="Phone"
              value={phone}
              error={errors.phone}
              inputMode="tel"
              onChange={(event) => {
                setPhone(event.currentTarget.value);
                clearField('phone');
              }}
            />
          </Group>
        ) : null}
        <Textarea
          label="Reason"
          required
          value={reason}
          error={errors.reason}
          maxLength={200}
          rows={2}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            clearField('reason');
          }}
        />
        {shownFormError ? (
          <Alert color="red" variant="light" role="alert">
            {shownFormError}
          </Alert>
        ) : null}
        <Group justify="space-between" align="center" wrap="wrap">
          <Text aria-live="polite" data-testid="refund-preview">
            Refund{' '}
            <Text span fw={700} fz="lg">
              <Money amountMinor={preview.totalMinor} currency={currency} />
            </Text>
            {preview.taxMinor > 0 ? (
              <Text span size="sm" c="dimmed">
                {' '}
                (tax <Money amountMinor={preview.taxMinor} currency={currency} />)
              </Text>
            ) : null}
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="orange" loading={refund.isPending}>
              Refund
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
