import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { SaleException } from '@ipos/contracts';
import { showApiError, toast } from '../../../components/toast';
import { useResolveSaleException } from './sale-exceptions-api';
import { kindLabel } from './sale-exceptions-table';

/** Mark a sale exception looked into (inventory.adjust), with an optional note of what was found or done. */
export function ResolveSaleExceptionDialog({
  exception,
  onClose,
}: {
  /** The exception to resolve; null keeps the dialog closed. */
  exception: SaleException | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={exception !== null} onClose={onClose} title="Resolve this sale made offline">
      {exception ? <ResolveForm exception={exception} onClose={onClose} /> : null}
    </Modal>
  );
}

function ResolveForm({ exception, onClose }: { exception: SaleException; onClose: () => void }) {
  const [note, setNote] = useState('');
  const resolving = useResolveSaleException();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await resolving.mutateAsync({ exceptionId: exception.id, note: note.trim() || undefined });
      toast.show({ type: 'success', message: `${exception.sale.number}: ${exception.name} resolved` });
      onClose();
    } catch (e) {
      showApiError(e, 'Could not resolve it');
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {kindLabel(exception.kind)}: {exception.name} in sale {exception.sale.number}. The sale stands as it was paid;
          resolving only marks it looked into. Count or adjust the stock in Inventory if it needs it.
        </Text>
        <Textarea
          label="Note (optional)"
          placeholder="What you found or did, e.g. counted the shelf"
          autoFocus
          rows={3}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Not now
          </Button>
          <Button type="submit" loading={resolving.isPending}>
            Mark resolved
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
