import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { CurrencyCode, SaleDetail } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { RefundLinesTable } from './refund-lines-table';
import { RefundMethodFields } from './refund-method-fields';
import { useRefundForm } from './use-refund-form';

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
  const form = useRefundForm({ sale, onClose, onRefunded });
  const { errors, preview } = form;

  if (form.refundable.length === 0) {
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
    <form onSubmit={(event) => void form.submit(event)} noValidate aria-label="Refund">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Text size="sm" c="dimmed">
            Enter what the customer brings back. Untick “Back on shelf” for goods that cannot be sold again.
          </Text>
          <Button variant="light" size="xs" onClick={form.refundAll}>
            Refund all
          </Button>
        </Group>
        <RefundLinesTable form={form} currency={currency} />

        <RefundMethodFields form={form} />
        <Textarea
          label="Reason"
          required
          value={form.reason}
          error={errors.reason}
          maxLength={200}
          rows={2}
          onChange={(event) => form.setReason(event.currentTarget.value)}
        />
        {form.formError ? (
          <Alert color="red" variant="light" role="alert">
            {form.formError}
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
            <Button type="submit" color="orange" loading={form.isPending}>
              Refund
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
