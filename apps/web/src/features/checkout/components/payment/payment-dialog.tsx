import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Kbd,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  mobileMoneyProviderLabels,
  mobileMoneyProviders,
  paymentInputSchema,
  paymentMethodLabels,
  paymentMethods,
  type CurrencyCode,
  type MobileMoneyProvider,
  type PaymentInput,
  type PaymentMethod,
} from '@ipos/contracts';
import { MoneyInput, minorToInput, parseMoneyInput } from '../../../../components/money/money-input';
import { formatMoney, getCurrency } from '../../../../lib/money';
import { describeApiError } from '../../../../components/toast';
import { quickCashAmounts } from './cash-notes';
import classes from './payment.module.css';

export interface PaymentDialogProps {
  opened: boolean;
  /** What the sale costs, in minor units (the till's priced total). */
  totalMinor: number;
  currency: CurrencyCode;
  onClose: () => void;
  /** The tenders, as POST /sales takes them: their amounts add up to the total exactly. */
  onConfirm: (payments: PaymentInput[]) => void;
  submitting: boolean;
  /** Why the last try failed (PRICE_CHANGED, INSUFFICIENT_STOCK…): words, or the request's error. */
  error?: ReactNode | Error | null;
}

type FieldErrors = Partial<Record<'amount' | 'reference' | 'provider' | 'phone', string>>;

const defaultProvider = (currency: CurrencyCode): MobileMoneyProvider => (currency === 'NGN' ? 'mtn_momo' : 'mpesa');

/** What a tender shows in the list of a split payment. */
function tenderLabel(p: PaymentInput): string {
  const name =
    p.method === 'mobile_money' && p.provider ? mobileMoneyProviderLabels[p.provider] : paymentMethodLabels[p.method];
  return p.reference ? `${name} · ${p.reference}` : name;
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * Taking payment: the amount due (big, always in view), one tender at a time — cash with quick-cash
 * buttons and the change, card or bank transfer with a reference, mobile money with provider, phone
 * and reference — and any split of them. Completes (Enter) only when the tenders cover the total;
 * cash may exceed what remains (the difference is change), other methods may not. A zero total (all
 * discounted, or free items) completes with no payment. Enter with nothing typed in Cash tendered
 * is exact cash: what remains, no change.
 *
 * Keyboard: F1–F4 (or 1–4 outside a field) choose the method; Tab walks the fields; Enter completes.
 */
export function PaymentDialog({ opened, onClose, submitting, ...props }: PaymentDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Take payment"
      size="lg"
      closeOnClickOutside={!submitting}
      closeOnEscape={!submitting}
    >
      {/* Mounted per opening, so every payment starts afresh: no tenders, cash, tendered focused. */}
      {opened && <PaymentForm submitting={submitting} {...props} />}
    </Modal>
  );
}

