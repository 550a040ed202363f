import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { voidSale, type CurrencyCode, type SaleDetail } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { describeApiError, showApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useAttempts } from '../../../lib/attempt';
import { useVoidSale } from '../api/transactions';

// The contract's body schema: the reason is checked here exactly as the API checks it.
const bodySchema = voidSale.body!;

/**
 * Void a sale (transactions.void) while its register session is still open: every line goes back in
 * stock and its payments stop counting. A reason and an explicit confirmation.
 */
export function VoidDialog({
  opened,
  onClose,
  sale,
  currency,
}: {
  opened: boolean;
  onClose: () => void;
  sale: SaleDetail;
  currency: CurrencyCode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Void ${sale.number}?`}>
      {opened ? <VoidForm onClose={onClose} sale={sale} currency={currency} /> : null}
    </Modal>
  );
}

function VoidForm({ onClose, sale, currency }: { onClose: () => void; sale: SaleDetail; currency: CurrencyCode }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const attempts = useAttempts();
  const voiding = useVoidSale(sale.id);

  const parsed = bodySchema.safeParse({ reason });
  const reasonError = submitted && !parsed.success ? parsed.error.issues[0]?.message : undefined;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (voiding.isPending) return;
    setSubmitted(true);
    setError(null);
    if (!parsed.success) return;
    try {
      const { key } = attempts.for(parsed.data);
      await voiding.mutateAsync({ reason: parsed.data.reason, idempotencyKey: key });
      attempts.succeeded();
      toast.show({ type: 'success', message: `${sale.number} is voided.` });
      onClose();
    } catch (failure) {
      attempts.failed(failure);
      if (!isApiError(failure)) return void showApiError(failure, 'Could not void the sale');
      setError(failure.fieldErrors.find((f) => f.field.endsWith('reason'))?.message ?? describeApiError(failure));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Void sale">
      <Stack gap="md">
        <Text size="sm">
          The sale of <Money amountMinor={sale.totalMinor} currency={currency} fw={600} /> is cancelled: every item goes
          back in stock and its payments no longer count in {sale.session.registerName}’s cash. This cannot be undone.
        </Text>
        <Textarea
          label="Reason"
          required
          data-autofocus
          value={reason}
          error={reasonError}
          maxLength={200}
          rows={2}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(null);
          }}
        />
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep the sale
          </Button>
          <Button type="submit" color="red" loading={voiding.isPending}>
            Void sale
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
