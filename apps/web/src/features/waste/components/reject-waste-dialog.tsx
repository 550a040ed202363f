import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { rejectWasteBodySchema } from '@ipos/contracts';
import { showApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useRejectWaste } from '../api/waste';

/** Reject pending waste (waste.approve): a reason is required, and no stock moves. */
export function RejectWasteDialog({
  waste,
  onClose,
}: {
  /** The record to reject; null keeps the dialog closed. */
  waste: { id: string; number: string; name: string } | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={waste !== null} onClose={onClose} title={waste ? `Reject ${waste.number}?` : ''}>
      {waste ? <RejectForm waste={waste} onClose={onClose} /> : null}
    </Modal>
  );
}

function RejectForm({ waste, onClose }: { waste: { id: string; number: string; name: string }; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rejecting = useRejectWaste();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = rejectWasteBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Say why');
      return;
    }
    try {
      await rejecting.mutateAsync({ wasteId: waste.id, reason: parsed.data.reason });
      toast.show({ type: 'success', message: `${waste.number} rejected: the stock stays as it is` });
      onClose();
    } catch (e) {
      const field = isApiError(e) ? e.fieldErrors.find((f) => f.field === 'reason') : undefined;
      if (field) setError(field.message);
      else showApiError(e, 'Could not reject the waste');
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <Text size="sm">{waste.name} stays in stock. The person who recorded it sees your reason.</Text>
        <Textarea
          label="Reason"
          placeholder="Why is this not waste?"
          required
          autoFocus
          rows={3}
          maxLength={200}
          value={reason}
          error={error}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep it waiting
          </Button>
          <Button type="submit" color="red" loading={rejecting.isPending}>
            Reject
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
