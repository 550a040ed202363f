import type { RefObject } from 'react';
import { ActionIcon, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import {
  mobileMoneyProviderLabels,
  mobileMoneyProviders,
  paymentMethodLabels,
  type CurrencyCode,
  type MobileMoneyProvider,
  type PaymentInput,
} from '@ipos/contracts';
import { MoneyInput, minorToInput } from '../../../../components/money/money-input';
import { formatMoney, getCurrency } from '../../../../lib/money';
import { quickCashAmounts } from './cash-notes';
import classes from './payment.module.css';
import type { PaymentFormState } from './use-payment-form';

interface TenderProps {
  form: PaymentFormState;
  currency: CurrencyCode;
  inputRef: RefObject<HTMLInputElement | null>;
}

/** Cash: the amount tendered, quick-cash buttons (exact first) and the change to give. */
export function CashTender({ form, currency, inputRef }: TenderProps) {
  const money = (minor: number) => formatMoney(minor, currency);
  const quick = quickCashAmounts(form.remainingMinor, currency, getCurrency(currency).minorDigits);
  return (
    <Stack gap="xs">
      <MoneyInput
        ref={inputRef}
        data-autofocus
        label="Cash tendered"
        description={`Remaining ${money(form.remainingMinor)}`}
        size="lg"
        currency={currency}
        value={form.cashText}
        onChange={form.setCashText}
        onKeyDown={form.onCashKeyDown}
        error={form.errors.amount ?? (form.cash.ok ? undefined : form.cash.message)}
      />
      <Group gap="xs" role="group" aria-label="Quick cash">
        {quick.map((minor, i) => (
          <Button
            key={minor}
            variant={i === 0 ? 'light' : 'default'}
            onClick={() => {
              form.setCashText(minorToInput(minor, currency));
              inputRef.current?.focus();
            }}
          >
            {i === 0 ? `Exact ${money(minor)}` : money(minor)}
          </Button>
        ))}
      </Group>
      <Group justify="space-between" className={classes.change} data-positive={form.changeMinor > 0 || undefined}>
        <Text fw={600}>Change</Text>
        <Text fw={700} size="xl" data-testid="change-due">
          {money(form.changeMinor)}
        </Text>
      </Group>
    </Stack>
  );
}

/** Card, bank transfer or mobile money: the amount and a reference; mobile money adds provider and phone. */
export function OtherTender({ form, currency, inputRef }: TenderProps) {
  const { method, errors } = form;
  return (
    <Stack gap="xs">
      <Group grow align="flex-start">
        <MoneyInput
          ref={inputRef}
          label="Amount"
          size="md"
          currency={currency}
          value={form.amountText}
          onChange={form.setAmountText}
          error={errors.amount ?? form.amountError}
        />
        <TextInput
          label="Reference"
          description={method === 'card' ? 'From the card terminal slip' : 'From the transfer'}
          size="md"
          value={form.reference}
          maxLength={80}
          autoComplete="off"
          onChange={(e) => form.setReference(e.currentTarget.value)}
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
              value={form.provider}
              onChange={(value) => form.setProvider(value as MobileMoneyProvider)}
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
            value={form.phone}
            onChange={(e) => form.setPhone(e.currentTarget.value)}
            error={errors.phone}
          />
        </Stack>
      )}
    </Stack>
  );
}

/** What a tender shows in the list of a split payment. */
function tenderLabel(p: PaymentInput): string {
  const name =
    p.method === 'mobile_money' && p.provider ? mobileMoneyProviderLabels[p.provider] : paymentMethodLabels[p.method];
  return p.reference ? `${name} · ${p.reference}` : name;
}

/** The tenders of a split payment added so far, each removable. */
export function TenderList({ form, currency }: { form: PaymentFormState; currency: CurrencyCode }) {
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <Stack gap={4} aria-label="Payments" role="list">
      {form.tenders.map((t, i) => (
        <Group key={i} justify="space-between" className={classes.tender} role="listitem" wrap="nowrap">
          <Text size="sm">
            {tenderLabel(t)}
            {t.tenderedMinor && t.tenderedMinor !== t.amountMinor ? ` (tendered ${money(t.tenderedMinor)})` : ''}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={600}>
              {money(t.amountMinor)}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${tenderLabel(t)} ${money(t.amountMinor)}`}
              onClick={() => form.removeTender(i)}
            >
              ×
            </ActionIcon>
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