function PaymentForm({
  totalMinor,
  currency,
  onConfirm,
  submitting,
  error,
}: Omit<PaymentDialogProps, 'opened' | 'onClose'>) {
  const { minorDigits } = getCurrency(currency);
  const money = (minor: number) => formatMoney(minor, currency);
  const [tenders, setTenders] = useState<PaymentInput[]>([]);
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [cashText, setCashText] = useState('');
  const [amountText, setAmountText] = useState('');
  const [reference, setReference] = useState('');
  const [provider, setProvider] = useState<MobileMoneyProvider>(defaultProvider(currency));
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const cashRef = useRef<HTMLInputElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const paidMinor = tenders.reduce((sum, t) => sum + t.amountMinor, 0);
  const remainingMinor = Math.max(0, totalMinor - paidMinor);
  const nothingToPay = totalMinor <= 0;

  const choose = (next: PaymentMethod) => {
    setMethod(next);
    setErrors({});
    if (next !== 'cash') setAmountText(minorToInput(remainingMinor, currency));
    requestAnimationFrame(() => (next === 'cash' ? cashRef : amountRef).current?.focus());
  };

  // ---- the tender being entered
  const cash = parseMoneyInput(cashText, currency);
  const amount = parseMoneyInput(amountText, currency);
  const tenderedMinor = cash.ok ? (cash.minor ?? 0) : 0;
  const changeMinor = method === 'cash' ? Math.max(0, tenderedMinor - remainingMinor) : 0;
  const draftMinor = method === 'cash' ? Math.min(tenderedMinor, remainingMinor) : amount.ok ? (amount.minor ?? 0) : 0;
  const overpaid = method !== 'cash' && draftMinor > remainingMinor;
  const amountError =
    method === 'cash'
      ? cash.ok
        ? undefined
        : cash.message
      : !amount.ok
        ? amount.message
        : overpaid
          ? `More than what remains (${money(remainingMinor)})`
          : undefined;

  /** The tender being entered as the contract takes it, or the field errors that stop it. */
  function draft(): { payment: PaymentInput } | { errors: FieldErrors } | null {
    if (amountError) return { errors: { amount: amountError } };
    if (draftMinor <= 0) return null;
    const candidate =
      method === 'cash'
        ? { method, amountMinor: draftMinor, tenderedMinor }
        : {
            method,
            amountMinor: draftMinor,
            ...(reference.trim() ? { reference: reference.trim() } : {}),
            ...(method === 'mobile_money' ? { provider, ...(phone.trim() ? { phone: phone.trim() } : {}) } : {}),
          };
    const parsed = paymentInputSchema.safeParse(candidate);
    if (parsed.success) return { payment: parsed.data };
    const fieldErrors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'amountMinor' || issue.path[0] === 'tenderedMinor' ? 'amount' : issue.path[0];
      if (field === 'amount' || field === 'reference' || field === 'provider' || field === 'phone')
        fieldErrors[field] ??= issue.message;
    }
    return { errors: fieldErrors };
  }

  const coveredMinor = paidMinor + (amountError ? 0 : draftMinor);
  const covered = nothingToPay || (coveredMinor >= totalMinor && !amountError);

  const resetDraft = (nextRemaining: number) => {
    setCashText('');
    setReference('');
    setPhone('');
    setErrors({});
    setAmountText(method === 'cash' ? '' : minorToInput(nextRemaining, currency));
  };

  const addPayment = () => {
    const result = draft();
    if (!result) {
      setErrors({ amount: 'Enter an amount above zero' });
      return;
    }
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setTenders((list) => [...list, result.payment]);
    resetDraft(remainingMinor - result.payment.amountMinor);
    requestAnimationFrame(() => (method === 'cash' ? cashRef : amountRef).current?.focus());
  };

  const complete = (event?: FormEvent) => {
    event?.preventDefault();
    if (submitting) return;
    // A free sale (everything discounted, or free items) is recorded without a payment.
    if (nothingToPay) {
      onConfirm([]);
      return;
    }
    const result = draft();
    if (result && 'errors' in result) {
      setErrors(result.errors);
      return;
    }
    const payments = result ? [...tenders, result.payment] : tenders;
    if (payments.reduce((sum, p) => sum + p.amountMinor, 0) !== totalMinor) {
      setErrors({ amount: `${money(totalMinor - paidMinor - (result?.payment.amountMinor ?? 0))} still to pay` });
      return;
    }
    onConfirm(payments);
  };

  /** Enter on an empty Cash tendered: the customer hands over exactly what remains. */
  const onCashKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || cashText.trim() !== '' || remainingMinor <= 0) return;
    event.preventDefault();
    if (submitting) return;
    onConfirm([...tenders, { method: 'cash', amountMinor: remainingMinor, tenderedMinor: remainingMinor }]);
  };

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      // A free sale: Enter completes it even before the dialog has taken the focus (F9 then Enter at
      // a cashier's speed lands inside the opening transition, with the focus still behind the dialog).
      const outside = !(event.target instanceof Node && formRef.current?.contains(event.target));
      if (event.key === 'Enter' && nothingToPay && outside && !event.defaultPrevented) {
        event.preventDefault();
        complete();
        return;
      }
      const fKey = /^F([1-4])$/.exec(event.key);
      const digit = !isTyping(event.target) && /^[1-4]$/.test(event.key) ? event.key : null;
      const index = fKey ? Number(fKey[1]) : digit ? Number(digit) : 0;
      if (!index || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      choose(paymentMethods[index - 1]!);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  const errorContent = error instanceof Error ? describeApiError(error) : error;
  const quick = quickCashAmounts(remainingMinor, currency, minorDigits);

  return (
    <form ref={formRef} onSubmit={complete} noValidate>
      <Stack gap="md">
        <div className={classes.due} aria-live="polite">
          <Text size="sm" c="dimmed">
            Amount due
          </Text>
          <Title order={2} className={classes.dueAmount} data-testid="amount-due">
            {money(totalMinor)}
          </Title>
          {tenders.length > 0 && (
            <Text size="sm">
              Paid {money(paidMinor)} · Remaining <strong>{money(remainingMinor)}</strong>
            </Text>
          )}
        </div>

        {nothingToPay ? (
          <Alert color="gray" title="Nothing to pay">
            The total is {money(0)}. Completing the sale records it with no payment and takes its items out of stock.
          </Alert>
        ) : (
          <>
            <SegmentedControl
              fullWidth
              value={method}
              onChange={(value) => choose(value as PaymentMethod)}
              aria-label="Payment method"
              data={paymentMethods.map((m, i) => ({
                value: m,
                label: (
                  <span className={classes.method}>
                    <span>{paymentMethodLabels[m]}</span>
                    <Kbd size="xs">F{i + 1}</Kbd>
                  </span>
                ),
              }))}
            />

            {method === 'cash' ? (
              <Stack gap="xs">
                <MoneyInput
                  ref={cashRef}
                  data-autofocus
                  label="Cash tendered"
                  description={`Remaining ${money(remainingMinor)}`}
                  size="lg"
                  currency={currency}
                  value={cashText}
                  onChange={(value) => {
                    setCashText(value);
                    setErrors({});
                  }}
                  onKeyDown={onCashKeyDown}
                  error={errors.amount ?? (cash.ok ? undefined : cash.message)}
                />
                <Group gap="xs" role="group" aria-label="Quick cash">
                  {quick.map((minor, i) => (
                    <Button
                      key={minor}
                      variant={i === 0 ? 'light' : 'default'}
                      onClick={() => {
                        setCashText(minorToInput(minor, currency));
                        setErrors({});
                        cashRef.current?.focus();
                      }}
                    >
                      {i === 0 ? `Exact ${money(minor)}` : money(minor)}
                    </Button>
                  ))}
                </Group>
                <Group justify="space-between" className={classes.change} data-positive={changeMinor > 0 || undefined}>
                  <Text fw={600}>Change</Text>
                  <Text fw={700} size="xl" data-testid="change-due">
                    {money(changeMinor)}
                  </Text>
                </Group>
              </Stack>
            ) : (
              <Stack gap="xs">
                <Group grow align="flex-start">
                  <MoneyInput
                    ref={amountRef}
                    label="Amount"
                    size="md"
                    currency={currency}
                    value={amountText}
                    onChange={(value) => {
                      setAmountText(value);
                      setErrors({});
                    }}
                    error={errors.amount ?? amountError}
                  />
                  <TextInput
                    label="Reference"
                    description={method === 'card' ? 'From the card terminal slip' : 'From the transfer'}
                    size="md"
                    value={reference}
                    maxLength={80}
                    autoComplete="off"
                    onChange={(e) => setReference(e.currentTarget.value)}
                    error={errors.reference}
                  />
                </Group>
                {method === 'mobile_money' && (
                  <Stack gap="xs">
                    <div>
                      <Text size="sm" fw={500} mb={4} id="payment-provider">
                        Provider
                      </Text>
                      <SegmentedControl
                        fullWidth
                        aria-labelledby="payment-provider"
                        value={provider}
                        onChange={(value) => setProvider(value as MobileMoneyProvider)}
                        data={mobileMoneyProviders.map((p) => ({ value: p, label: mobileMoneyProviderLabels[p] }))}
                      />
                      {errors.provider && (
                        <Text size="xs" c="red" mt={4}>
                          {errors.provider}
                        </Text>
                      )}
                    </div>
                    <TextInput
                      label="Phone"
                      size="md"
                      type="tel"
                      inputMode="tel"
                      autoComplete="off"
                      value={phone}
                      onChange={(e) => setPhone(e.currentTarget.value)}
                      error={errors.phone}
                    />
                  </Stack>
                )}
              </Stack>
            )}

            {tenders.length > 0 && (
              <Stack gap={4} aria-label="Payments" role="list">
                {tenders.map((t, i) => (
                  <Group key={i} justify="space-between" className={classes.tender} role="listitem" wrap="nowrap">
                    <Text size="sm">
                      {tenderLabel(t)}
                      {t.tenderedMinor && t.tenderedMinor !== t.amountMinor
                        ? ` (tendered ${money(t.tenderedMinor)})`
                        : ''}
                    </Text>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" fw={600}>
                        {money(t.amountMinor)}
                      </Text>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${tenderLabel(t)} ${money(t.amountMinor)}`}
                        onClick={() => setTenders((list) => list.filter((_, j) => j !== i))}
                      >
                        ×
                      </ActionIcon>
                    </Group>
                  </Group>
                ))}
              </Stack>
            )}
          </>
        )}

        {errorContent && (
          <Alert color="red" title="The sale was not completed" role="alert">
            {errorContent}
          </Alert>
        )}

        <Group justify="space-between" wrap="wrap">
          <Text size="xs" c="dimmed">
            <Kbd>Enter</Kbd> completes when paid (no cash typed: exact cash) · <Kbd>Esc</Kbd> back to the cart
          </Text>
          <Group gap="sm">
            {!nothingToPay && (
              <Button
                variant="default"
                onClick={addPayment}
                disabled={submitting || draftMinor <= 0 || Boolean(amountError) || draftMinor >= remainingMinor}
              >
                Add payment
              </Button>
            )}
            <Button
              type="submit"
              size="md"
              loading={submitting}
              disabled={!covered}
              data-autofocus={nothingToPay || undefined}
            >
              Complete sale
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
