import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { CurrencyCode, RegisterSession } from '@ipos/contracts';
import { MoneyInput, parseMoneyInput } from '../../../components/money/money-input';
import { showApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/money';
import { useCashMovement } from '../api/checkout-api';

/** Cash in or cash out of the drawer, with the reason. */
export function CashMovementDialog({
  kind,
  storeId,
  session,
  currency,
  onClose,
}: {
  kind: 'cash_in' | 'cash_out' | null;
  storeId: string;
  session: RegisterSession;
  currency: CurrencyCode;
  onClose: () => void;
}) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const record = useCashMovement(storeId, session.id);
  const close = () => {
    setAmount('');
    setReason('');
    setErrors({});
    onClose();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!kind) return;
    const parsed = parseMoneyInput(amount, currency);
    const next: Record<string, string> = {};
    if (!parsed.ok) next.amountMinor = parsed.message;
    else if (!parsed.minor) next.amountMinor = 'Enter an amount above zero';
    if (!reason.trim()) next.reason = 'Say why';
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.ok || !parsed.minor) return;
    record.mutate(
      { kind, amountMinor: parsed.minor, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.show({
            type: 'success',
            message: `${kind === 'cash_in' ? 'Cash in' : 'Cash out'} of ${formatMoney(parsed.minor!, currency)} recorded.`,
          });
          close();
        },
        onError: (error) => {
          if (isApiError(error) && error.fieldErrors.length > 0) setErrors(error.fieldErrorMap());
          else showApiError(error, 'Not recorded');
        },
      },
    );
  };
  return (
    <Modal opened={kind !== null} onClose={close} title={kind === 'cash_out' ? 'Cash out' : 'Cash in'}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <MoneyInput
            label="Amount"
            value={amount}
            onChange={setAmount}
            currency={currency}
            error={errors.amountMinor}
            data-autofocus
          />
          <TextInput
            label="Reason"
            placeholder={kind === 'cash_out' ? 'Paid the delivery man' : 'Change from the bank'}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={errors.reason}
            maxLength={200}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={record.isPending}>
              Record
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
