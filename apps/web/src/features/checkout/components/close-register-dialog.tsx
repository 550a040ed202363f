import { useState } from 'react';
import { Button, Group, Modal, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { CurrencyCode, RegisterSession } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { MoneyInput, parseMoneyInput } from '../../../components/money/money-input';
import { showApiError } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/money';
import { useCloseRegister } from '../api/checkout-api';
import { UnsyncedSalesWarning } from '../outbox/unsynced-warning';
import { useSessionUnsynced } from '../outbox/use-outbox';

/** Notes and coins of each currency, in minor units, largest first. */
export const denominations: Partial<Record<CurrencyCode, number[]>> = {
  NGN: [100_000, 50_000, 20_000, 10_000, 5_000, 2_000, 1_000, 500, 200, 100, 50],
  KSD: [100_000, 50_000, 20_000, 10_000, 5_000, 2_000, 1_000, 500, 100],
  TZS: [1_000_000, 500_000, 200_000, 100_000, 50_000, 20_000, 10_000, 5_000],
  USD: [10_000, 5_000, 2_000, 1_000, 500, 100, 25, 10, 5, 1],
  GBP: [5_000, 2_000, 1_000, 500, 200, 100, 50, 20, 10, 5, 2, 1],
  EUR: [50_000, 20_000, 10_000, 5_000, 2_000, 1_000, 500, 200, 100, 50, 20, 10, 5, 2, 1],
};

/**
 * Closing the register: the cash counted (one amount or notes and coins), against the expected cash,
 * with the variance live; the version read with the session guards against a close from another till.
 */
export function CloseRegisterDialog({
  opened,
  storeId,
  session,
  currency,
  onClose,
  onClosed,
}: {
  opened: boolean;
  storeId: string;
  session: RegisterSession;
  currency: CurrencyCode;
  onClose: () => void;
  onClosed: (session: RegisterSession) => void;
}) {
  const notes = denominations[currency];
  const [mode, setMode] = useState<'amount' | 'count'>('amount');
  const [amount, setAmount] = useState('');
  const [counts, setCounts] = useState<Record<string, string>>({});
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const closeRegister = useCloseRegister(storeId, session.id);
  // The cash of sales made on this device and not yet on the server is in the drawer too.
  const unsynced = useSessionUnsynced(session.id);
  const expected = session.summary.expectedCashMinor + unsynced.cashMinor;

  const counted = ((): { minor: number | null; error?: string } => {
    if (mode === 'count') {
      let sum = 0;
      for (const [value, text] of Object.entries(counts)) {
        if (text.trim() === '') continue;
        if (!/^\d+$/.test(text.trim())) return { minor: null, error: 'Count whole notes and coins' };
        sum += Number(value) * Number(text);
      }
      return { minor: sum };
    }
    const parsed = parseMoneyInput(amount, currency);
    return parsed.ok ? { minor: parsed.minor } : { minor: null, error: parsed.message };
  })();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (counted.minor === null) {
      setErrors({ countedCashMinor: counted.error ?? 'Count the cash in the drawer' });
      return;
    }
    const countedDenominations =
      mode === 'count'
        ? Object.fromEntries(
            Object.entries(counts)
              .filter(([, t]) => t.trim() !== '' && Number(t) > 0)
              .map(([v, t]) => [v, Number(t)]),
          )
        : undefined;
    closeRegister.mutate(
      {
        countedCashMinor: counted.minor,
        ...(countedDenominations ? { countedDenominations } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
        version: session.version,
      },
      {
        onSuccess: onClosed,
        onError: (error) => {
          if (isApiError(error) && error.fieldErrors.length > 0) setErrors(error.fieldErrorMap());
          else showApiError(error, 'The register did not close');
        },
      },
    );
  };

  const variance = counted.minor === null ? null : counted.minor - expected;
  return (
    <Modal opened={opened} onClose={onClose} title={`Close ${session.registerName}`} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <UnsyncedSalesWarning count={unsynced.count} />
          {notes && (
            <SegmentedControl
              value={mode}
              onChange={(v) => setMode(v as 'amount' | 'count')}
              data={[
                { value: 'amount', label: 'One amount' },
                { value: 'count', label: 'Notes and coins' },
              ]}
            />
          )}
          {mode === 'amount' || !notes ? (
            <MoneyInput
              label="Counted cash"
              value={amount}
              onChange={setAmount}
              currency={currency}
              error={errors.countedCashMinor ?? (amount ? counted.error : undefined)}
              data-autofocus
            />
          ) : (
            <>
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
                {notes.map((value) => (
                  <TextInput
                    key={value}
                    label={formatMoney(value, currency).replace(/\.00$/, '')}
                    inputMode="numeric"
                    placeholder="0"
                    value={counts[String(value)] ?? ''}
                    onChange={(e) => {
                      const text = e.currentTarget.value;
                      setCounts((c) => ({ ...c, [String(value)]: text }));
                    }}
                  />
                ))}
              </SimpleGrid>
              {(errors.countedDenominations ?? errors.countedCashMinor ?? counted.error) && (
                <Text c="red" size="sm" role="alert">
                  {errors.countedDenominations ?? errors.countedCashMinor ?? counted.error}
                </Text>
              )}
            </>
          )}
          <SimpleGrid cols={3} data-testid="close-figures">
            <Figure label="Expected" amountMinor={expected} currency={currency} />
            <Figure label="Counted" amountMinor={counted.minor} currency={currency} />
            <Figure label="Variance" amountMinor={variance} currency={currency} signed />
          </SimpleGrid>
          <Textarea
            label="Note"
            placeholder="Why the cash is over or short, if you know"
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={500}
            error={errors.note}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={closeRegister.isPending}>
              Close register
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function Figure({
  label,
  amountMinor,
  currency,
  signed,
}: {
  label: string;
  amountMinor: number | null;
  currency: CurrencyCode;
  signed?: boolean;
}) {
  const color = signed && amountMinor ? (amountMinor < 0 ? 'red' : 'teal') : undefined;
  return (
    <Stack gap={0} aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg" c={color}>
        {amountMinor === null ? (
          '—'
        ) : (
          <>
            {signed && amountMinor > 0 ? '+' : ''}
            <Money amountMinor={amountMinor} currency={currency} />
          </>
        )}
      </Text>
    </Stack>
  );
}
