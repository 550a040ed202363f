import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type z } from 'zod';
import { describeApiError, showApiError } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';

export interface ReasonDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What happens, in a sentence. */
  explanation: string;
  confirmLabel: string;
  color?: string;
  /** The contract's body schema's `reason` (its messages say what is missing). */
  reasonSchema: z.ZodType<string>;
  onConfirm: (reason: string) => Promise<unknown>;
}

/** Close short or cancel: a reason is required; the API's refusal (a 409) is said in plain words. */
export function ReasonDialog(props: ReasonDialogProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title}>
      {props.opened ? <ReasonForm {...props} /> : null}
    </Modal>
  );
}

function ReasonForm({ onClose, explanation, confirmLabel, color, reasonSchema, onConfirm }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const parsed = reasonSchema.safeParse(reason);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Say why');
    setPending(true);
    setFormError(null);
    try {
      await onConfirm(parsed.data);
      onClose();
    } catch (failure) {
      if (!isApiError(failure)) showApiError(failure);
      else {
        const reasonError = failure.fieldErrors.find((f) => f.field.replace(/^body\./, '') === 'reason');
        if (reasonError) setError(reasonError.message);
        else
          setFormError(
            failure.status === 409 && failure.code !== 'VERSION_CONFLICT' ? failure.message : describeApiError(failure),
          );
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={confirmLabel}>
      <Stack gap="md">
        <Text size="sm">{explanation}</Text>
        <Textarea
          label="Reason"
          required

          rows={2}
          maxLength={200}
          data-autofocus
          value={reason}
          error={error}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setError(undefined);
          }}
        />
        {formError ? (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Back
          </Button>
          <Button type="submit" color={color} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
